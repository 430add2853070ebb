import { PollStatus, PollVisibility, type PollTarget, type PollType } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { createStatementBatches } from '../../db/statement-batches';
import { loadPolls, TARGET_JSON, type PollRecord } from './poll-rows';

/**
 * The live public polls, kept in memory by each server and matched against POST /v1/polls/find
 * (docs/architecture.md, "Polls"). There are few of them (a thousand is a lot) and they change
 * when an admin edits one, while every article a reader opens asks for them: matching them here
 * costs microseconds where the SQL match cost 10–15 ms of planning and running. The copy is never
 * stale: each find reads `poll_catalogue.version` (migration 0011, moved on by every write to a
 * poll's tables) in the same round trip as the article it is about and what the visitor answered
 * (one round trip for the finds that arrive together), and loads the catalogue again when it has
 * moved. What the visitor answered is read from the database every time.
 */

/** What the reader is looking at and where, with the article's own categories and publisher added. */
export interface FindInput {
  type?: PollType | undefined;
  visitorId?: string | undefined;
  regionIds: number[];
  categoryIds: string[];
  lat?: number | undefined;
  lon?: number | undefined;
  articleId?: string | undefined;
  publisherId?: string | undefined;
  storyId?: string | undefined;
}

/** A poll with what matching needs, times as epoch milliseconds (null: open). */
interface LivePoll {
  poll: PollRecord;
  targets: PollTarget[];
  startsAt: number | null;
  endsAt: number | null;
}

interface Catalogue {
  version: string;
  /** In offering order: priority, then creation, then id. */
  polls: LivePoll[];
}

/** What the article a find is about adds to the request (none when it names no public article). */
interface ArticleContext {
  categoryIds: string[];
  publisherId: string | null;
  storyIds: string[];
}

/** What a find reads from the database before it matches. */
interface FindContext {
  version: string;
  article: ArticleContext | null;
  answered: Set<string>;
}

/** earthdistance's earth radius (earth() = 6378168 m), so a circle holds what it held in SQL. */
const EARTH_RADIUS_M = 6_378_168;
const RADIANS = Math.PI / 180;

