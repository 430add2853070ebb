import type { AdminPoll, Poll, PollAssetFileType, PollQuestion, PollTarget } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A poll's asset as stored: the media store's key instead of a URL (the service makes that). */
export interface StoredAsset {
  fileType: PollAssetFileType;
  fileName: string;
  storageKey: string;
  uploaded: boolean;
}

export type PollRecord = Omit<Poll, 'assets'> & { assets: StoredAsset[] };
export type AdminPollRecord = Omit<AdminPoll, 'assets'> & { assets: StoredAsset[] };

interface PollRow {
  id: string;
  name: string;
  priority: number;
  type: Poll['type'];
  status: Poll['status'];
  visibility: Poll['visibility'];
  config: Poll['config'];
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
  questions: PollQuestion[];
  assets: StoredAsset[];
  targets?: PollTarget[];
  vote_count?: string | number;
}

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

const QUESTIONS = sql<PollQuestion[]>`coalesce((
  SELECT json_agg(json_build_object(
    'id', q.id, 'label', q.label, 'type', q.type, 'order', q.position, 'field', q.field,
    'answers', coalesce((
      SELECT json_agg(json_build_object('id', a.id, 'label', a.label, 'order', a.position) ORDER BY a.position, a.created_at, a.id)
      FROM poll_answers a WHERE a.question_id = q.id), '[]')
  ) ORDER BY q.position, q.created_at, q.id)
  FROM poll_questions q WHERE q.poll_id = p.id), '[]')`;

const ASSETS = sql<StoredAsset[]>`coalesce((
  SELECT json_agg(json_build_object(
    'fileType', s.file_type, 'fileName', s.file_name, 'storageKey', s.storage_key, 'uploaded', s.uploaded_at IS NOT NULL
  ) ORDER BY s.created_at, s.id)
  FROM poll_assets s WHERE s.poll_id = p.id), '[]')`;

export const TARGET_JSON = sql`json_build_object(
  'id', t.id, 'regionIds', t.region_ids, 'categoryIds', t.category_ids, 'publisherId', t.publisher_id,
  'storyId', t.story_id, 'articleId', t.article_id, 'lat', t.lat, 'lon', t.lon, 'radius', t.radius)`;

const TARGETS = sql<PollTarget[]>`coalesce((
  SELECT json_agg(${TARGET_JSON} ORDER BY t.created_at, t.id) FROM poll_targets t WHERE t.poll_id = p.id), '[]')`;

function toPoll(row: PollRow): PollRecord {
  return {
    id: row.id,
    name: row.name,
    priority: row.priority,
    type: row.type,
    status: row.status,
    visibility: row.visibility,
    config: row.config,
    startsAt: isoOrNull(row.starts_at),
    endsAt: isoOrNull(row.ends_at),
    assets: row.assets,
    questions: row.questions,
  };
}

function toAdminPoll(row: PollRow): AdminPollRecord {
  return {
    ...toPoll(row),
    targets: row.targets ?? [],
    voteCount: Number(row.vote_count ?? 0),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

const COLUMNS = sql`p.id, p.name, p.priority, p.type, p.status, p.visibility, p.config, p.starts_at, p.ends_at, p.created_at, p.updated_at`;

/** Whole polls (questions with their answers, in order, and assets), in the order of `ids`. */
export async function loadPolls(db: Kysely<Database>, ids: string[]): Promise<PollRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<PollRow>`
    SELECT ${COLUMNS}, ${QUESTIONS} AS questions, ${ASSETS} AS assets
    FROM polls p WHERE p.id = ANY(${ids}::uuid[])`.execute(db);
  const byId = new Map(rows.map((row) => [row.id, toPoll(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** As loadPolls, with what the poll studio shows besides: targets, the vote count and the dates. */
export async function loadAdminPolls(db: Kysely<Database>, ids: string[]): Promise<AdminPollRecord[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<PollRow>`
    SELECT ${COLUMNS}, ${QUESTIONS} AS questions, ${ASSETS} AS assets, ${TARGETS} AS targets,
      (SELECT count(*) FROM poll_votes v WHERE v.poll_id = p.id) AS vote_count
    FROM polls p WHERE p.id = ANY(${ids}::uuid[])`.execute(db);
  const byId = new Map(rows.map((row) => [row.id, toAdminPoll(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
