import type { ArticleCredit } from '@newsreel/contracts';
import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely; the SQL in ./migrations is the source they mirror. */
export interface Database extends ContentTables, PollTables, AnalyticsTables {
  schema_migrations: SchemaMigrationsTable;
  app_configs: AppConfigsTable;
  locations: LocationsTable;
  devices: DevicesTable;
  users: UsersTable;
  refresh_tokens: RefreshTokensTable;
  user_keys: UserKeysTable;
  admin_roles: { user_id: string; role: number; created_at: ColumnType<Date, never, never> };
  publisher_users: MembershipTable & { publisher_id: string };
  vendors: { id: Generated<string>; name: string; created_at: ColumnType<Date, never, never>; updated_at: Generated<Date> };
  vendor_users: MembershipTable & { vendor_id: string };
  api_keys: ApiKeysTable;
  user_visitors: { visitor_id: string; user_id: string; merged_at: ColumnType<Date, never, never> };
  visitors: VisitorsTable;
  audit_log: AuditLogTable;
  /** AI search (migration 0024): every stored AI result, and the embeddings a provider made. */
  ai_results: {
    id: Generated<string>;
    type: 'ask' | 'playlist' | 'summary' | 'translation';
    query: string;
    filters: ColumnType<{ regionIds: number[]; categoryIds: string[]; language: string | null }, string | undefined, string>;
    found: boolean;
    answer: string;
    sentences: ColumnType<unknown[], string | undefined, string>;
    clips: ColumnType<unknown[], string | undefined, string>;
    extractive: boolean;
    provider: string;
    fallback: ColumnType<{ code: 'AI_PROVIDER_UNAVAILABLE'; message: string; provider: string } | null, string | null | undefined, string | null>;
    article_id: string | null;
    timing_ms: number;
    created_at: Generated<Date>;
  };
  ai_embeddings: { model: string; text_hash: string; embedding: number[]; created_at: Generated<Date> };
  /** How many AI passages hold each lexeme (migration 0034), kept with the passages. */
  ai_lexemes: { lexeme: string; passages: number };
  /** AI work on articles (migration 0025): how the AI wrote an article's summary. */
  article_ai_summaries: {
    article_id: string;
    method: 'extractive' | 'provider';
    provider: string;
    model: string | null;
    source_language: string;
    duration_ms: number;
    created_at: Generated<Date>;
  };
  /** An article's translation into one language (migration 0025); its cues are in transcripts. */
  article_translations: {
    article_id: string;
    language: string;
    state: 'queued' | 'done' | 'failed';
    job_id: string | null;
    title: string | null;
    description: string | null;
    summary: string | null;
    cue_count: number | null;
    provider: string | null;
    model: string | null;
    error: string | null;
    requested_at: Generated<Date>;
    completed_at: Date | null;
  };
  notifications: NotificationsTable;
  notification_recipients: NotificationRecipientsTable;
  /** The ad inventory and its per-visitor daily counts (migration 0030). */
  ads: AdsTable;
  ad_impressions: { ad_id: string; visitor_id: string; day: string; count: Generated<number> };
  /** Messages from the contact form (migration 0029). */
  contact_messages: {
    id: Generated<string>;
    name: string;
    email: string;
    subject: string;
    message: string;
    user_id: string | null;
    ip: string | null;
    created_at: Generated<Date>;
    mailed_at: Date | null;
    handled_at: Date | null;
  };
  /** Subscriptions and card payments (migration 0028). */
  subscription_prices: { country_code: string; currency: string; month_amount: number; year_amount: number; updated_at: Generated<Date> };
  subscriptions: SubscriptionsTable;
  payment_events: { provider: string; event_id: string; type: string; subscription_id: string | null; received_at: Generated<Date> };
  /** The usage meter's counted articles of signed-in readers (migration 0032). */
  subscription_meter_reads: { user_id: string; article_id: string; read_at: Date };
  test_checkout_sessions: {
    id: string;
    user_id: string;
    interval: 'month' | 'year';
    currency: string;
    amount: number;
    success_url: string;
    cancel_url: string;
    completed_at: Date | null;
    expires_at: Date;
    created_at: Generated<Date>;
  };
}

