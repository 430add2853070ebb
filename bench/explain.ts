import {
  CompiledQuery,
  PostgresQueryCompiler,
  type Kysely,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Database } from '../apps/server/src/db/schema';
import { ActorType } from '../apps/server/src/modules/articles/article-repository';
import { personalFeedInput, personalFeedOf } from '../apps/server/src/modules/articles/personal-feed';
import { createContentRepositories } from '../apps/server/src/modules/content-repositories';
import { createSearchRepository } from '../apps/server/src/modules/search/search-repository';

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the SQL behind each benchmarked endpoint. The SQL is not written
 * out again here: the repositories run as the routes call them, on a Kysely that records every
 * compiled query (a plugin), and each recorded query is then explained with its parameters.
 */

export interface ExplainedQuery {
  endpoint: string;
  label: string;
  sql: string;
  parameters: unknown[];
  plan: string;
  executionMs: number;
  planningMs: number;
  /** Indexes the plan reads. */
  indexes: string[];
  /** Tables of the article domain the plan reads in full (Seq Scan); publishers and categories are tiny. */
  seqScans: string[];
}

class CapturePlugin implements KyselyPlugin {
  readonly queries: CompiledQuery[] = [];
  readonly #compiler = new PostgresQueryCompiler();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.queries.push(this.#compiler.compileQuery(args.node, args.queryId));
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

const LABELS: [RegExp, string][] = [
  [/search_articles\(/, 'ranked page (search_articles)'],
  [/search_side_lists\(/, 'stories, publishers and categories (search_side_lists)'],
  [/nearest_places\(/, 'radar'],
  [/personal_feed\(/, 'personal feed (personal_feed)'],
  [/AS ids\(article_id\)/, 'interaction counts'],
  [/FROM transcripts t/, 'transcript'],
  [/a\.id = ANY\(/, 'articles by ids'],
  [/c\.card, a\.summary/, 'article'],
  [/WITH ids AS MATERIALIZED/, 'feed page and total'],
];

function labelOf(sql: string): string | undefined {
  return LABELS.find(([pattern]) => pattern.test(sql))?.[1];
}

const SMALL_TABLES = new Set(['publishers', 'categories', 'stories', 'story_articles', 'playlists', 'playlist_articles']);

function analysePlan(plan: string) {
  const indexes = new Set<string>();
  for (const match of plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\w+)/g)) {
    indexes.add(match[1]!);
  }
  const seqScans = new Set<string>();
  for (const match of plan.matchAll(/Seq Scan on (\w+)/g)) {
    if (!SMALL_TABLES.has(match[1]!)) seqScans.add(match[1]!);
  }
  const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
  const planningMs = Number(/Planning Time: ([\d.]+) ms/.exec(plan)?.[1] ?? NaN);
  return { indexes: [...indexes], seqScans: [...seqScans], executionMs, planningMs };
}

export interface ExplainTargets {
  articleId: string;
  searchWord: string;
  radar: { lat: number; lon: number; radius: number };
  /** A seeded visitor (scale-seed-readers.ts), for the personal feed and the interaction counts. */
  visitorId: string;
  /** The articles whose interactions are counted. */
  interactionIds: string[];
}

/** Runs the repositories as the routes do and explains every article-domain query they send. */
export async function explainHotQueries(db: Kysely<Database>, targets: ExplainTargets): Promise<ExplainedQuery[]> {
  const page = { offset: 0, limit: 30 };
  const visitor = { type: ActorType.VISITOR, id: targets.visitorId };
  const calls: [string, (content: ReturnType<typeof createContentRepositories>, search: ReturnType<typeof createSearchRepository>) => Promise<unknown>][] = [
    ['feed', (content) => content.articles.feed({}, page)],
    ['article', (content) => content.articles.articleOf(targets.articleId)],
    ['transcript', (content) => content.articles.transcript(targets.articleId)],
    [
      'search',
      // The page's cards come with the matches, in the same statement.
      async (_content, search) => {
        await Promise.all([
          search.articles(targets.searchWord, page),
          search.sideLists(targets.searchWord, page, { stories: true, publishers: true, categories: true }),
        ]);
      },
    ],
    ['radar', (content) => content.articles.radar(targets.radar.lat, targets.radar.lon, targets.radar.radius, page)],
    ['interactions', (content) => content.interactions.counts(targets.interactionIds, visitor)],
    ['personal', (content) => personalFeedOf(content, visitor, personalFeedInput({}))],
  ];

  const explained: ExplainedQuery[] = [];
  for (const [endpoint, call] of calls) {
    const plugin = new CapturePlugin();
    const captured = db.withPlugin(plugin);
    const content = createContentRepositories(captured);
    const search = createSearchRepository(captured);
    await call(content, search);
    const queries = plugin.queries.flatMap((query) => {
      const label = labelOf(query.sql);
      return label ? [{ label, query }] : [];
    });
    for (const { label, query } of queries) {
      const parameters = [...query.parameters];
      // Warm the cache as the benchmark's warm-up does, then explain.
      for (let i = 0; i < 3; i++) await db.executeQuery(CompiledQuery.raw(query.sql, parameters));
      const result = await db.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, parameters),
      );
      const plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
      explained.push({ endpoint, label, sql: query.sql, parameters, plan, ...analysePlan(plan) });
    }
  }
  return explained;
}
