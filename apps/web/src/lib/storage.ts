/**
 * Typed access to every browser-storage item of SPEC §3 (keys from STORAGE_KEYS). Storage can be
 * missing (private modes, sandboxed iframes), full, or hold stale or hand-edited JSON; none of
 * that may break the app, so every failure is silent: reads give undefined, writes do nothing.
 */
import {
  APP_CONFIG_TYPES,
  STORAGE_KEYS,
  VIEW_TYPES,
  VISITOR_META_FIELDS,
  type AppConfig,
  type DetectedLocation,
  type StorageItem,
  type ViewType,
  type VisitorMetaField,
} from '@newsreel/contracts';
import type { EntityId, Visitor } from '../app/state/types';

export interface PollHistory {
  /** ISO 8601 time of the last answer; no poll is offered for POLL_COOLDOWN_MS after it. */
  lastAnsweredAt: string;
  pollIds: EntityId[];
  pollQuestionIds: EntityId[];
  /** Visitor-meta fields already answered, recorded for visitor-meta polls only. */
  visitorMeta?: VisitorMetaField[];
}

export interface LastAd {
  adId: EntityId;
  /** ISO 8601 time the ad finished; the next one waits for the config's timeBetweenAds. */
  playedAt: string;
}

/** The usage meter of a reader who is not signed in (features/subscriptions/lib/browser-meter.ts). */
export interface UsageMeter {
  /** The articles counted, each with the ISO 8601 time it was opened; the rolling window keeps those of its last days. */
  reads: { articleId: EntityId; readAt: string }[];
}

export interface AiSearchHistoryEntry {
  query: string;
  askedAt: string;
  resultId?: EntityId;
  /** What was asked for: an answer (the default) or an AI playlist. */
  type?: 'ask' | 'playlist';
}

/** The value kept under each storage item. */
export interface StoredItems {
  appConfig: AppConfig;
  viewType: ViewType;
  /** The region ids the reader follows (userRegionIds). */
  regions: number[];
  /** The category ids the reader follows. */
  categories: EntityId[];
  location: DetectedLocation;
  visitor: Visitor;
  pollHistory: PollHistory;
  lastAd: LastAd;
  usageMeter: UsageMeter;
  aiSearchHistory: AiSearchHistoryEntry[];
}

export interface StorageSlot<T> {
  /** The stored value, or undefined when it is missing, unreadable or not of the expected shape. */
  get(): T | undefined;
  set(value: T): void;
  remove(): void;
}

type Guard<T> = (value: unknown) => value is T;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isEntityId = (value: unknown): value is EntityId => isString(value) && value.length > 0;
const isArrayOf =
  <T>(guard: Guard<T>) =>
  (value: unknown): value is T[] =>
    Array.isArray(value) && value.every(guard);
const isNonNegativeInteger = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= 0;
const isDateString = (value: unknown): value is string => isString(value) && !Number.isNaN(Date.parse(value));

const guards: { [K in StorageItem]: Guard<StoredItems[K]> } = {
  appConfig: (value): value is AppConfig =>
    isRecord(value) &&
    (APP_CONFIG_TYPES as readonly unknown[]).includes(value.type) &&
    isRecord(value.advertising) &&
    isRecord(value.advertising.rules) &&
    isRecord(value.video) &&
    isRecord(value.subscription) &&
    Array.isArray(value.features),
  viewType: (value): value is ViewType => (VIEW_TYPES as readonly unknown[]).includes(value),
  regions: (value): value is number[] => isArrayOf(isNonNegativeInteger)(value) && value.length > 0,
  categories: isArrayOf(isEntityId),
  location: (value): value is DetectedLocation =>
    isRecord(value) && isString(value.ipAddress) && isNonNegativeInteger(value.regionId),
  visitor: (value): value is Visitor =>
    isRecord(value) && isEntityId(value.id) && isNumber(value.regionId) && isDateString(value.updatedAt),
  pollHistory: (value): value is PollHistory =>
    isRecord(value) &&
    isDateString(value.lastAnsweredAt) &&
    isArrayOf(isEntityId)(value.pollIds) &&
    isArrayOf(isEntityId)(value.pollQuestionIds) &&
    (value.visitorMeta === undefined ||
      isArrayOf((field): field is VisitorMetaField =>
        (VISITOR_META_FIELDS as readonly unknown[]).includes(field),
      )(value.visitorMeta)),
  lastAd: (value): value is LastAd => isRecord(value) && isEntityId(value.adId) && isDateString(value.playedAt),
  usageMeter: (value): value is UsageMeter =>
    isRecord(value) && isArrayOf((read): read is UsageMeter['reads'][number] => isRecord(read) && isEntityId(read.articleId) && isDateString(read.readAt))(value.reads),
  aiSearchHistory: isArrayOf(
    (entry): entry is AiSearchHistoryEntry => isRecord(entry) && isString(entry.query) && isDateString(entry.askedAt),
  ),
};

function localStorageOrUndefined(): Storage | undefined {
  try {
    // Reading the property itself throws a SecurityError where storage is blocked.
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

function createSlot<K extends StorageItem>(item: K): StorageSlot<StoredItems[K]> {
  return slotOf(STORAGE_KEYS[item], guards[item]);
}

/** A slot of the web's own (not one of SPEC §3's items): its key and what a valid value is. */
export function slotOf<T>(key: string, isValid: Guard<T>): StorageSlot<T> {
  return {
    get() {
      try {
        const raw = localStorageOrUndefined()?.getItem(key);
        if (raw === null || raw === undefined) return undefined;
        const value: unknown = JSON.parse(raw);
        return isValid(value) ? value : undefined;
      } catch {
        return undefined;
      }
    },
    set(value) {
      try {
        localStorageOrUndefined()?.setItem(key, JSON.stringify(value));
      } catch {
        // Quota exceeded or storage blocked: the app keeps working with what it has in memory.
      }
    },
    remove() {
      try {
        localStorageOrUndefined()?.removeItem(key);
      } catch {
        // Storage blocked: nothing was stored, so nothing is left behind.
      }
    },
  };
}

export const browserStorage: { readonly [K in StorageItem]: StorageSlot<StoredItems[K]> } = {
  appConfig: createSlot('appConfig'),
  viewType: createSlot('viewType'),
  regions: createSlot('regions'),
  categories: createSlot('categories'),
  location: createSlot('location'),
  visitor: createSlot('visitor'),
  pollHistory: createSlot('pollHistory'),
  lastAd: createSlot('lastAd'),
  usageMeter: createSlot('usageMeter'),
  aiSearchHistory: createSlot('aiSearchHistory'),
};

/** Where the session marker is kept (the web's own item; SPEC §3 names none for it). */
export const SESSION_MARKER_KEY = 'newsreel.session';

/**
 * That this browser had a session when it was last used: set on sign-in, removed on sign-out or
 * when the session cannot be renewed. It holds no secret (the refresh token is an httpOnly
 * cookie); it only spares readers who never signed in a refresh request on every start.
 */
export const sessionMarker: StorageSlot<true> = slotOf(SESSION_MARKER_KEY, (value): value is true => value === true);