/** 0028_subscriptions.sql: a reader's subscription, as its payment events left it. */
export interface SubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  provider: 'stripe' | 'test';
  provider_subscription_id: string;
  provider_customer_id: string | null;
  status: number;
  interval: 'month' | 'year';
  currency: string;
  amount: number;
  current_period_end: Date;
  cancel_at_period_end: Generated<boolean>;
  cancelled_at: Date | null;
  last_event_at: Date;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** Append-only: the database refuses UPDATE and DELETE (migration 0018). */
export interface AuditLogTable {
  id: ColumnType<string, never, never>;
  occurred_at: ColumnType<Date, never, never>;
  actor_user_id: string | null;
  actor_email: string | null;
  actor_role: number | null;
  action: string;
  resource: string;
  resource_id: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  request_id: string | null;
  ip: string | null;
}

export interface UsersTable {
  id: Generated<string>;
  email: string;
  name: string;
  password_hash: string;
  status: Generated<number>;
  pending_email: string | null;
  active_publisher_id: string | null;
  language: string | null;
  failed_logins: Generated<number>;
  last_failed_login_at: Date | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: Generated<Date>;
}

export interface RefreshTokensTable {
  id: Generated<string>;
  family_id: string;
  user_id: string;
  token_hash: Buffer;
  created_at: ColumnType<Date, never, never>;
  expires_at: Date;
  replaced_at: Date | null;
  revoked_at: Date | null;
}

export interface UserKeysTable {
  id: Generated<string>;
  user_id: string;
  purpose: 'verify' | 'reset';
  key_hash: Buffer;
  email: string | null;
  created_at: ColumnType<Date, never, never>;
  expires_at: Date;
  used_at: Date | null;
}

interface MembershipTable {
  user_id: string;
  role: number;
  created_at: ColumnType<Date, never, never>;
}

export interface ApiKeysTable {
  id: Generated<string>;
  vendor_id: string | null;
  user_id: string | null;
  name: Generated<string>;
  prefix: string;
  key_hash: Buffer;
  created_at: ColumnType<Date, never, never>;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: ColumnType<Date, never, never>;
}

export interface AppConfigsTable {
  type: string;
  config: ColumnType<unknown, string, string>;
  updated_at: ColumnType<Date, never, Date>;
}

export interface LocationsTable {
  id: Generated<string>;
  label: string;
  country_name: string;
  city: string;
  lat: number;
  lon: number;
  created_at: ColumnType<Date, never, never>;
}

export interface DevicesTable {
  id: Generated<string>;
  secret_hash: Buffer;
  pairing_code: string;
  name: string | null;
  type: string | null;
  vendor: string | null;
  model: string | null;
  os_name: string | null;
  os_version: string | null;
  browser_name: string | null;
  browser_version: string | null;
  cpu_arch: string | null;
  created_at: ColumnType<Date, never, never>;
  expires_at: Date;
  owner_actor_type: number | null;
  owner_actor_id: string | null;
  paired_at: Date | null;
  lease_expires_at: Date | null;
  last_seen_at: Date | null;
  removed_at: Date | null;
}

/** 0015_visitors.sql; the jsonb columns are written as JSON text and read as objects. */
export interface VisitorsTable {
  id: string;
  user_id: string | null;
  region_id: number;
  ip_address: string;
  screen_width: number;
  screen_height: number;
  device: ColumnType<unknown, string, string>;
  location: ColumnType<unknown, string | null, string | null>;
  meta: ColumnType<unknown, string | undefined, string>;
  extra: ColumnType<unknown, string | undefined, string>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, never, Date>;
}

