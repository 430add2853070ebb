import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedPort } from '../../../test/network';
import { TEST_NATS_URL, makeEvents, quietLog, startTestNats, uniqueStreamName, type TestNats } from '../../../test/streams';
import { StreamUnavailableError } from './event-stream';
import { openNatsStream } from './nats-stream';

describe('the NATS JetStream stream', () => {
  let nats: TestNats;
  const name = uniqueStreamName();
  beforeAll(async () => {
    nats = await startTestNats();
  });
  afterAll(async () => {
    await nats?.deleteStream(name);
    await nats?.close();
  });

  it('makes the stream with a subject per partition key and a duplicate window of two minutes, and publishes each event under its id', async () => {
    const stream = await openNatsStream({ url: nats.url, name, log: quietLog });
    try {
      const events = [...makeEvents(2, 'article_events'), ...makeEvents(1, 'ad_events')];
      expect(await stream.put(events)).toBe(3);

      const nc = await connect({ servers: TEST_NATS_URL });
      try {
        const jsm = await jetstreamManager(nc);
        const info = await jsm.streams.info(name);
        expect(info.config.subjects.sort()).toEqual([`${name}.ad_events`, `${name}.app_events`, `${name}.article_events`]);
        expect(info.config.duplicate_window).toBeGreaterThanOrEqual(120 * 1e9);
        const stored = await jsm.streams.getMessage(name, { seq: info.state.first_seq });
        expect(stored?.subject).toBe(`${name}.article_events`);
        expect(stored?.header.get('Nats-Msg-Id')).toBe(events[0]!.eventId);
        expect(stored?.json()).toEqual(events[0]!.data);
      } finally {
        await nc.close();
      }
    } finally {
      await stream.close();
    }
  });

  it('starts with NATS unreachable, refuses puts at once, and reports itself down', async () => {
    const started = Date.now();
    const stream = await openNatsStream({ url: `nats://127.0.0.1:${await closedPort()}`, name: uniqueStreamName(), log: quietLog });
    try {
      const refused = await stream.put(makeEvents(3)).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StreamUnavailableError);
      expect((refused as Error).message).toMatch(/NATS/);
      expect(await stream.health()).toMatchObject({ status: 'down' });
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await stream.close();
    }
  });
});
