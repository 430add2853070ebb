import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/helpers';
import { buildApp } from '../app';
import { DEMO_MEDIA_DIR } from '../db/demo-seed';

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}
const INFO = 30;
const DEBUG = 20;

/** An app on LOG_LEVEL `level` whose log lines are kept in `lines`. */
async function appLogging(level: string, webDist: string) {
  const lines: LogLine[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  const database = await createTestDatabase();
  const app = await buildApp(testConfig({ LOG_LEVEL: level, WEB_DIST_DIR: webDist }), { database: database.handle, logStream });
  return { app, database, lines };
}

const linesFor = (lines: LogLine[], url: string) => lines.filter((line) => line.req?.url === url);

describe('request logs', () => {
  let webDist: string;
  let demoMedia: string;
  const opened: { app: FastifyInstance; database: TestDatabase }[] = [];
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(os.tmpdir(), 'newsreel-logs-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    await writeFile(path.join(webDist, 'assets', 'app-abc.js'), 'console.log(1)');
    const slug = (await readdir(DEMO_MEDIA_DIR))[0];
    demoMedia = `/media/demo/${slug}/poster.jpg`;
  });
  afterAll(async () => {
    for (const { app, database } of opened) {
      await app.close();
      await database.dispose();
    }
    await rm(webDist, { recursive: true, force: true });
  });

  it('logs each API request and page once, at info, with method, URL, status and time; files at debug only', async () => {
    const logged = await appLogging('info', webDist);
    opened.push(logged);
    for (const url of ['/status', '/v1/regions', '/', '/account/signin', '/assets/app-abc.js', demoMedia]) {
      expect((await logged.app.inject(url)).statusCode, url).toBe(200);
    }
    await logged.app.inject('/v1/nothing-here');

    for (const [url, status] of [['/status', 200], ['/v1/regions', 200], ['/', 200], ['/account/signin', 200], ['/v1/nothing-here', 404]] as const) {
      const lines = linesFor(logged.lines, url);
      expect(lines, url).toHaveLength(1);
      expect(lines[0], url).toMatchObject({ level: INFO, msg: 'request completed', req: { method: 'GET', url }, res: { statusCode: status } });
      expect(lines[0]?.responseTime, url).toBeGreaterThan(0);
    }
    expect(linesFor(logged.lines, '/assets/app-abc.js')).toEqual([]);
    expect(linesFor(logged.lines, demoMedia)).toEqual([]);
    expect(logged.lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
  });

  it('never writes a visitor id or a statistics key from a query string to the log', async () => {
    const logged = await appLogging('debug', webDist);
    opened.push(logged);
    const visitorId = '6f1c2b9e-34d4-4e0a-9a55-1f2d3c4b5a69';
    await logged.app.inject(`/v1/articles/saved?limit=5&visitorId=${visitorId}`);
    await logged.app.inject('/v1/statistics/playlist/article_live_time?externalId=x&TOKEN=s3cret-key&startDate=2026-01-01');
    const written = JSON.stringify(logged.lines);
    expect(written).not.toContain(visitorId);
    expect(written).not.toContain('s3cret-key');
    expect(linesFor(logged.lines, '/v1/articles/saved?limit=5&visitorId=[redacted]').map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(linesFor(logged.lines, '/v1/statistics/playlist/article_live_time?externalId=x&TOKEN=[redacted]&startDate=2026-01-01')).toHaveLength(2);
  });

  it('logs files and the arrival of each request at debug', async () => {
    const logged = await appLogging('debug', webDist);
    opened.push(logged);
    await logged.app.inject('/assets/app-abc.js');
    await logged.app.inject(demoMedia);
    for (const url of ['/assets/app-abc.js', demoMedia]) {
      expect(linesFor(logged.lines, url).map((line) => [line.level, line.msg]), url).toEqual([
        [DEBUG, 'incoming request'],
        [DEBUG, 'request completed'],
      ]);
    }
  });
});
