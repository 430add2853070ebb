import { apiPaths, EVENT_FLUSH_DELAY_MS, type StreamPartitionKey, type Territory } from '@newsreel/contracts';
import type { AppState } from '../app/state/types';
import type * as EventBuilders from './analytics-events';
import type { AnalyticsSender, AnalyticsSenderOptions } from './analytics-sender';
import { env } from './env';
import { reportError } from './error-reporting';
import { browserStorage } from './storage';

/**
 * The one `track` module (SPEC §3, §4, DESIGN §5): every analytics event is built here, once —
 * a client-made eventId, the action, the time, the visitor fields and whatever the caller adds
 * (lib/analytics-events.ts builds the article, ad and poll fields) — given its partition key, and
 * queued. The first screen loads this file, so the sending (lib/analytics-sender.ts: once a second,
 * retries, the bounded queue kept in storage) loads when the first batch is due, a second after
 * the first event, well after the first render.
 */

/** SPEC §3's article fields of an event. */
export interface ArticleEventFields {
  articleId: string;
  articleTitle: string;
  articleTerritory: Territory;
  articleBreaking: boolean;
  articleLocationName?: string;
  articleLocationLon?: number;
  articleLocationLat?: number;
  publisherName: string;
  publisherId: string;
}

/** SPEC §3's ad fields of an event. */
export interface AdEventFields {
  adId: string;
  adTitle: string;
  adMediaFile: string;
}

/** SPEC §3's poll fields of an event. */
export interface PollEventFields {
  pollId: string;
  pollName: string;
  pollQuestionId: string;
  pollQuestionLabel: string;
  pollAnswerId: string;
  pollAnswerLabel: string;
}

/** SPEC §3's visitor fields, which every event carries. */
export interface VisitorEventFields {
  visitorId?: string;
  /** Only while someone is signed in. */
  userId?: string;
  regionId?: number;
  screenWidth?: number;
  screenHeight?: number;
}

/** What every event holds, whatever else its action adds. */
export interface AnalyticsEventData extends VisitorEventFields {
  /** Made here; the server stores an event once however often it is sent. */
  eventId: string;
  action: string;
  /** ISO 8601. */
  timestamp: string;
  epochSeconds: number;
  [field: string]: unknown;
}

/** One record of `POST /v1/proxy/kinesis {events: [...]}`. */
export interface AnalyticsRecord {
  partitionKey: StreamPartitionKey;
  data: AnalyticsEventData;
}

type VisitorSource = () => Pick<AppState, 'visitor' | 'user'>;

// Events tracked before the app state exists (the 'New Visitor' made while it is built) read the
// stored visitor.
let visitorSource: VisitorSource = () => ({ visitor: browserStorage.visitor.get() ?? null, user: null });

/** Events read the visitor and the signed-in user from the app's store from now on (main.tsx). */
export function connectAnalytics(store: { getState: VisitorSource }): void {
  visitorSource = () => store.getState();
}

/** Ad fields go to ad_events, article fields to article_events, anything else to app_events. */
export function partitionKeyOf(data: Record<string, unknown>): StreamPartitionKey {
  if ('adId' in data) return 'ad_events';
  if ('articleId' in data) return 'article_events';
  return 'app_events';
}

/** Builds, queues and returns the event `action` with the caller's `fields` (SPEC §3). */
export function trackEvent(action: string, fields: Record<string, unknown> = {}, now: Date = new Date()): AnalyticsRecord {
  const { visitor, user } = visitorSource();
  const data: AnalyticsEventData = {
    ...(visitor && { visitorId: visitor.id, regionId: visitor.regionId, screenWidth: visitor.screenWidth, screenHeight: visitor.screenHeight }),
    ...(user && { userId: user.id }),
    ...fields,
    eventId: crypto.randomUUID(),
    action,
    timestamp: now.toISOString(),
    epochSeconds: Math.floor(now.getTime() / 1000),
  };
  const record: AnalyticsRecord = { partitionKey: partitionKeyOf(data), data };
  queue(record);
  return record;
}

export interface TrackedLocation {
  pathname: string;
  search?: string;
}