export interface ContentTables {
  publishers: {
    id: Generated<string>;
    slug: string;
    name: string;
    description: Generated<string>;
    website: string | null;
    logo_url: string | null;
    branding: ColumnType<Record<string, string>, string | undefined, string>;
    settings: ColumnType<Record<string, unknown>, string | undefined, string>;
    default_language: Generated<string>;
    default_region_id: Generated<number>;
    banner_url: Generated<string | null>;
    created_at: ColumnType<Date, never, never>;
    updated_at: ColumnType<Date, never, Date>;
  };
  publisher_assets: {
    publisher_id: string;
    kind: 'logo' | 'banner';
    file_type: string;
    file_name: string;
    storage_key: string;
    size_bytes: number | null;
    uploaded_at: Date | null;
    served_key: string | null;
    created_at: ColumnType<Date, never, never>;
  };
  categories: { id: Generated<string>; slug: string; name: string; description: Generated<string>; created_at: ColumnType<Date, never, never> };
  articles: {
    id: Generated<string>;
    slug: string;
    title: string;
    description: string;
    summary: Generated<string>;
    status: number;
    review_status: Generated<number>;
    territory: number;
    breaking: boolean;
    language: string;
    publisher_id: string;
    category_ids: string[];
    region_ids: number[];
    location_name: string | null;
    location_slug: string | null;
    lat: number | null;
    lon: number | null;
    poster_url: string | null;
    /** The main playable file as its summary's JSON, kept by triggers on media_assets (migration 0048). */
    main_media: ColumnType<unknown, never, never>;
    duration_seconds: number | null;
    published_at: Date | null;
    /** When a scheduled article goes live (status 3); migration 0021 and docs/architecture.md, "Article lifecycle". */
    scheduled_at: Date | null;
    /** What the moderator last asked the publisher to change (needs work, reject summary). */
    review_note: string | null;
    /** The summary was written by the AI (reject-summary applies), not by a person. */
    summary_by_ai: Generated<boolean>;
    /** When the article last joined the moderation queue (review status 1). */
    review_requested_at: Date | null;
    /** Who made it, its keywords, copyright line and original's address (migration 0031): what its source said. */
    credits: ColumnType<ArticleCredit[], string | undefined, string>;
    keywords: Generated<string[]>;
    copyright: string | null;
    source_url: string | null;
    created_at: Generated<Date>;
    updated_at: Generated<Date>;
  };
  /** Derived from articles and transcripts by triggers (migration 0006); read, never written. */
  article_search: {
    article_id: string;
    status: number;
    published_at: Date | null;
    document: string;
    folded_title: string;
    /** The document's lexemes side by side and its day and week (migration 0056), computed by PostgreSQL. */
    phrases: ColumnType<string, never, never>;
  };
  article_feed_entries: {
    article_id: string;
    /** -1: any region */
    region_id: number;
    /** The nil uuid: any category */
    category_id: string;
    published_at: Date;
    publisher_id: string;
    territory: number;
    language: string;
    breaking: boolean;
    /** The article's categories, on the entries for any category */
    category_ids: string[] | null;
  };
  article_places: { article_id: string; published_at: Date; place: string };
  /** Each article's ArticleSummary as JSON text, written by triggers (migration 0050). */
  article_cards: { article_id: string; card: string };
  stories: { id: Generated<string>; slug: string; title: string; description: string; poster_url: string | null; published_at: Date };
  story_articles: { story_id: string; article_id: string; position: number };
  playlists: { id: Generated<string>; external_id: string; name: string; description: Generated<string> };
  playlist_articles: { playlist_id: string; article_id: string; position: number };
  media_assets: {
    id: Generated<string>;
    article_id: string | null;
    story_id: string | null;
    type: number;
    source: number;
    url: string;
    file_type: string;
    file_size: number | null;
    language: string | null;
    duration_seconds: number | null;
    width: number | null;
    height: number | null;
    poster_key: string | null;
    storage_key: string | null;
    uploaded_at: Generated<Date | null>;
    processed_at: Date | null;
    created_at: Generated<Date>;
  };
  transcripts: { article_id: string; language: string; cues: ColumnType<unknown, string, string> };
  article_interactions: {
    article_id: string;
    actor_type: number;
    actor_id: string;
    kind: number;
    created_at: Generated<Date>;
  };
  user_category_scores: {
    actor_type: number;
    actor_id: string;
    category_id: string;
    score: number;
    updated_at: Generated<Date>;
  };
  reader_settings: {
    actor_type: number;
    actor_id: string;
    key: string;
    value: ColumnType<unknown, string, string>;
    updated_at: Generated<Date>;
  };
}

