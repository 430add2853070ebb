import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AdminPollListQuerySchema,
  AdminPollListResponseSchema,
  AdminPollSchema,
  POLL_ASSET_FILE_TYPES,
  POLL_ASSET_MAX_BYTES,
  PollAnswerBodySchema,
  PollAnswerParamsSchema,
  PollAnswerSchema,
  PollAnswerUpdateBodySchema,
  PollAssetBodySchema,
  PollAssetDeleteBodySchema,
  PollAssetSchema,
  PollAssetUploadSchema,
  PollCreateBodySchema,
  PollIdParamsSchema,
  PollQuestionBodySchema,
  PollQuestionParamsSchema,
  PollQuestionSchema,
  PollQuestionUpdateBodySchema,
  PollResultsQuerySchema,
  PollResultsSchema,
  PollTargetBodySchema,
  PollTargetParamsSchema,
  PollTargetSchema,
  PollUpdateBodySchema,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { HttpError, errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { acceptRawBodies } from '../../http/raw-body';
import { auditActorOf } from '../audit/audit-log';
import { createPollAdminService } from './poll-admin-service';
import { createPollAssetService } from './poll-asset-service';
import { createPollQueries } from './poll-queries';
import { createPollRepository } from './poll-repository';

const Deleted = Type.Null({ description: 'Deleted' });
const AssetFileQuerySchema = Type.Object({ fileName: Type.String({ minLength: 1, maxLength: 200, description: 'The declared file’s name' }) });
const MAX_MB = POLL_ASSET_MAX_BYTES / 1024 / 1024;
const tooLarge = () => new HttpError(413, `A poll asset may be at most ${MAX_MB} MB (${POLL_ASSET_MAX_BYTES} bytes); nothing was stored.`);

/**
 * The poll studio (SPEC §7 "Admin" polls), for moderators and superusers (access table). Every
 * answer is `private, no-store`; every write is in the audit log (resources poll, poll-asset,
 * poll-target, poll-question, poll-answer). The rules (status changes, what a live poll or one
 * with votes allows) are in poll-admin-service.ts and docs/architecture.md, "Polls".
 */
export const adminPollRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const polls = createPollRepository(deps.database.db);
  const studio = createPollAdminService({ polls, queries: createPollQueries(deps.database.db), media: deps.media });
  const assets = createPollAssetService({ polls, media: deps.media });
  const tags = ['admin polls'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    '/v1/admin/polls',
    {
      schema: {
        operationId: 'adminListPolls',
        summary: 'Polls, filtered and sorted',
        description: '`q` matches part of the name (any case); `status`, `type`, `visibility` keep one value; `regionId` keeps polls with a target in that region. Sorted by `sort` (default priority) and `order` (default asc), then oldest first.',
        tags,
        querystring: AdminPollListQuerySchema,
        response: { 200: AdminPollListResponseSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await studio.list(request.query, page), page);
    },
  );

  app.post(
    '/v1/admin/polls',
    {
      schema: {
        operationId: 'adminCreatePoll',
        summary: 'A new poll, without questions yet',
        description: '201: created, pending unless `status` says ready. 409: a new poll cannot start live or ended (it has no questions yet). 400: a field is missing or malformed, or endsAt is not after startsAt.',
        tags,
        body: PollCreateBodySchema,
        response: { 201: AdminPollSchema, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await studio.create(auditActorOf(request), request.body)),
  );

  app.get(
    '/v1/admin/polls/:id',
    {
      schema: {
        operationId: 'adminGetPoll',
        summary: 'A poll with its questions, answers, targets, assets and vote count',
        tags,
        params: PollIdParamsSchema,
        response: { 200: AdminPollSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => studio.get(request.params.id),
  );

  app.put(
    '/v1/admin/polls/:id',
    {
      schema: {
        operationId: 'adminUpdatePoll',
        summary: 'Change a poll’s fields or status',
        description:
          'Fields left out stay as they are. Status: pending → ready → live → ended; live may go back to ready (paused), ready back to pending, and ready may be ended; ended is final. Going live needs at least one question, each with at least two answers (a visitor-meta question: one). 409 names the rule a change breaks; 404: no such poll.',
        tags,
        params: PollIdParamsSchema,
        body: PollUpdateBodySchema,
        response: { 200: AdminPollSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => studio.update(auditActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v1/admin/polls/:id',
    {
      schema: {
        operationId: 'adminDeletePoll',
        summary: 'Delete a poll, with its votes',
        description: '204: deleted, with its questions, answers, targets, assets and votes. 409: the poll is live and has votes: end it first. 404: no such poll.',
        tags,
        params: PollIdParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      await studio.remove(auditActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ── Assets ──
  app.put(
    '/v1/admin/polls/:id/asset',
    {
      schema: {
        operationId: 'adminDeclarePollAsset',
        summary: 'Declare an image or video for a poll; its bytes go to uploadUrl',
        description: `Declares \`fileName\` of \`fileType\` (one of ${POLL_ASSET_FILE_TYPES.join(', ')}); declaring a name again replaces that file. Then PUT the bytes to \`uploadUrl\` with the same token and \`Content-Type: fileType\` (at most ${MAX_MB} MB); until then the asset's url is null. 404: no such poll.`,
        tags,
        params: PollIdParamsSchema,
        body: PollAssetBodySchema,
        response: { 200: PollAssetUploadSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => assets.declare(auditActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v1/admin/polls/:id/asset',
    {
      schema: {
        operationId: 'adminDeletePollAsset',
        summary: 'Remove a poll’s asset, and its file',
        tags,
        params: PollIdParamsSchema,
        body: PollAssetDeleteBodySchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await assets.remove(auditActorOf(request), request.params.id, request.body.fileName);
      return reply.code(204).send(null);
    },
  );

  // The file's bytes, raw: a parser of their own, only for this route, that stops reading past the limit.
  await app.register(async (scope) => {
    acceptRawBodies(scope, POLL_ASSET_MAX_BYTES, tooLarge);

    scope.withTypeProvider<TypeBoxTypeProvider>().put(
      '/v1/admin/polls/:id/asset/file',
      {
        schema: {
          operationId: 'adminUploadPollAsset',
          summary: 'Upload the bytes of a declared poll asset',
          description: `The uploadUrl that PUT /v1/admin/polls/{id}/asset answered. The body is the file itself, with \`Content-Type\` the declared fileType. 200: stored and served at the asset's url; a new upload replaces the last. 413: larger than ${MAX_MB} MB. 415: another Content-Type, or bytes that are not the declared type (checked by their first bytes). 404: no such poll, or no asset of that name declared. Nothing is stored on any refusal.`,
          tags,
          params: PollIdParamsSchema,
          querystring: AssetFileQuerySchema,
          response: { 200: PollAssetSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 503) },
        },
      },
      async (request) => assets.upload(auditActorOf(request), request.params.id, request.query.fileName, request.headers['content-type'], request.body),
    );
  });

  // ── Targets ──
  app.get(
    '/v1/admin/polls/:id/targets',
    {
      schema: {
        operationId: 'adminListPollTargets',
        summary: 'Whom a poll is offered to',
        description: 'A target matches a reader when every field it sets matches; a poll matches when any target does; a poll without targets is for everyone.',
        tags,
        params: PollIdParamsSchema,
        response: { 200: Type.Array(PollTargetSchema), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => studio.targets(request.params.id),
  );

  app.post(
    '/v1/admin/polls/:id/targets',
    {
      schema: {
        operationId: 'adminCreatePollTarget',
        summary: 'Add a target',
        description: '400: it sets nothing, sets only part of a circle (lat, lon and radius go together), or names a publisher, story, article or category that does not exist.',
        tags,
        params: PollIdParamsSchema,
        body: PollTargetBodySchema,
        response: { 201: PollTargetSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await studio.createTarget(auditActorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/v1/admin/polls/:id/targets/:targetId',
    {
      schema: {
        operationId: 'adminGetPollTarget',
        summary: 'One target',
        tags,
        params: PollTargetParamsSchema,
        response: { 200: PollTargetSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => studio.target(request.params.id, request.params.targetId),
  );

  app.put(
    '/v1/admin/polls/:id/targets/:targetId',
    {
      schema: {
        operationId: 'adminUpdatePollTarget',
        summary: 'Change a target',
        description: 'Fields left out stay; null clears one. The result must still set something, and a whole circle or none.',
        tags,
        params: PollTargetParamsSchema,
        body: PollTargetBodySchema,
        response: { 200: PollTargetSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => studio.updateTarget(auditActorOf(request), request.params.id, request.params.targetId, request.body),
  );

  app.delete(
    '/v1/admin/polls/:id/targets/:targetId',
    {
      schema: {
        operationId: 'adminDeletePollTarget',
        summary: 'Remove a target',
        description: 'A poll whose last target is removed is offered to everyone.',
        tags,
        params: PollTargetParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await studio.removeTarget(auditActorOf(request), request.params.id, request.params.targetId);
      return reply.code(204).send(null);
    },
  );

  // ── Questions ──
  app.get(
    '/v1/admin/polls/:id/questions',
    {
      schema: {
        operationId: 'adminListPollQuestions',
        summary: 'A poll’s questions with their answers, in order',
        tags,
        params: PollIdParamsSchema,
        response: { 200: Type.Array(PollQuestionSchema), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => studio.questions(request.params.id),
  );

  app.post(
    '/v1/admin/polls/:id/questions',
    {
      schema: {
        operationId: 'adminCreatePollQuestion',
        summary: 'Add a question',
        description:
          'Last, or at `order` (the others move down). A visitor-meta question (type 2) must name `field`; others must not. 409: the poll is live (pause it first) or has the most questions a poll may have.',
        tags,
        params: PollIdParamsSchema,
        body: PollQuestionBodySchema,
        response: { 201: PollQuestionSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await studio.createQuestion(auditActorOf(request), request.params.id, request.body)),
  );

  app.get(
    '/v1/admin/polls/:id/questions/:questionId',
    {
      schema: {
        operationId: 'adminGetPollQuestion',
        summary: 'One question with its answers',
        tags,
        params: PollQuestionParamsSchema,
        response: { 200: PollQuestionSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => studio.question(request.params.id, request.params.questionId),
  );

  app.put(
    '/v1/admin/polls/:id/questions/:questionId',
    {
      schema: {
        operationId: 'adminUpdatePollQuestion',
        summary: 'Relabel, retype or move a question',
        description:
          'The label may change at any time, votes or not. `order` moves the question there; the others move to make room. Changing type or field is refused (409) while the poll is live.',
        tags,
        params: PollQuestionParamsSchema,
        body: PollQuestionUpdateBodySchema,
        response: { 200: PollQuestionSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => studio.updateQuestion(auditActorOf(request), request.params.id, request.params.questionId, request.body),
  );

  app.delete(
    '/v1/admin/polls/:id/questions/:questionId',
    {
      schema: {
        operationId: 'adminDeletePollQuestion',
        summary: 'Delete a question and its answers',
        description: '409: it has votes (they would be lost: relabel it instead), or the poll is live (pause it first).',
        tags,
        params: PollQuestionParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      await studio.removeQuestion(auditActorOf(request), request.params.id, request.params.questionId);
      return reply.code(204).send(null);
    },
  );

  // ── Answers ──
  app.get(
    '/v1/admin/polls/:id/questions/:questionId/answers',
    {
      schema: {
        operationId: 'adminListPollAnswers',
        summary: 'A question’s answers, in order',
        tags,
        params: PollQuestionParamsSchema,
        response: { 200: Type.Array(PollAnswerSchema), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => studio.answers(request.params.id, request.params.questionId),
  );

  app.post(
    '/v1/admin/polls/:id/questions/:questionId/answers',
    {
      schema: {
        operationId: 'adminCreatePollAnswer',
        summary: 'Add an answer',
        description: 'Last, or at `order` (the others move down). 409: the poll is live (pause it first) or the question has the most answers it may have.',
        tags,
        params: PollQuestionParamsSchema,
        body: PollAnswerBodySchema,
        response: { 201: PollAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await studio.createAnswer(auditActorOf(request), request.params.id, request.params.questionId, request.body)),
  );

  app.get(
    '/v1/admin/polls/:id/questions/:questionId/answers/:answerId',
    {
      schema: {
        operationId: 'adminGetPollAnswer',
        summary: 'One answer',
        tags,
        params: PollAnswerParamsSchema,
        response: { 200: PollAnswerSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => studio.answer(request.params.id, request.params.questionId, request.params.answerId),
  );

  app.put(
    '/v1/admin/polls/:id/questions/:questionId/answers/:answerId',
    {
      schema: {
        operationId: 'adminUpdatePollAnswer',
        summary: 'Relabel or move an answer',
        description: 'Allowed at any time, votes or not. `order` moves the answer there; the others move to make room.',
        tags,
        params: PollAnswerParamsSchema,
        body: PollAnswerUpdateBodySchema,
        response: { 200: PollAnswerSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => studio.updateAnswer(auditActorOf(request), request.params.id, request.params.questionId, request.params.answerId, request.body),
  );

  app.delete(
    '/v1/admin/polls/:id/questions/:questionId/answers/:answerId',
    {
      schema: {
        operationId: 'adminDeletePollAnswer',
        summary: 'Delete an answer',
        description: '409: it has votes (they would be lost: relabel it instead), or the poll is live (pause it first).',
        tags,
        params: PollAnswerParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      await studio.removeAnswer(auditActorOf(request), request.params.id, request.params.questionId, request.params.answerId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/v1/admin/polls/:id/results/counts',
    {
      schema: {
        operationId: 'adminGetPollResults',
        summary: 'A poll’s results, everyone’s or one region’s, with votes per region',
        description: 'Counted from the stored votes at the time of the call; every answer is listed. With `regionId`, only voters in that region. Any status.',
        tags,
        params: PollIdParamsSchema,
        querystring: PollResultsQuerySchema,
        response: { 200: PollResultsSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => studio.results(request.params.id, request.query.regionId),
  );
};