/** SPEC §2: a page view after every completed route change. */
export function trackPageView(location: TrackedLocation, now?: Date): AnalyticsRecord {
  return trackEvent('Page View', { path: `${location.pathname}${location.search ?? ''}` }, now);
}

// ---- Queueing until the sender is loaded -------------------------------------------------------

/** Unit tests send only when they ask to (`sendAnalytics`), so no test's fetch sees stray batches. */
export const analyticsSettings = { autoSend: import.meta.env.MODE !== 'test' };

let sender: AnalyticsSender | undefined;
let pending: AnalyticsRecord[] = [];
let senderStarted: () => void;
const sending = new Promise<void>((resolve) => (senderStarted = resolve));
let dueTimer: ReturnType<typeof setTimeout> | undefined;
let firstSendDue = false;

/**
 * The first batch goes a flush delay after the page has loaded (its load event), not after the
 * first event: the sender's code is then never part of what the reader waits for, and the page's
 * own requests are over before analytics makes its first.
 */
function scheduleFirstSend(): void {
  firstSendDue = true;
  const start = () => (dueTimer = setTimeout(() => void sendAnalytics(), EVENT_FLUSH_DELAY_MS));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
let listening = false;

const ingestUrl = () => `${env.apiBaseUrl}${apiPaths.analyticsIngest}`;
/** While hidden (the page is left, or its tab is in the background), each event goes at once by beacon: timers may never run again. */
const pageHidden = () => document.visibilityState === 'hidden';

function queue(record: AnalyticsRecord): void {
  listenForPageHide();
  if (sender) return sender.enqueue(record);
  pending.push(record);
  if (pageHidden()) sendPendingByBeacon();
  else if (analyticsSettings.autoSend && !firstSendDue) scheduleFirstSend();
}

/**
 * Loads the sender (once) and hands it what is queued; it sends at once and then once a second
 * while there is something to send. Called when the first batch is due; tests call it themselves.
 */
export async function sendAnalytics(options: Partial<AnalyticsSenderOptions> = {}): Promise<AnalyticsSender | undefined> {
  try {
    const senderModule = await import('./analytics-sender');
    sender ??= senderModule.createAnalyticsSender({ url: ingestUrl(), reportError, isPageHidden: pageHidden, ...options });
    sender.enqueue(...pending.splice(0));
    void sender.flush();
  } catch (error) {
    // The chunk did not load (offline, or a newer release replaced it): the events stay queued here
    // and the next event tries again.
    reportError(error, { source: 'analytics' });
  }
  dueTimer = undefined;
  // Without a sender (its chunk did not load), the next event schedules another try.
  if (!sender) firstSendDue = false;
  senderStarted();
  return sender;
}

/**
 * Resolves once the first batch has gone, a second after the first event: code that only builds
 * events (the player's, lib/analytics-events.ts) loads then, after the page has settled, and its
 * events, stamped with the time they happened, go with the next batch.
 */
export const whenSending = (): Promise<void> => sending;

/** Runs `use` with the typed event builders (lib/analytics-events.ts), loaded on first use. */
export function withEventBuilders(use: (builders: typeof EventBuilders) => void): void {
  import('./analytics-events').then(use, (error: unknown) => reportError(error, { source: 'analytics' }));
}

/** Before the sender is loaded (the first second): what is queued goes by beacon. */
function sendPendingByBeacon(): void {
  if (pending.length > 0 && navigator.sendBeacon?.(ingestUrl(), JSON.stringify({ events: pending }))) pending = [];
}

/**
 * What is left when the reader leaves or hides the page goes by navigator.sendBeacon. Leaving a
 * page turns it hidden too, and on phones that is the last event that surely runs.
 */
function listenForPageHide(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (!pageHidden()) return;
    if (sender) sender.sendByBeacon();
    else sendPendingByBeacon();
  });
}

/** The events not yet acknowledged by the server, oldest first. */
export function queuedAnalyticsEvents(): AnalyticsEventData[] {
  return [...(sender?.queued() ?? []), ...pending].map((record) => record.data);
}

/** Forgets every queued event and the sender (tests). */
export function resetAnalytics(): void {
  sender?.stop();
  sender = undefined;
  pending = [];
  clearTimeout(dueTimer);
  dueTimer = undefined;
  firstSendDue = false;
}