/** Great-circle distance in metres. */
function distanceM(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = (b.lat - a.lat) * RADIANS;
  const dLon = (b.lon - a.lon) * RADIANS;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RADIANS) * Math.cos(b.lat * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

const overlaps = <T,>(wanted: readonly T[], given: ReadonlySet<T>) => wanted.some((value) => given.has(value));

/** A target matches when every field it sets matches the request (with its article's parts). */
function targetMatches(target: PollTarget, input: FindInput, article: ArticleContext | null, categories: ReadonlySet<string>, regions: ReadonlySet<number>): boolean {
  if (target.regionIds.length > 0 && !overlaps(target.regionIds, regions)) return false;
  if (target.categoryIds.length > 0 && !overlaps(target.categoryIds, categories)) return false;
  if (target.publisherId !== null && target.publisherId !== (input.publisherId ?? article?.publisherId ?? null)) return false;
  if (target.storyId !== null && target.storyId !== input.storyId && !article?.storyIds.includes(target.storyId)) return false;
  if (target.articleId !== null && target.articleId !== input.articleId) return false;
  if (target.lat !== null && target.lon !== null && target.radius !== null) {
    if (input.lat === undefined || input.lon === undefined) return false;
    if (distanceM({ lat: target.lat, lon: target.lon }, { lat: input.lat, lon: input.lon }) > target.radius) return false;
  }
  return true;
}

const epochOrNull = (iso: string | null) => (iso === null ? null : Date.parse(iso));

export function createLivePollCatalogue(db: Kysely<Database>) {
  let current: Catalogue | undefined;
  /** The load under way, shared by every find that needs it. */
  let loading: Promise<Catalogue> | undefined;

  async function load(): Promise<Catalogue> {
    // The version is read before the polls: a write between the two makes the next find load again.
    const { rows: versions } = await sql<{ version: string }>`SELECT version FROM poll_catalogue`.execute(db);
    const { rows } = await sql<{ id: string; targets: PollTarget[] }>`
      SELECT p.id, coalesce((SELECT json_agg(${TARGET_JSON} ORDER BY t.created_at, t.id) FROM poll_targets t WHERE t.poll_id = p.id), '[]') AS targets
      FROM polls p
      WHERE p.status = ${PollStatus.LIVE} AND p.visibility = ${PollVisibility.PUBLIC}
      ORDER BY p.priority, p.created_at, p.id`.execute(db);
    const polls = await loadPolls(db, rows.map((row) => row.id));
    const targetsOf = new Map(rows.map((row) => [row.id, row.targets]));
    return {
      version: String(versions[0]?.version ?? ''),
      polls: polls.map((poll) => ({ poll, targets: targetsOf.get(poll.id) ?? [], startsAt: epochOrNull(poll.startsAt), endsAt: epochOrNull(poll.endsAt) })),
    };
  }

  /** The catalogue at `version` or newer, loaded once however many finds ask at the same time. */
  async function catalogueAt(version: string): Promise<Catalogue> {
    if (current && BigInt(current.version) >= BigInt(version)) return current;
    loading ??= load().finally(() => (loading = undefined));
    const loaded = await loading;
    if (!current || BigInt(loaded.version) > BigInt(current.version)) current = loaded;
    // A load that began before `version` was written is older than asked for: load again.
    return BigInt(current.version) >= BigInt(version) ? current : catalogueAt(version);
  }

  /**
   * In one round trip for all the finds that arrive together (db/statement-batches.ts): the
   * catalogue version, and for each find its article's categories, publisher and stories and the
   * questions its visitor has answered (poll_votes' primary key leads with the visitor).
   */
  const contexts = createStatementBatches(async (requests: { articleId: string | null; visitorId: string | null }[]): Promise<FindContext[]> => {
    const { rows } = await sql<{ version: string; category_ids: string[] | null; publisher_id: string | null; story_ids: string[] | null; answered: string[] }>`
      SELECT c.version, a.category_ids, a.publisher_id,
        CASE WHEN a.id IS NULL THEN NULL ELSE ARRAY(SELECT sa.story_id FROM story_articles sa WHERE sa.article_id = a.id) END AS story_ids,
        ARRAY(SELECT v.question_id FROM poll_votes v WHERE v.visitor_id = r.visitor_id) AS answered
      FROM unnest(${requests.map((request) => request.articleId)}::uuid[], ${requests.map((request) => request.visitorId)}::text[])
        WITH ORDINALITY AS r(article_id, visitor_id, n)
      CROSS JOIN poll_catalogue c
      LEFT JOIN articles a ON a.id = r.article_id AND a.status = 1
      ORDER BY r.n`.execute(db);
    if (rows.length !== requests.length) throw new Error('poll_catalogue has no row (migration 0011)');
    return rows.map((row) => ({
      version: String(row.version),
      article: row.category_ids === null ? null : { categoryIds: row.category_ids, publisherId: row.publisher_id, storyIds: row.story_ids ?? [] },
      answered: new Set(row.answered),
    }));
  });

  return {
    /**
     * The live public polls within their times whose targets match, lowest priority first, the page
     * asked for; with a visitor, polls whose every question they have answered are left out.
     */
    async find(input: FindInput, page: { limit: number; offset: number }, now = Date.now()): Promise<{ items: PollRecord[]; total: number }> {
      const { version, article, answered } = await contexts.add({ articleId: input.articleId ?? null, visitorId: input.visitorId ?? null });
      const catalogue = await catalogueAt(version);
      const regions = new Set(input.regionIds);
      const categories = new Set([...input.categoryIds, ...(article?.categoryIds ?? [])]);
      let matched = catalogue.polls.filter(
        ({ poll, targets, startsAt, endsAt }) =>
          (startsAt === null || startsAt <= now) &&
          (endsAt === null || endsAt > now) &&
          (input.type === undefined || poll.type === input.type) &&
          (targets.length === 0 || targets.some((target) => targetMatches(target, input, article, categories, regions))),
      );
      if (input.visitorId !== undefined) {
        matched = matched.filter(({ poll }) => poll.questions.some((question) => !answered.has(question.id)));
      }
      return { items: matched.slice(page.offset, page.offset + page.limit).map(({ poll }) => poll), total: matched.length };
    },
  };
}

export type LivePollCatalogue = ReturnType<typeof createLivePollCatalogue>;
