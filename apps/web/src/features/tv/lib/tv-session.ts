import {
  apiPaths,
  DEVICE_LEASE_RENEW_SECONDS,
  DEVICE_SECRET_HEADER,
  type Device,
  type DeviceInvite,
  type DeviceLease,
  type DeviceLeasePending,
  type DeviceRegistration,
} from '@newsreel/contracts';
import { errorResponseOf, isApiError, type ApiClient } from '../../../lib/api-client';
import type { StorageSlot } from '../../../lib/storage';
import type { TvCredentials } from './tv-credentials';

/** How often a screen refused for another screen's stream (409) asks again by itself. */
export const IN_USE_RETRY_MS = 30_000;
/** How often a screen whose owner needs a subscription (402) asks again: slowly, they are on their phone. */
export const SUBSCRIPTION_RETRY_MS = 60_000;
/** After a failure to reach the server (offline, 5xx), the next try. */
export const OFFLINE_RETRY_MS = 10_000;

/**
 * Where the screen is (SPEC §7: it reads the outcome of POST /v1/devices/{id}/lease from the
 * status): registering; showing its code (202); playing its owner's feed (200); refused because
 * another of the owner's screens holds the account's one stream (409) or because the owner needs
 * a subscription (402); stopped by the viewer; or unable to reach the server at all.
 */
export type TvState =
  | { kind: 'starting' }
  | { kind: 'pending'; deviceId: string; pairingCode: string; expiresAt: string }
  | { kind: 'paired'; deviceId: string; secret: string; device: Device }
  | { kind: 'inUse'; deviceId: string }
  | { kind: 'subscriptionRequired'; deviceId: string }
  | { kind: 'stopped'; deviceId: string }
  | { kind: 'offline' };

export interface TvSessionDeps {
  api: ApiClient;
  credentials: StorageSlot<TvCredentials>;
  /** How the screen describes itself when it registers. */
  describe: () => DeviceRegistration;
  /** Runs `task` after `ms` (setTimeout; tests step it by hand); answers how to cancel it. */
  schedule: (task: () => void, ms: number) => () => void;
  /** Sends a request that must outlive the page (fetch with keepalive). */
  sendBeacon: (url: string, init: RequestInit) => void;
}

export interface TvSession {
  readonly state: TvState;
  /** Registers, or asks about the stored registration. */
  start(): void;
  /** Asks for the lease now (the viewer's OK on a refusal, or the feed answered 403). */
  retryNow(): void;
  /** The viewer stops playback here: the account's stream is released at once. */
  stopPlaying(): void;
  /** Releases the stream as the app is left (pagehide); the next start asks again. */
  release(): void;
  /** The screen unpairs itself, then shows a new code. */
  unpair(): Promise<void>;
  dispose(): void;
}

/**
 * The television app's pairing and lease, with no React in it: it registers (POST /v1/devices),
 * polls the lease while showing the code, renews it every DEVICE_LEASE_RENEW_SECONDS while it
 * plays, and registers again when its code expires (410) or it is unknown, unpaired or refused
 * (404, 401, 403), forgetting the stored credentials.
 */
export function createTvSession(deps: TvSessionDeps, onChange: (state: TvState) => void): TvSession {
  const { api, credentials } = deps;
  let state: TvState = { kind: 'starting' };
  let cancelTimer: (() => void) | undefined;
  // Each step takes a new number; an answer to an older step arrives too late and is dropped.
  let step = 0;
  let disposed = false;

  const secretHeaders = (secret: string) => ({ [DEVICE_SECRET_HEADER]: secret });

  function set(next: TvState) {
    state = next;
    if (!disposed) onChange(next);
  }

  function later(task: () => void, ms: number) {
    cancelTimer?.();
    cancelTimer = deps.schedule(task, ms);
  }

  function begin(): number {
    cancelTimer?.();
    cancelTimer = undefined;
    step += 1;
    return step;
  }
  const current = (mine: number) => !disposed && mine === step;

  async function register() {
    const mine = begin();
    credentials.remove();
    try {
      const invite = await api.post<DeviceInvite>(apiPaths.devices, deps.describe(), { auth: false });
      if (!current(mine)) return;
      credentials.set({ id: invite.id, secret: invite.secret });
      set({ kind: 'pending', deviceId: invite.id, pairingCode: invite.pairingCode, expiresAt: invite.expiresAt });
      later(() => void lease(), invite.pollIntervalSeconds * 1000);
    } catch {
      if (!current(mine)) return;
      set({ kind: 'offline' });
      later(() => void register(), OFFLINE_RETRY_MS);
    }
  }

  async function lease() {
    const stored = credentials.get();
    if (!stored) return register();
    const mine = begin();
    try {
      const answer = await api.post<DeviceLeasePending | DeviceLease>(apiPaths.deviceLease(stored.id), undefined, {
        headers: secretHeaders(stored.secret),
        auth: false,
      });
      if (!current(mine)) return;
      if (answer.status === 'pending') {
        set({ kind: 'pending', deviceId: stored.id, pairingCode: answer.pairingCode, expiresAt: answer.expiresAt });
        later(() => void lease(), answer.pollIntervalSeconds * 1000);
      } else {
        set({ kind: 'paired', deviceId: stored.id, secret: stored.secret, device: answer.device });
        later(() => void lease(), DEVICE_LEASE_RENEW_SECONDS * 1000);
      }
    } catch (error) {
      if (!current(mine)) return;
      const status = isApiError(error) ? error.status : 0;
      const code = isApiError(error) ? errorResponseOf(error.response.data)?.code : undefined;
      if (status === 409 || code === 'STREAM_IN_USE') {
        set({ kind: 'inUse', deviceId: stored.id });
        later(() => void lease(), IN_USE_RETRY_MS);
      } else if (status === 402 || code === 'SUBSCRIPTION_REQUIRED') {
        set({ kind: 'subscriptionRequired', deviceId: stored.id });
        later(() => void lease(), SUBSCRIPTION_RETRY_MS);
      } else if (status === 410 || status === 404 || status === 401 || status === 403) {
        // Expired, unpaired or unknown, or a secret the server does not take: a new code.
        await register();
      } else {
        // Offline or a failing server: what shows stays, and the screen asks again.
        if (state.kind === 'starting') set({ kind: 'offline' });
        later(() => void lease(), OFFLINE_RETRY_MS);
      }
    }
  }

  function releaseLease(stored: TvCredentials) {
    deps.sendBeacon(`${api.baseUrl}${apiPaths.deviceLease(stored.id)}`, { method: 'DELETE', headers: secretHeaders(stored.secret), keepalive: true });
  }

  return {
    get state() {
      return state;
    },
    start: () => void lease(),
    retryNow: () => void lease(),
    stopPlaying() {
      const stored = credentials.get();
      begin();
      if (!stored) return void register();
      releaseLease(stored);
      set({ kind: 'stopped', deviceId: stored.id });
    },
    release() {
      const stored = credentials.get();
      if (!stored || state.kind !== 'paired') return;
      begin();
      releaseLease(stored);
    },
    async unpair() {
      const stored = credentials.get();
      const mine = begin();
      if (stored) {
        try {
          await api.delete(apiPaths.device(stored.id), { headers: secretHeaders(stored.secret), auth: false });
        } catch {
          // Already unpaired (404), or unreachable: the owner's list still offers to unpair it there.
        }
      }
      if (current(mine)) await register();
    },
    dispose() {
      disposed = true;
      cancelTimer?.();
    },
  };
}
