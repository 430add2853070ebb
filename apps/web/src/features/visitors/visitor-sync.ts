import {
  apiPaths,
  SCREEN_SIZE_MAX,
  visitorMetaValueOf,
  type VisitorCreateBody,
  type VisitorMeta,
  type VisitorMetaField,
  type Visitor as VisitorRecord,
  type VisitorUpdateBody,
} from '@newsreel/contracts';
import { appActions } from '../../app/state/app-state';
import type { AppStore } from '../../app/state/app-store';
import type { User, Visitor } from '../../app/state/types';
import { createApiClient, isApiError, type ApiClient } from '../../lib/api-client';
import { reportError } from '../../lib/error-reporting';
import { browserStorage } from '../../lib/storage';
import { visitorSyncNeeded } from './use-visitor-sync';

/**
 * The visitor lifecycle's calls to the server (SPEC §4), loaded only when the visitor needs one
 * (use-visitor-sync.ts): POST /v1/visitors for a visitor made in this browser (with its own id),
 * PUT /v1/visitors/{id} to refresh one (with the user's id and email, and meta not sent yet); a
 * visitor the server no longer knows (404) is created again under its id. The server's answer
 * (region, device, location, address, update time, user) is kept. Failures go to the error
 * reporter and are tried again at the next start; the reader never sees them.
 */

let running: Promise<void> | undefined;
/** What has been tried this session, so an answer that leaves the need in place (a clock days off) is not asked for again. */
const attempted = new Set<string>();

const screenSize = () => {
  const size = (value: number) => Math.min(SCREEN_SIZE_MAX, Math.max(0, Math.round(value) || 0));
  return { screenWidth: size(window.screen.width), screenHeight: size(window.screen.height) };
};

/** The reader's answers in the API's forms; one that cannot be read as its field's value stays here, reported. */
function metaToSend(meta: Visitor['meta'], user: User | null): VisitorMeta {
  const sent: Record<string, unknown> = {};
  const unreadable: string[] = [];
  for (const [field, label] of Object.entries(meta ?? {})) {
    if (!label) continue;
    const value = visitorMetaValueOf(field as VisitorMetaField, label);
    if (value === undefined) unreadable.push(field);
    else sent[field] = value;
  }
  if (unreadable.length > 0) reportError(new Error(`Visitor meta not sent: ${unreadable.join(', ')} cannot be read as the API's values`), { source: 'visitor', fields: unreadable });
  // The signed-in user's address is the visitor's (SPEC §4: refreshed with the user's id and email).
  if (user) sent.email = user.email;
  return sent as VisitorMeta;
}

/**
 * Keeps the server's answer on the visitor as it is now (the reader may have answered a poll
 * meanwhile). `sentMeta`: the local meta an update sent, so what was told since stays unsent.
 */
function keep(store: AppStore, record: VisitorRecord, sent?: { meta: Visitor['meta']; email?: string }): void {
  const current = store.getState().visitor;
  if (!current || current.id !== record.id) return;
  const metaUnsent = current.metaUnsent && (!sent || JSON.stringify(sent.meta ?? {}) !== JSON.stringify(current.meta ?? {}));
  const meta = sent?.email ? { ...current.meta, email: sent.email } : current.meta;
  const kept: Visitor = {
    id: record.id,
    ...(record.userId ? { userId: record.userId } : {}),
    regionId: record.regionId,
    ipAddress: record.ipAddress,
    updatedAt: record.updatedAt,
    screenWidth: record.screenWidth,
    screenHeight: record.screenHeight,
    device: record.device,
    location: record.location,
    ...(meta ? { meta } : {}),
    ...(metaUnsent ? { metaUnsent } : {}),
  };
  browserStorage.visitor.set(kept);
  store.dispatch(appActions.setVisitor(kept));
}

async function create(store: AppStore, api: ApiClient): Promise<void> {
  const { visitor, user } = store.getState();
  if (!visitor) return;
  const body: VisitorCreateBody = { id: visitor.id, ...(user ? { userId: user.id } : {}), ...screenSize() };
  keep(store, await api.post<VisitorRecord>(apiPaths.visitors, body));
}

/** false when the server does not know the visitor (404). */
async function refresh(store: AppStore, api: ApiClient): Promise<boolean> {
  const { visitor, user } = store.getState();
  if (!visitor) return true;
  const meta = metaToSend(visitor.meta, user);
  const body: VisitorUpdateBody = { ...screenSize(), ...(user ? { userId: user.id } : {}), ...(Object.keys(meta).length > 0 ? { meta } : {}) };
  try {
    keep(store, await api.put<VisitorRecord>(apiPaths.visitor(visitor.id), body), { meta: visitor.meta, ...(user ? { email: user.email } : {}) });
    return true;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return false;
    throw error;
  }
}

const stillNeeded = (store: AppStore) => {
  const { visitor, user } = store.getState();
  return visitor ? visitorSyncNeeded(visitor, user, Date.now()) : null;
};

async function sync(store: AppStore, api: ApiClient): Promise<void> {
  const { visitor, user, authStatus } = store.getState();
  const need = visitor && authStatus !== 'restoring' ? visitorSyncNeeded(visitor, user, Date.now()) : null;
  if (!visitor || !need) return;
  const attempt = JSON.stringify([need, visitor.id, visitor.meta, user?.id, user?.email]);
  if (attempted.has(attempt)) return;
  attempted.add(attempt);
  try {
    if (need === 'create') {
      await create(store, api);
      // A signed-in reader's email, or meta told meanwhile, go with an update.
      if (stillNeeded(store) !== 'refresh') return;
    }
    if (await refresh(store, api)) return;
    // The server no longer knows this visitor: made again, under the id this browser has.
    await create(store, api);
    if (stillNeeded(store) === 'refresh') await refresh(store, api);
  } catch (error) {
    reportError(error, { source: 'visitor', action: need });
  }
}

/**
 * Does what the visitor needs now (create or refresh), once at a time; never throws. `api` is
 * the API base's client unless a test gives its own.
 */
export function syncVisitor(store: AppStore, api: ApiClient = createApiClient(store.getState().api)): Promise<void> {
  running ??= sync(store, api).finally(() => {
    running = undefined;
  });
  return running;
}

/** Forgets what was tried this session (tests). */
export function resetVisitorSync(): void {
  attempted.clear();
}
