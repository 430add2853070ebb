// @vitest-environment jsdom

import { apiPaths, DEVICE_LEASE_RENEW_SECONDS, DEVICE_SECRET_HEADER } from '@newsreel/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../lib/api-client';
import { jsonResponse, mockFetch, type FetchHandler } from '../../../test/mock-fetch';
import { tvCredentials } from './tv-credentials';
import { createTvSession, IN_USE_RETRY_MS, SUBSCRIPTION_RETRY_MS, type TvState } from './tv-session';
import { pairedTv, TV_ID } from '../test/tv-fixtures';

const ID = TV_ID;
const NEXT_ID = 'f0a80101-0000-4000-8000-000000000002';
const EXPIRES = '2030-01-01T00:10:00.000Z';

const device = pairedTv;

const problem = (status: number, code?: string) => jsonResponse({ statusCode: status, error: 'Error', message: 'refused', ...(code ? { code } : {}) }, status);

/** A session whose timers run only when the test says so, on a server answering `leases` in turn. */
function setUp(leases: FetchHandler[]) {
  const invites = [
    { id: ID, pairingCode: 'ABCD2345', expiresAt: EXPIRES, secret: 'secret-1', pollIntervalSeconds: 5 },
    { id: NEXT_ID, pairingCode: 'WXYZ6789', expiresAt: EXPIRES, secret: 'secret-2', pollIntervalSeconds: 5 },
  ];
  const fetchMock = mockFetch({
    [`POST ${apiPaths.devices}`]: () => jsonResponse(invites.shift(), 201),
    [`POST ${apiPaths.deviceLease(ID)}`]: (request) => (leases.shift() ?? (() => problem(500)))(request),
    [`DELETE ${apiPaths.deviceLease(ID)}`]: () => new Response(null, { status: 204 }),
    [`DELETE ${apiPaths.device(ID)}`]: () => new Response(null, { status: 204 }),
  });
  const timers: { task: () => void; ms: number }[] = [];
  const states: TvState[] = [];
  const beacons: { url: string; init: RequestInit }[] = [];
  const session = createTvSession(
    {
      api: createApiClient('http://api.test'),
      credentials: tvCredentials,
      describe: () => ({ name: 'Chrome on Linux', type: 'desktop' }),
      schedule: (task, ms) => {
        const timer = { task, ms };
        timers.push(timer);
        return () => timers.splice(timers.indexOf(timer) >>> 0, timers.includes(timer) ? 1 : 0);
      },
      sendBeacon: (url, init) => beacons.push({ url, init }),
    },
    (state) => states.push(state),
  );
  /** Runs the one timer that is waiting, and waits for what it sends. */
  const tick = async () => {
    expect(timers).toHaveLength(1);
    const [timer] = timers.splice(0, 1);
    timer?.task();
    await vi.waitFor(() => expect(timers.length + (states.at(-1)?.kind === 'stopped' ? 1 : 0)).toBeGreaterThan(0));
    return timer?.ms;
  };
  const calls = (method: string, path: string) => fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(path) && (init?.method ?? 'GET') === method);
  return { session, timers, states, beacons, tick, calls, last: () => states.at(-1) };
}

beforeEach(() => tvCredentials.remove());
afterEach(() => vi.unstubAllGlobals());

