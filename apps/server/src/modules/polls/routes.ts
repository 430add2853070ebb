import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  PAGE_LIMIT,
  POLL_NEARBY_RADIUS_DEFAULT_M,
  POLL_VOTE_POSITION_DECIMALS,
  POLL_OFFER_CANDIDATES,
  PollCountsQuerySchema,
  PollFindQuerySchema,
  PollCountsSchema,
  PollIdParamsSchema,
  PollListResponseSchema,
  PollRequestSchema,
  PollSchema,
  PollVoteBodySchema,
  PollVoteSchema,
  apiPaths,
} from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE, PUBLIC_SHORT_CACHE } from '../../http/query';
import { rateLimit } from '../../http/rate-limits';
import { createGeoService } from '../geo/geo-service';
import { createLivePollCatalogue } from './live-poll-catalogue';
import { createPollQueries } from './poll-queries';
import { createPollService } from './poll-service';
import { createVoteBatches } from './vote-batches';

/** Counts change with every vote, and a voter reads them right after voting: never kept. */
const COUNTS_CACHE = 'no-store';

/** Polls for readers (SPEC §3 Poll, §4 Poll offering, §7 "Polls (public)"). */
export const pollRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const polls = createPollService({
    queries: createPollQueries(deps.database.db),
    catalogue: createLivePollCatalogue(deps.database.db),
    votes: createVoteBatches(deps.database.db),
    geo: createGeoService({ geoIp: deps.geoIp, onLookupError: (err, ip) => app.log.warn({ err, ip }, 'geo-IP lookup failed') }),
    media: deps.media,
  });
  const tags = ['polls'];

  app.get(
    '/v1/polls/:id',
    {
      schema: {
        operationId: 'getPoll',
        summary: 'A live poll, with its questions and answers in order',
        description:
          'Only a poll that is live, public and within its start and end times is answered; any other (pending, ready, paused, ended, private, or unknown) is 404. Cached briefly by browsers and CDNs, like other public reads.',
        tags,
        params: PollIdParamsSchema,
        response: { 200: PollSchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) => reply.header('cache-control', PUBLIC_SHORT_CACHE).send(await polls.get(request.params.id.toLowerCase())),
  );

  app.post(
    apiPaths.pollsFind,
    {
      schema: {
        operationId: 'findPolls',
        summary: 'The live polls for what the reader is looking at, lowest priority first',
        description: `The live, public polls now within their times whose targets match the request: a target matches when every field it sets matches (regions and categories: any id in common; publisher, story, article: the same; a circle: lat, lon inside it), a poll matches when any of its targets does, and a poll without targets matches everyone. With \`articleId\`, the article's own categories, publisher and stories count too. With \`visitorId\`, polls whose every question that visitor has answered are left out. \`type\` keeps one type. Ordered by priority (lowest first), then oldest first, paged by \`page\` and \`limit\` in the query string (${PAGE_LIMIT} a page unless asked; the reader's app asks for ${POLL_OFFER_CANDIDATES}). SPEC §4: the client offers the first one it has not answered, and none for 24 hours after an answer. 400 when lat comes without lon or the other way round. Personal (it may name the visitor): never cached.`,
        tags,
        querystring: PollFindQuerySchema,
        body: PollRequestSchema,
        response: { 200: PollListResponseSchema, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const page = pageOf(request.query);
      const found = await polls.find(request.body, page);
      return reply.header('cache-control', PRIVATE_NO_STORE).send(listOf(found, page));
    },
  );

  app.post(
    '/v1/polls/:id/vote',
    {
      config: rateLimit('anonymousWrite'),
      schema: {
        operationId: 'votePoll',
        summary: "A visitor's answer to one question of a live poll",
        description: `One vote per visitor per question, for good: the database refuses a second even when two arrive at once. 201: stored. 400: a field is missing or malformed, the question is not this poll's (or names none), or the answer is not that question's (or names none); the message names which; nothing is stored. 404: no such poll (or it is private). 409 with code \`POLL_NOT_LIVE\`: the poll has not started, is paused or has ended. 409 with code \`ALREADY_VOTED\`: this visitor has answered this question; the first answer stands and nothing changed. The voter's region is \`regionId\`, else the client address's (0 when unknown); the position is \`lat\`/\`lon\`, else the client address's, kept rounded to ${POLL_VOTE_POSITION_DECIMALS} decimal places (about 1 km), for local results.`,
        tags,
        params: PollIdParamsSchema,
        body: PollVoteBodySchema,
        response: { 201: PollVoteSchema, ...errorResponses(400, 404, 409, 429, 503) },
      },
    },
    async (request, reply) => {
      const vote = await polls.vote(request.params.id.toLowerCase(), request.body, request.ip);
      return reply.code(201).header('cache-control', PRIVATE_NO_STORE).send(vote);
    },
  );

  app.get(
    '/v1/polls/:id/counts',
    {
      schema: {
        operationId: 'getPollCounts',
        summary: "A poll's results: everyone's, near a place and in a region",
        description: `Counted from the stored votes at the time of the call, so they always equal them: every answer of every question is listed, with its count and its share of the question's votes in that scope (percent, one decimal). \`everyone\`: all votes. \`nearby\`: voters within \`radius\` metres (default ${POLL_NEARBY_RADIUS_DEFAULT_M}) of \`lat\`, \`lon\`; null when no position is given. \`region\`: voters in \`regionId\`; null when none is given. For live and ended public polls; others 404. Never cached: a voter reads them right after voting and must see their vote.`,
        tags,
        params: PollIdParamsSchema,
        querystring: PollCountsQuerySchema,
        response: { 200: PollCountsSchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) =>
      reply.header('cache-control', COUNTS_CACHE).send(await polls.counts(request.params.id.toLowerCase(), request.query)),
  );
};
