/**
 * The app state's shape, and the entities it holds as this browser keeps them (the visitor). The
 * entities' fields come from packages/contracts' schemas (SPEC §3).
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
  Visitor as VisitorRecord,
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

/**
 * This browser's visitor (SPEC §3, §4): the server's record as it last answered (contracts'
 * Visitor; device and location are missing until it has answered), kept in browser storage, with
 * what only this browser knows. The app makes it before its first render and creates it on the
 * server afterwards (features/visitors/visitor-sync.ts).
 */
export interface Visitor
  extends Pick<VisitorRecord, 'id' | 'userId' | 'regionId' | 'ipAddress' | 'updatedAt' | 'screenWidth' | 'screenHeight'>,
    Partial<Pick<VisitorRecord, 'device' | 'location'>> {
  /**
   * What the reader told about themselves (SPEC §3 visitor meta) as they told it, e.g. a poll
   * answer's label; the server is sent each in its own form (contracts' visitorMetaValueOf).
   */
  meta?: Partial<Record<VisitorMetaField, string>>;
  /** Made in this browser and not stored by the server yet: it is created there in the background. */
  unsaved?: boolean;
  /** meta holds answers the server has not been sent: they go with the next update. */
  metaUnsent?: boolean;
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
