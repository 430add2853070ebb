import {
  POLL_NEARBY_RADIUS_DEFAULT_M,
  POLL_VOTE_POSITION_DECIMALS,
  REGIONS,
  type Poll,
  type PollCounts,
  type PollCountsQuery,
  type PollList,
  type PollRequest,
  type PollVote,
  type PollVoteBody,
} from '@newsreel/contracts';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { MediaStore } from '../../integrations/storage/media-store';
import type { GeoService } from '../geo/geo-service';
import type { LivePollCatalogue } from './live-poll-catalogue';
import { questionCountsOf } from './poll-counts';
import type { PollQueries } from './poll-queries';
import type { PollRecord } from './poll-rows';
import type { VoteBatches } from './vote-batches';

const NO_POLL = 'There is no live poll with that id; it may have ended.';

const round = (value: number) => Number(value.toFixed(POLL_VOTE_POSITION_DECIMALS));

/** Latitude and longitude come together or not at all. */
function positionOf(where: string, lat: number | undefined, lon: number | undefined): { lat: number; lon: number } | null {
  if ((lat === undefined) !== (lon === undefined)) throw badRequest(`${where}.lat and ${where}.lon go together: send both or neither`);
  return lat !== undefined && lon !== undefined ? { lat, lon } : null;
}

function checkRegion(where: string, regionId: number | undefined): void {
  if (regionId !== undefined && !REGIONS.some((region) => region.id === regionId)) {
    throw badRequest(`${where}.regionId must be a region id from 0 to ${REGIONS.length - 1}`);
  }
}

/** A stored poll as readers and the studio see it: asset URLs from the media store. */
export function pollWithUrls<T extends PollRecord>(media: MediaStore, poll: T): Omit<T, 'assets'> & Pick<Poll, 'assets'> {
  return {
    ...poll,
    assets: poll.assets.map((asset) => ({ fileType: asset.fileType, fileName: asset.fileName, url: asset.uploaded ? media.url(asset.storageKey) : null })),
  };
}

export interface PollServiceDeps {
  queries: PollQueries;
  catalogue: LivePollCatalogue;
  votes: VoteBatches;
  geo: GeoService;
  media: MediaStore;
}

/** The reader's side of polls (SPEC §4 Poll offering, §7 Polls): finding, voting, results. */
export function createPollService({ queries, catalogue, votes, geo, media }: PollServiceDeps) {
  return {
    async get(id: string): Promise<Poll> {
      const poll = await queries.live(id);
      if (!poll) throw notFound(NO_POLL);
      return pollWithUrls(media, poll);
    },

    async find(request: PollRequest, page: { limit: number; offset: number }): Promise<Omit<PollList, 'page' | 'limit'>> {
      const position = positionOf('body', request.lat, request.lon);
      const found = await catalogue.find({
        type: request.type,
        visitorId: request.visitorId,
        regionIds: [...new Set(request.regionIds ?? [])],
        categoryIds: [...new Set((request.categoryIds ?? []).map((id) => id.toLowerCase()))],
        ...(position ?? {}),
        articleId: request.articleId,
        publisherId: request.publisherId,
        storyId: request.storyId,
      }, page);
      return { items: found.items.map((poll) => pollWithUrls(media, poll)), total: found.total };
    },

    /**
     * One vote, stored with the others of its batch (vote-batches.ts); only when nothing was stored
     * is the vote read apart to say why. The voter's region and position are the ones sent, else the client address's.
     */
    async vote(pollId: string, body: PollVoteBody, clientIp: string): Promise<PollVote> {
      checkRegion('body', body.regionId);
      const sent = positionOf('body', body.lat, body.lon);
      const needsLookup = body.regionId === undefined || sent === null;
      const detected = needsLookup ? geo.detectLocation(clientIp) : null;
      const position = sent ?? (detected?.lat != null && detected.lon != null ? { lat: detected.lat, lon: detected.lon } : null);
      const vote = {
        pollId,
        questionId: body.pollQuestionId.toLowerCase(),
        answerId: body.pollAnswerId.toLowerCase(),
        visitorId: body.visitorId,
        regionId: body.regionId ?? detected?.regionId ?? 0,
        lat: position ? round(position.lat) : null,
        lon: position ? round(position.lon) : null,
      };
      const stored = await votes.vote(vote);
      if (stored) {
        return { pollId: stored.poll_id, pollQuestionId: stored.question_id, pollAnswerId: stored.answer_id, createdAt: new Date(stored.created_at).toISOString() };
      }
      const why = await queries.diagnose(vote);
      if (why.poll_visibility === null || why.poll_visibility !== 0) throw notFound('There is no poll with that id.');
      if (why.question_poll_id === null) throw badRequest('body.pollQuestionId names no question; nothing was stored.');
      if (why.question_poll_id !== pollId) throw badRequest('body.pollQuestionId is a question of another poll, not of this one; nothing was stored.');
      if (why.answer_question_id === null) throw badRequest('body.pollAnswerId names no answer; nothing was stored.');
      if (why.answer_question_id !== vote.questionId) {
        throw badRequest('body.pollAnswerId is an answer of another question, not of body.pollQuestionId; nothing was stored.');
      }
      if (!why.poll_live) throw conflict('This poll is not open for votes: it has not started, is paused or has ended. Nothing was stored.', 'POLL_NOT_LIVE');
      if (why.voted_at !== null) {
        throw conflict('You have already answered this question; your first answer stands and nothing was changed.', 'ALREADY_VOTED');
      }
      throw conflict('This poll changed while your vote was being stored; nothing was stored. Try again.');
    },

    async counts(pollId: string, query: PollCountsQuery): Promise<PollCounts> {
      checkRegion('querystring', query.regionId);
      const position = positionOf('querystring', query.lat, query.lon);
      if (query.radius !== undefined && !position) throw badRequest('querystring.radius needs querystring.lat and querystring.lon');
      if (!(await queries.countable(pollId))) throw notFound('There is no poll with that id, or its results are not public.');
      const nearby = position ? { ...position, radius: query.radius ?? POLL_NEARBY_RADIUS_DEFAULT_M } : null;
      const regionId = query.regionId ?? null;
      const rows = await queries.counts(pollId, { regionId, nearby });
      return {
        pollId,
        everyone: questionCountsOf(rows, 'everyone'),
        nearby: nearby ? { ...nearby, questions: questionCountsOf(rows, 'nearby') } : null,
        region: regionId === null ? null : { regionId, questions: questionCountsOf(rows, 'region') },
      };
    },
  };
}

export type PollService = ReturnType<typeof createPollService>;
