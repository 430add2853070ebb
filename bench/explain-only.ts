import { parseArgs } from 'node:util';
import { openSeedDatabase } from '../apps/server/src/db/scale-seed';
import { explainHotQueries } from './explain';
import { FIXED_RADAR, FIXED_VISITOR } from './traffic';

/**
 * EXPLAIN (ANALYZE) of the hot queries only, several times, without load: a check that needs no
 * quiet machine for its own sake (each run is one query at a time), unlike `npm run bench`.
 *   npx tsx bench/explain-only.ts --database-url postgres://postgres@127.0.0.1:5432/newsreel_bench_100000 [--runs 5] [--plans]
 * Prints, per query, the execution time of each run and their median (ms), as a Markdown table.
 */
const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    runs: { type: 'string', default: '5' },
    plans: { type: 'boolean', default: false },
    'search-word': { type: 'string', default: 'climate' },
  },
  strict: true,
});
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('--database-url (or DATABASE_URL) is required');
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number of at least 1 (got "${values.runs}")`);

const median = (numbers: number[]) => {
  const sorted = [...numbers].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const database = await openSeedDatabase({ databaseUrl, pgliteDir: '', connections: 1 });
try {
  const firstIds = await database.db.selectFrom('articles').select('id').orderBy('id').limit(30).execute();
  const articleId = firstIds[0]?.id;
  if (!articleId) throw new Error('The database holds no articles; seed it first (npm run seed -- --articles N).');
  const targets = {
    articleId,
    searchWord: values['search-word'],
    radar: FIXED_RADAR,
    visitorId: FIXED_VISITOR,
    interactionIds: firstIds.map((row) => row.id),
  };
  const times = new Map<string, number[]>();
  const plans = new Map<string, string>();
  for (let run = 0; run < runs; run++) {
    for (const query of await explainHotQueries(database.db, targets)) {
      const key = `${query.endpoint}: ${query.label}`;
      times.set(key, [...(times.get(key) ?? []), query.executionMs]);
      plans.set(key, query.plan);
    }
  }
  console.log(`| query | median | runs (ms) |\n| --- | ---: | --- |`);
  for (const [key, ms] of times) console.log(`| ${key} | ${median(ms).toFixed(1)} ms | ${ms.map((m) => m.toFixed(1)).join(', ')} |`);
  if (values.plans) for (const [key, plan] of plans) console.log(`\n### ${key}\n\n\`\`\`\n${plan}\n\`\`\``);
} finally {
  await database.close();
}
