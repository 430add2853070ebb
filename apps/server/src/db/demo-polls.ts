import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { POLL_VOTE_POSITION_DECIMALS, PollStatus, PollVisibility } from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';
import { mulberry32 } from './seeded-random';

interface DemoTarget {
  regionIds?: number[];
  categories?: string[];
  publisher?: string;
  story?: string;
  circle?: { lat: number; lon: number; radius: number };
}

interface DemoPoll {
  name: string;
  priority: number;
  type: 0 | 1;
  targets: DemoTarget[];
  questions: { label: string; type?: number; field?: string; answers: string[]; weights: number[] }[];
  /** How many demo voters in each place answered every question. */
  voters: Record<string, number>;
}

interface DemoPolls {
  places: Record<string, { lat: number; lon: number; regionId: number }>;
  polls: DemoPoll[];
}

export interface DemoContentIds {
  categories: Map<string, string>;
  publishers: Map<string, string>;
  stories: Map<string, string>;
}

const DAY_MS = 86_400_000;

function pick(weights: number[], roll: number): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let at = roll * total;
  for (let i = 0; i < weights.length; i++) {
    at -= weights[i]!;
    if (at < 0) return i;
  }
  return weights.length - 1;
}

const round = (value: number) => Number(value.toFixed(POLL_VOTE_POSITION_DECIMALS));

/**
 * The demo polls (demo/polls.json): live, public, each with its targets, questions, answers and
 * votes from demo voters spread around a few cities, so "near you", "your region" and "everyone"
 * differ. A poll whose targets name content that was not seeded is left out, rather than being
 * seeded for everyone.
 */
export async function seedDemoPolls(db: Kysely<Database>, ids: DemoContentIds, dir: string, now: Date): Promise<number> {
  const demo = JSON.parse(await readFile(path.join(dir, 'polls.json'), 'utf8')) as DemoPolls;
  const targetsOf = (poll: DemoPoll) =>
    poll.targets.map((target) => ({
      region_ids: target.regionIds ?? [],
      category_ids: (target.categories ?? []).map((slug) => ids.categories.get(slug)),
      publisher_id: target.publisher === undefined ? null : ids.publishers.get(target.publisher),
      story_id: target.story === undefined ? null : ids.stories.get(target.story),
      lat: target.circle?.lat ?? null,
      lon: target.circle?.lon ?? null,
      radius: target.circle?.radius ?? null,
    }));
  const seedable = demo.polls.filter((poll) =>
    targetsOf(poll).every((target) => target.category_ids.every(Boolean) && target.publisher_id !== undefined && target.story_id !== undefined),
  );
  const votes = { question: [] as string[], visitor: [] as string[], poll: [] as string[], answer: [] as string[], region: [] as number[], lat: [] as number[], lon: [] as number[], at: [] as string[] };

  for (const [index, poll] of seedable.entries()) {
    const { id: pollId } = await db
      .insertInto('polls')
      .values({
        name: poll.name,
        priority: poll.priority,
        type: poll.type,
        status: PollStatus.LIVE,
        visibility: PollVisibility.PUBLIC,
        config: '{}',
        starts_at: null,
        ends_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const targets = targetsOf(poll);
    if (targets.length > 0) {
      await db
        .insertInto('poll_targets')
        .values(targets.map((target) => ({ ...target, poll_id: pollId, category_ids: target.category_ids as string[], publisher_id: target.publisher_id ?? null, story_id: target.story_id ?? null })))
        .execute();
    }
    const roll = mulberry32(index + 1);
    const voters = Object.entries(poll.voters).flatMap(([place, count]) => Array.from({ length: count }, (_, n) => ({ place, n })));
    for (const [position, question] of poll.questions.entries()) {
      const { id: questionId } = await db
        .insertInto('poll_questions')
        .values({ poll_id: pollId, label: question.label, type: question.type ?? 0, field: question.field ?? null, position })
        .returning('id')
        .executeTakeFirstOrThrow();
      const answerIds = (
        await db
          .insertInto('poll_answers')
          .values(question.answers.map((label, at) => ({ question_id: questionId, label, position: at })))
          .returning(['id', 'position'])
          .execute()
      )
        .sort((a, b) => a.position - b.position)
        .map((row) => row.id);
      for (const { place, n } of voters) {
        const where = demo.places[place]!;
        votes.question.push(questionId);
        votes.visitor.push(`demo-voter-${place}-${n}`);
        votes.poll.push(pollId);
        votes.answer.push(answerIds[pick(question.weights, roll())]!);
        votes.region.push(where.regionId);
        // Within about 15 km of the city centre.
        votes.lat.push(round(where.lat + (roll() - 0.5) * 0.25));
        votes.lon.push(round(where.lon + (roll() - 0.5) * 0.25));
        votes.at.push(new Date(now.getTime() - roll() * 5 * DAY_MS).toISOString());
      }
    }
  }

  if (votes.question.length > 0) {
    await sql`
      INSERT INTO poll_votes (question_id, visitor_id, poll_id, answer_id, region_id, lat, lon, place, created_at)
      SELECT q, v, p, a, r, la, lo, ll_to_earth(la, lo), c
      FROM unnest(${votes.question}::uuid[], ${votes.visitor}::text[], ${votes.poll}::uuid[], ${votes.answer}::uuid[],
        ${votes.region}::smallint[], ${votes.lat}::float8[], ${votes.lon}::float8[], ${votes.at}::timestamptz[]) AS t(q, v, p, a, r, la, lo, c)`.execute(db);
  }
  return seedable.length;
}