describe('the TV session', () => {
  it('registers, shows its code while pending, then plays once paired and renews the lease every 30 s', async () => {
    const pending = () => jsonResponse({ status: 'pending', pairingCode: 'ABCD2345', expiresAt: EXPIRES, pollIntervalSeconds: 5 }, 202);
    const { session, tick, last, calls, timers } = setUp([pending, () => ({ status: 'paired', device }), () => ({ status: 'paired', device })]);
    session.start();
    await vi.waitFor(() => expect(last()).toEqual({ kind: 'pending', deviceId: ID, pairingCode: 'ABCD2345', expiresAt: EXPIRES }));
    expect(tvCredentials.get()).toEqual({ id: ID, secret: 'secret-1' });
    expect(timers[0]?.ms).toBe(5000);

    await tick();
    expect(last()?.kind).toBe('pending');
    await tick();
    expect(last()).toEqual({ kind: 'paired', deviceId: ID, secret: 'secret-1', device });
    expect(timers[0]?.ms).toBe(DEVICE_LEASE_RENEW_SECONDS * 1000);
    await tick();
    expect(last()?.kind).toBe('paired');

    const leases = calls('POST', apiPaths.deviceLease(ID));
    expect(leases).toHaveLength(3);
    expect(new Headers(leases[0]?.[1]?.headers).get(DEVICE_SECRET_HEADER)).toBe('secret-1');
    expect(new Headers(leases[0]?.[1]?.headers).get('authorization')).toBeNull();
    session.dispose();
  });

  it('keeps its stored registration across a reload', async () => {
    tvCredentials.set({ id: ID, secret: 'secret-1' });
    const { session, last, calls } = setUp([() => ({ status: 'paired', device })]);
    session.start();
    await vi.waitFor(() => expect(last()?.kind).toBe('paired'));
    expect(calls('POST', apiPaths.devices)).toHaveLength(0);
    session.dispose();
  });

  it('says another screen holds the stream (409) and asks again by itself every 30 s, or at once on OK', async () => {
    tvCredentials.set({ id: ID, secret: 'secret-1' });
    const inUse = () => problem(409, 'STREAM_IN_USE');
    const { session, last, timers, calls } = setUp([inUse, inUse, () => ({ status: 'paired', device })]);
    session.start();
    await vi.waitFor(() => expect(last()).toEqual({ kind: 'inUse', deviceId: ID }));
    expect(timers.map((timer) => timer.ms)).toEqual([IN_USE_RETRY_MS]);
    session.retryNow();
    await vi.waitFor(() => expect(calls('POST', apiPaths.deviceLease(ID))).toHaveLength(2));
    await vi.waitFor(() => expect(timers.map((timer) => timer.ms)).toEqual([IN_USE_RETRY_MS]));
    timers.splice(0, 1)[0]?.task();
    await vi.waitFor(() => expect(last()?.kind).toBe('paired'));
    session.dispose();
  });

  it('says a subscription is needed (402) and keeps asking, slowly', async () => {
    tvCredentials.set({ id: ID, secret: 'secret-1' });
    const { session, last, timers } = setUp([() => problem(402, 'SUBSCRIPTION_REQUIRED')]);
    session.start();
    await vi.waitFor(() => expect(last()).toEqual({ kind: 'subscriptionRequired', deviceId: ID }));
    expect(timers.map((timer) => timer.ms)).toEqual([SUBSCRIPTION_RETRY_MS]);
    session.dispose();
  });

  it.each([404, 401, 403, 410])('forgets its credentials and registers again with a new code on %i', async (status) => {
    tvCredentials.set({ id: ID, secret: 'secret-1' });
    const { session, last, calls } = setUp([() => problem(status)]);
    session.start();
    await vi.waitFor(() => expect(last()?.kind).toBe('pending'));
    expect(last()).toMatchObject({ kind: 'pending', pairingCode: 'ABCD2345' });
    expect(calls('POST', apiPaths.devices)).toHaveLength(1);
    expect(tvCredentials.get()).toEqual({ id: ID, secret: 'secret-1' });
    session.dispose();
  });

  it('releases the stream at once when the viewer stops playing, and waits until asked again', async () => {
    tvCredentials.set({ id: ID, secret: 'secret-1' });
    const { session, last, timers, beacons } = setUp([() => ({ status: 'paired', device })]);
    session.start();
    await vi.waitFor(() => expect(last()?.kind).toBe('paired'));
    session.stopPlaying();
    expect(last()).toEqual({ kind: 'stopped', deviceId: ID });
    expect(timers).toHaveLength(0);
    expect(beacons).toEqual([
      { url: `http://api.test${apiPaths.deviceLease(ID)}`, init: { method: 'DELETE', headers: { [DEVICE_SECRET_HEADER]: 'secret-1' }, keepalive: true } },
    ]);
    session.dispose();
  });

  it('unpairs itself with its secret, then shows a new code', async () => {
    tvCredentials.set({ id: ID, secret: 'secret-1' });
    const { session, last, calls } = setUp([() => ({ status: 'paired', device })]);
    session.start();
    await vi.waitFor(() => expect(last()?.kind).toBe('paired'));
    await session.unpair();
    const [unpair] = calls('DELETE', apiPaths.device(ID));
    expect(new Headers(unpair?.[1]?.headers).get(DEVICE_SECRET_HEADER)).toBe('secret-1');
    expect(last()).toMatchObject({ kind: 'pending', pairingCode: 'ABCD2345' });
    expect(calls('POST', apiPaths.devices)).toHaveLength(1);
    session.dispose();
  });
});
