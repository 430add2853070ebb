import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has defaults that run the embedded product on port 3000 with data in ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      trustProxy: false,
      bodyLimitBytes: 1_048_576,
      smtpUrl: undefined,
      mailFrom: 'Newsreel <no-reply@newsreel.localhost>',
      contactEmail: 'contact@newsreel.localhost',
      redisUrl: undefined,
      corsOrigins: [],
      publicUrl: 'http://localhost:3000',
      jwtSecret: undefined,
      rateLimits: true,
      databasePool: { size: 5, waitMs: 1_000, maxWaiting: 100, statementTimeoutMs: 5_000, parallelWorkersPerGather: 0 },
    });
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('lets a request wait less for a PostgreSQL connection than for PGlite’s single one', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://newsreel@db:5432/newsreel' }).databasePool).toEqual({
      size: 5,
      waitMs: 500,
      maxWaiting: 100,
      statementTimeoutMs: 5_000,
      parallelWorkersPerGather: 0,
    });
  });

  it('reads every setting it is given', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/srv/newsreel',
      DATABASE_URL: 'postgres://newsreel@db:5432/newsreel',
      TRUST_PROXY: '10.0.0.1, 10.0.0.2',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      SMTP_URL: 'smtps://mailer:s3cret@smtp.example.com:465',
      MAIL_FROM: 'Example News <news@example.com>',
      CONTACT_EMAIL: 'desk@example.com',
      REDIS_URL: 'rediss://cache.internal:6380/2',
      CORS_ORIGINS: 'https://app.example.com, http://localhost:5173',
      PUBLIC_URL: 'https://news.example.com/',
      JWT_SECRET: 'x'.repeat(32),
      RATE_LIMITS: 'off',
      DATABASE_POOL_SIZE: '20',
      DATABASE_POOL_WAIT_MS: '250',
      DATABASE_POOL_MAX_WAITING: '0',
      DATABASE_STATEMENT_TIMEOUT_MS: '30000',
      DATABASE_PARALLEL_WORKERS_PER_GATHER: '2',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/newsreel',
      databaseUrl: 'postgres://newsreel@db:5432/newsreel',
      trustProxy: ['10.0.0.1', '10.0.0.2'],
      logLevel: 'warn',
      nodeEnv: 'production',
      smtpUrl: 'smtps://mailer:s3cret@smtp.example.com:465',
      mailFrom: 'Example News <news@example.com>',
      contactEmail: 'desk@example.com',
      redisUrl: 'rediss://cache.internal:6380/2',
      corsOrigins: ['https://app.example.com', 'http://localhost:5173'],
      publicUrl: 'https://news.example.com',
      jwtSecret: 'x'.repeat(32),
      rateLimits: false,
      databasePool: { size: 20, waitMs: 250, maxWaiting: 0, statementTimeoutMs: 30_000, parallelWorkersPerGather: 2 },
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it.each([
    ['PORT', 'eighty', /Invalid setting PORT: must be a whole number from 0 to 65535/],
    ['PORT', '70000', /PORT/],
    ['DATABASE_URL', 'mysql://x@y/z', /Invalid setting DATABASE_URL: must start with postgres:\/\//],
    ['DATABASE_URL', 'not a url', /DATABASE_URL/],
    ['LOG_LEVEL', 'loud', /Invalid setting LOG_LEVEL: must be one of fatal, error/],
    ['TRUST_PROXY', 'everyone!', /TRUST_PROXY/],
    ['BODY_LIMIT_BYTES', '-1', /BODY_LIMIT_BYTES/],
    ['SMTP_URL', 'mail.example.com', /Invalid setting SMTP_URL: must be a URL such as smtps:\/\//],
    ['SMTP_URL', 'http://mail.example.com', /Invalid setting SMTP_URL: must start with smtp:\/\/ or smtps:\/\//],
    ['MAIL_FROM', 'Newsreel', /Invalid setting MAIL_FROM: must be an address or "Name <address>"/],
    ['MAIL_FROM', 'Newsreel <no-reply@example.com>\r\nBcc: victim@example.com', /MAIL_FROM/],
    ['CONTACT_EMAIL', 'Desk <desk@example.com>', /Invalid setting CONTACT_EMAIL: must be one email address/],
    ['CONTACT_EMAIL', 'a@example.com, b@example.com', /CONTACT_EMAIL/],
    ['REDIS_URL', 'localhost:6379', /Invalid setting REDIS_URL: must start with redis:\/\/ or rediss:\/\//],
    ['REDIS_URL', 'memcached://cache:11211', /REDIS_URL/],
    ['CORS_ORIGINS', '*', /Invalid setting CORS_ORIGINS: must be a comma-separated list of origins/],
    ['CORS_ORIGINS', 'app.example.com', /CORS_ORIGINS/],
    ['CORS_ORIGINS', 'https://app.example.com/login', /CORS_ORIGINS.*https:\/\/app.example.com\/login/],
    ['CORS_ORIGINS', 'https://app.example.com?x=1', /CORS_ORIGINS/],
    ['CORS_ORIGINS', 'ftp://files.example.com', /CORS_ORIGINS/],
    ['PUBLIC_URL', 'news.example.com', /Invalid setting PUBLIC_URL: must be a URL/],
    ['PUBLIC_URL', 'ftp://news.example.com', /PUBLIC_URL/],
    ['PUBLIC_URL', 'https://news.example.com/?ref=mail', /PUBLIC_URL/],
    ['JWT_SECRET', 'too-short', /Invalid setting JWT_SECRET: must be at least 32 characters \(got 9\)/],
    ['RATE_LIMITS', 'false', /Invalid setting RATE_LIMITS: must be one of on, off/],
    ['ACCESS_TOKEN_TTL_SECONDS', '5', /Invalid setting ACCESS_TOKEN_TTL_SECONDS: must be a whole number from 10 to 86400/],
    ['DATABASE_POOL_SIZE', '0', /Invalid setting DATABASE_POOL_SIZE: must be a whole number from 1 to 1000 \(got "0"\)/],
    ['DATABASE_POOL_SIZE', 'ten', /DATABASE_POOL_SIZE/],
    ['DATABASE_POOL_WAIT_MS', '0', /Invalid setting DATABASE_POOL_WAIT_MS: must be a whole number from 1 to 60000/],
    ['DATABASE_POOL_WAIT_MS', '1.5', /DATABASE_POOL_WAIT_MS/],
    ['DATABASE_POOL_MAX_WAITING', '-1', /Invalid setting DATABASE_POOL_MAX_WAITING: must be a whole number from 0 to 100000/],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '-1', /Invalid setting DATABASE_STATEMENT_TIMEOUT_MS: must be a whole number from 100 to 3600000/],
    ['DATABASE_STATEMENT_TIMEOUT_MS', '5s', /DATABASE_STATEMENT_TIMEOUT_MS/],
    ['DATABASE_PARALLEL_WORKERS_PER_GATHER', 'none', /Invalid setting DATABASE_PARALLEL_WORKERS_PER_GATHER: must be a whole number from 0 to 1024/],
  ])('stops on a bad %s (%s) with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('normalises CORS origins the way browsers send them and keeps a path under PUBLIC_URL', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://App.Example.com:443/, ,http://[::1]:8080' }).corsOrigins).toEqual([
      'https://app.example.com',
      'http://[::1]:8080',
    ]);
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/newsreel//' }).publicUrl).toBe('https://example.com/newsreel');
  });

  it('requires JWT_SECRET in production, where every server must share it', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /Invalid setting JWT_SECRET: is required when NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'development' }).jwtSecret).toBeUndefined();
  });

  it('chooses the analytics stream and names it by environment (SPEC §3)', () => {
    expect(loadConfig({}).stream).toEqual({
      driver: 'postgres',
      name: 'dev_app_metrics',
      natsUrl: 'nats://127.0.0.1:4222',
      kinesisEndpoint: undefined,
      kinesisRegion: undefined,
      kinesisCredentials: undefined,
    });
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }).stream.name).toBe('prod_app_metrics');
    expect(
      loadConfig({
        STREAM: 'kinesis',
        STREAM_NAME: 'metrics-eu',
        KINESIS_REGION: 'eu-west-1',
        AWS_REGION: 'us-east-1',
        KINESIS_ENDPOINT: 'http://127.0.0.1:4567',
        AWS_ACCESS_KEY_ID: 'id',
        AWS_SECRET_ACCESS_KEY: 'secret',
      }).stream,
    ).toMatchObject({ driver: 'kinesis', name: 'metrics-eu', kinesisRegion: 'eu-west-1', kinesisEndpoint: 'http://127.0.0.1:4567', kinesisCredentials: { accessKeyId: 'id', secretAccessKey: 'secret' } });
    expect(loadConfig({ STREAM: 'nats', NATS_URL: 'nats://a:4222,nats://b:4222' }).stream.natsUrl).toBe('nats://a:4222,nats://b:4222');
  });

  it.each([
    ['STREAM', { STREAM: 'kafka' }, /Invalid setting STREAM: must be one of postgres, nats, kinesis/],
    ['STREAM_NAME', { STREAM_NAME: 'app.metrics' }, /Invalid setting STREAM_NAME: must be 1 to 128 letters, digits, _ or -/],
    ['NATS_URL', { NATS_URL: 'http://127.0.0.1:4222' }, /Invalid setting NATS_URL: must start with nats:\/\/ or tls:\/\//],
    ['KINESIS_ENDPOINT', { KINESIS_ENDPOINT: 'kinesis.local' }, /Invalid setting KINESIS_ENDPOINT: must be a URL/],
    ['KINESIS_REGION', { STREAM: 'kinesis' }, /Invalid setting KINESIS_REGION: Region is missing/],
    ['AWS_SECRET_ACCESS_KEY', { AWS_ACCESS_KEY_ID: 'id' }, /Invalid setting AWS_SECRET_ACCESS_KEY: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are set together/],
  ])('stops on a bad stream setting (%s) with a message naming it', (_name, env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('does not repeat a password from a URL it cannot read', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://user:hunter2@exa mple.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://user:hunter2@exa mple.com' })).not.toThrow(/hunter2/);
  });
});
