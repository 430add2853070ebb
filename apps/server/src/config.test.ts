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
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/srv/newsreel',
      databaseUrl: 'postgres://newsreel@db:5432/newsreel',
      trustProxy: ['10.0.0.1', '10.0.0.2'],
      logLevel: 'warn',
      nodeEnv: 'production',
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
  ])('stops on a bad %s (%s) with a message naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