/** Polls (migration 0010). */
export interface PollTables {
  polls: {
    id: Generated<string>;
    name: string;
    priority: Generated<number>;
    type: Generated<number>;
    status: Generated<number>;
    visibility: Generated<number>;
    config: ColumnType<Record<string, unknown>, string | undefined, string>;
    starts_at: Date | null;
    ends_at: Date | null;
    created_at: ColumnType<Date, never, never>;
    updated_at: Generated<Date>;
  };
  poll_assets: {
    id: Generated<string>;
    poll_id: string;
    file_type: string;
    file_name: string;
    storage_key: string;
    size_bytes: number | null;
    uploaded_at: Date | null;
    created_at: ColumnType<Date, never, never>;
  };
  poll_targets: {
    id: Generated<string>;
    poll_id: string;
    region_ids: Generated<number[]>;
    category_ids: Generated<string[]>;
    publisher_id: string | null;
    story_id: string | null;
    article_id: string | null;
    lat: number | null;
    lon: number | null;
    radius: number | null;
    created_at: ColumnType<Date, never, never>;
  };
  poll_questions: {
    id: Generated<string>;
    poll_id: string;
    label: string;
    type: number;
    position: number;
    field: string | null;
    created_at: ColumnType<Date, never, never>;
  };
  poll_answers: {
    id: Generated<string>;
    question_id: string;
    label: string;
    position: number;
    created_at: ColumnType<Date, never, never>;
  };
  poll_votes: {
    question_id: string;
    visitor_id: string;
    poll_id: string;
    answer_id: string;
    region_id: number;
    /** numeric: read as a string. */
    lat: ColumnType<string | null, number | null, never>;
    lon: ColumnType<string | null, number | null, never>;
    place: ColumnType<unknown, never, never>;
    created_at: ColumnType<Date, Date | undefined, never>;
  };
}

/** The analytics event store (0013_analytics_events.sql). */
export interface AnalyticsTables {
  analytics_events: {
    seq: Generated<string>;
    event_id: string;
    event_time: Date;
    received_at: Generated<Date>;
    partition_key: string;
    action: string;
    visitor_id: string | null;
    region_id: number;
    data: unknown;
  };
  analytics_cursors: {
    consumer: string;
    last_seq: ColumnType<string, number, number>;
    /** 0016: a Kinesis shard's checkpoint (its last stored sequence number); null on other rows. */
    stream_position: string | null;
    updated_at: Generated<Date>;
  };
  /** 0035: the servers reading a Kinesis stream, each renewing its row while it runs. */
  stream_readers: { stream: string; reader_id: string; expires_at: Date };
  /** 0035: which server reads each shard of a Kinesis stream, until expires_at. */
  stream_shard_leases: { stream: string; shard_id: string; owner: string; expires_at: Date };
  /**
   * Per-day roll-ups of the store (0014_analytics_rollups.sql). Counters are bigint, read back as
   * strings; read `day` as text (`day::text`): node-postgres makes a local-midnight Date of a date.
   */
  analytics_rollups: {
    dimension: string;
    key: string;
    day: ColumnType<Date, string, never>;
    events: ColumnType<string, number | undefined, number>;
    visitors: ColumnType<string, number | undefined, number>;
    plays: ColumnType<string, number | undefined, number>;
    watch_ms: ColumnType<string, number | undefined, number>;
    completions: ColumnType<string, number | undefined, number>;
    likes: ColumnType<string, number | undefined, number>;
    shares: ColumnType<string, number | undefined, number>;
    ad_impressions: ColumnType<string, number | undefined, number>;
    ad_clicks: ColumnType<string, number | undefined, number>;
    poll_votes: ColumnType<string, number | undefined, number>;
  };
  analytics_rollup_visitors: { dimension: string; key: string; day: ColumnType<Date, string, never>; visitor_id: string };
}

/** 0022_notifications.sql: scheduled notifications and each recipient's inbox. */
export interface NotificationsTable {
  id: Generated<string>;
  title: string;
  body: string;
  link: string | null;
  audience: string;
  region_ids: Generated<number[]>;
  category_ids: Generated<string[]>;
  user_ids: Generated<string[]>;
  send_at: Date;
  status: number;
  error: string | null;
  attempts: Generated<number>;
  claimed_until: Date | null;
  created_by: string | null;
  approved_by: string | null;
  delivered_at: Date | null;
  created_at: ColumnType<Date, never, never>;
  updated_at: Generated<Date>;
}

export interface NotificationRecipientsTable {
  notification_id: string;
  user_id: string;
  delivered_at: Generated<Date>;
  read_at: Date | null;
  mailed_at: Date | null;
}

/** 0030_ads.sql: the ad inventory. */
export interface AdsTable {
  id: Generated<string>;
  title: string;
  media_url: string | null;
  media_type: string | null;
  media_key: string | null;
  click_url: string | null;
  region_ids: Generated<number[]>;
  category_ids: Generated<string[]>;
  starts_at: Date | null;
  ends_at: Date | null;
  weight: Generated<number>;
  daily_cap: number | null;
  enabled: Generated<boolean>;
  created_at: ColumnType<Date, never, never>;
  updated_at: Generated<Date>;
}
