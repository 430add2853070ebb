import { POLL_OFFER_CANDIDATES } from '@newsreel/contracts';
import type { LoadRequest } from '../load';
import { mulberry32 } from '../../apps/server/src/db/seeded-random';

/**
 * What the poll benchmark's load is drawn from: the seeded polls' ids (each question with its
 * answers) and the ids their targets name. Sent to the load process over IPC, so plain data.
 */
export interface PollCatalogue {
  polls: { id: string; questions: { id: string; answerIds: string[] }[] }[];
  regionIds: number[];
  categoryIds: string[];
  publisherIds: string[];
  articleIds: string[];
  storyIds: string[];
  /** Centres of the circle targets, where readers ask from. */
  cities: { lat: number; lon: number }[];
}

export type PollTrafficKind = 'votes' | 'find';

export interface PollTraffic {
  kind: PollTrafficKind;
  seed: number;
  catalogue: PollCatalogue;
}

/** Up to 0.8° (~90 km) from a city, so some readers are inside its circles and some are not. */
function near(random: () => number, city: { lat: number; lon: number }) {
  return { lat: city.lat + (random() - 0.5) * 1.6, lon: city.lon + (random() - 0.5) * 1.6 };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

/**
 * The next request of the kind, drawn from the seed:
 * - votes: every vote from a visitor never seen before (one vote each), on a random question of a
 *   random poll, with a region and a position, so every answer is a new row and a 409 is an error;
 * - find: what a reader's article page asks (its first POLL_OFFER_CANDIDATES polls): one or two regions, a position near a city (most of
 *   the time), the article's categories, publisher and sometimes story, and a new visitor.
 */
export function pollRequests({ kind, seed, catalogue }: PollTraffic): () => LoadRequest {
  const random = mulberry32(seed);
  let visitor = 0;
  const visitorPrefix = `bench${seed.toString(36)}${Date.now().toString(36)}`;
  const nextVisitor = () => `${visitorPrefix}v${(visitor++).toString(36)}`;
  if (kind === 'votes') {
    return () => {
      const poll = pick(random, catalogue.polls);
      const question = pick(random, poll.questions);
      const position = near(random, pick(random, catalogue.cities));
      const body = {
        visitorId: nextVisitor(),
        pollQuestionId: question.id,
        pollAnswerId: pick(random, question.answerIds),
        regionId: pick(random, catalogue.regionIds),
        lat: position.lat,
        lon: position.lon,
      };
      return { method: 'POST', path: `/v1/polls/${poll.id}/vote`, body: JSON.stringify(body) };
    };
  }
  return () => {
    const regionIds = [pick(random, catalogue.regionIds)];
    if (random() < 0.3) regionIds.push(pick(random, catalogue.regionIds));
    const body: Record<string, unknown> = {
      visitorId: nextVisitor(),
      regionIds,
      articleId: pick(random, catalogue.articleIds),
      categoryIds: [pick(random, catalogue.categoryIds)],
      publisherId: pick(random, catalogue.publisherIds),
    };
    if (random() < 0.8) Object.assign(body, near(random, pick(random, catalogue.cities)));
    if (random() < 0.2) body.storyId = pick(random, catalogue.storyIds);
    return { method: 'POST', path: `/v1/polls/find?limit=${POLL_OFFER_CANDIDATES}`, body: JSON.stringify(body) };
  };
}
