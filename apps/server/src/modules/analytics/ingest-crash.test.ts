import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { closedPort } from '../../../test/network';
import { TEST_NATS_URL, eventually, makeRecord, storedCounts, uniqueStreamName } from '../../../test/streams';

/**
 * The crash test on the NATS stream (e2e/analytics-crash.e2e.ts runs it on the default
 * stream, with the web app's own sender and the roll-ups): the real server, in a process of its
 * own, is SIGKILLed while batches stream in, and started again. The client keeps a batch until it
 * gets a 200 and sends it again otherwise (the web app's rule). In the end every event is in the
 * store exactly once, whether its first 200 came before the kill, or its batch was cut off
 * half-published and retried, or its copy into the store was cut off unacknowledged.
 */
const MAIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../main.ts');
const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const BATCHES = 60;
const EVENTS_PER_BATCH = 50;
const SENDERS = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

describe('a server killed while batches stream in on the NATS stream', () => {
  const env: Record<string, string> = {};
  let port: number;
  let child: ChildProcess | undefined;
  let dataDir: string | undefined;
  let databaseName: string | undefined;
  const streamName = uniqueStreamName();

  async function start(): Promise<void> {
    const { DATABASE_URL: _unused, ...inherited } = process.env;
    child = spawn(process.execPath, ['--import', 'tsx', MAIN], { env: { ...inherited, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    await eventually(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${port}/status`)).status === 200;
        } catch {
          return false;
        }
      },
      60_000,
      'the server answering /status',
    );
  }

  async function stop(signal: NodeJS.Signals): Promise<void> {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(signal);
    await exited;
  }

  beforeAll(async () => {
    port = await closedPort();
    Object.assign(env, { PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'test', LOG_LEVEL: 'error', DEMO_CONTENT: 'off', RATE_LIMITS: 'off' });
    if (serverUrl) {
      databaseName = `newsreel_test_${randomBytes(6).toString('hex')}`;
      await adminQuery(`create database ${databaseName}`);
      const url = new URL(serverUrl);
      url.pathname = `/${databaseName}`;
      env.DATABASE_URL = url.toString();
    } else {
      dataDir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-crash-'));
      env.DATA_DIR = dataDir;
    }
    Object.assign(env, { STREAM: 'nats', NATS_URL: TEST_NATS_URL, STREAM_NAME: streamName });
    await start();
  });

  afterAll(async () => {
    await stop('SIGKILL');
    if (databaseName) await adminQuery(`drop database if exists ${databaseName} with (force)`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    const nc = await connect({ servers: TEST_NATS_URL });
    await (await jetstreamManager(nc)).streams.delete(streamName).catch(() => false);
    await nc.close();
  });

  it('stores every event exactly once, acknowledged before the kill or retried after it', { timeout: 180_000 }, async () => {
    const batches = Array.from({ length: BATCHES }, () => Array.from({ length: EVENTS_PER_BATCH }, () => makeRecord()));
    let acknowledged = 0;
    let failedAttempts = 0;

    // The client's rule: a batch is kept until a 200, and sent again after anything else.
    async function send(batch: (typeof batches)[number]): Promise<void> {
      const body = JSON.stringify({ events: batch });
      for (;;) {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/v1/proxy/kinesis`, {
            method: 'POST',
            body,
            headers: { 'content-type': 'application/json' },
            signal: AbortSignal.timeout(5_000),
          });
          await res.arrayBuffer();
          if (res.status === 200) {
            acknowledged++;
            return;
          }
        } catch {
          // Cut off, refused: the server is down.
        }
        failedAttempts++;
        await sleep(100);
      }
    }

    let next = 0;
    const senders = Array.from({ length: SENDERS }, async () => {
      while (next < batches.length) await send(batches[next++]!);
    });

    // Killed in the middle of the stream, without a chance to finish anything, and started again.
    await eventually(async () => acknowledged >= BATCHES / 3, 60_000, 'a third of the batches acknowledged');
    await stop('SIGKILL');
    const acknowledgedBeforeKill = acknowledged;
    await sleep(300);
    await start();
    await Promise.all(senders);

    expect(acknowledgedBeforeKill).toBeGreaterThan(0);
    expect(acknowledgedBeforeKill).toBeLessThan(BATCHES);
    // The kill cut some batches off: they were sent again.
    expect(failedAttempts).toBeGreaterThan(0);
    expect(acknowledged).toBe(BATCHES);

    const ids = batches.flat().map((record) => record.data.eventId);
    // Every message copied into the store and acknowledged there.
    const nc = await connect({ servers: TEST_NATS_URL });
    try {
      const jsm = await jetstreamManager(nc);
      await eventually(
        async () => {
          const info = await jsm.consumers.info(streamName, 'newsreel-event-store');
          return info.num_pending === 0 && info.num_ack_pending === 0;
        },
        60_000,
        'the stream copied into the store',
      );
    } finally {
      await nc.close();
    }
    // PGlite's files belong to the server process: read them once it has stopped.
    if (!serverUrl) await stop('SIGTERM');
    const store = await openDatabase(serverUrl ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: path.join(dataDir!, 'db') });
    try {
      const counts = await storedCounts(store.db, ids);
      expect(counts.size).toBe(ids.length);
      expect([...counts.values()].every((count) => count === 1)).toBe(true);
    } finally {
      await store.close();
    }
  });
});
