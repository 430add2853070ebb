/**
 * The app state's shape, and the entities it holds that packages/contracts does not define yet
 * (the visitor). Those hold only the fields the client uses (SPEC §3); when a schema lands in
 * contracts, its Static type replaces the local one here.
 */
import type { ReactNode } from 'react';
import type {
  AccountUser,
  AppConfig,
  AdminRole,
  ArticleSummary,
  Category,
  Membership,
  NotificationSeverity,
  Poll,
  Publisher,
  RegionResponse,
  VisitorMetaField,
} from '@newsreel/contracts';

/** Entity ids are strings (UUIDs, as contracts' IdSchema; visitor ids are opaque tokens). */
export type EntityId = string;

/** The signed-in user, as sign-in and refresh answer it. */
export type User = AccountUser;

/**
 * Whether someone is signed in: `restoring` while the session this browser had is being renewed
 * at start (the app bar shows neither "Sign in" nor the user yet).
 */
export type AuthStatus = 'signedOut' | 'restoring' | 'signedIn';

export interface VisitorDevice {
  id: EntityId;
  cpuArch?: string;
  type?: string;
  vendor?: string;
  model?: string;
  osName?: string;
  osVersion?: string;
  browserName?: string;
  browserVersion?: string;
}

export interface VisitorLocation {
  id: EntityId;
  label: string;
  countryName: string;
  city: string;
  lat: number;
  lon: number;
}

export interface Visitor {
  id: EntityId;
  userId?: EntityId;
  regionId: number;
  ipAddress: string;
  /** ISO 8601; a visitor older than VISITOR_REFRESH_MS is refreshed. */
  updatedAt: string;
  screenWidth: number;
  screenHeight: number;
  device?: VisitorDevice;
  location?: VisitorLocation;
  /** What the reader told about themselves (SPEC §3 visitor meta), e.g. from a poll's visitor-meta question. */
  meta?: Partial<Record<VisitorMetaField, string>>;
}

/** A vendor the signed-in user acts for. */
export interface Vendor {
  id: EntityId;
  name: string;
}

/** A publisher the signed-in user belongs to, with their account role there (admin or member). */
export type Account = Membership;

/** A poll as readers get it (contracts' PollSchema). */
export type { Poll };

/** What a page keeps across visits in one session (scroll position, chosen tab, …). */
export type PageState = Readonly<Record<string, unknown>>;

export interface AppNotification {
  /** Changes with every notification so a repeated message restarts the hide timer. */
  id: number;
  message: string;
  severity: NotificationSeverity;
  open: boolean;
}

export interface ModalAction {
  label: string;
  /** Runs before the dialog closes. */
  onSelect?: () => void;
}

export interface AppModal {
  title: string;
  content: ReactNode;
  /** Buttons under the content; a single Close button when left out. */
  actions?: ModalAction[];
}

/** The application-wide state of SPEC §1. */
export interface AppState {
  /** Base URL of the API. */
  api: string;
  /** Base URL of the cached copy of public reads. */
  dataApi: string;
  config: AppConfig;
  user: User | null;
  authStatus: AuthStatus;
  visitor: Visitor | null;
  vendor: Vendor | null;
  adminRole: AdminRole | null;
  /** The signed-in user's publishers (SPEC §1: accounts). */
  accounts: Account[];
  /** Every publisher, from the catalogue (GET /v1/publishers). */
  publishers: Publisher[];
  categories: Category[];
  regions: RegionResponse[];
  userRegionIds: number[];
  pageStates: Readonly<Record<string, PageState>>;
  viewedArticles: EntityId[];
  /** The article being watched; a full Article is an ArticleSummary too. */
  currentArticle: ArticleSummary | null;
  shareArticle: ArticleSummary | null;
  /** True while the locale chooser is open. */
  chooseLocale: boolean;
  poll: Poll | null;
  embedded: boolean;
  notification: AppNotification;
  modal: AppModal | null;
}
