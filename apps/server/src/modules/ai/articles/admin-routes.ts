import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ArticleAiWorkSchema,
  ArticleProcessBodySchema,
  ArticleProcessQueuedSchema,
  ArticleTranslateBodySchema,
  ArticleTranslationSchema,
  IdParamsSchema,
} from '@newsreel/contracts';
import type { AppDeps } from '../../../app-deps';
import { errorResponses } from '../../../http/errors';
import { PRIVATE_NO_STORE } from '../../../http/query';
import { auditActorOf } from '../../audit/audit-log';
import { aiProvidersOf } from '../providers/ai-provider';
import { recordAiWork } from './ai-result-record';
import { registerArticleAiJobs, SUMMARY_JOB, TRANSLATE_JOB } from './article-ai-jobs';
import { createArticleAiService } from './article-ai-service';

const WORK = 'docs/architecture.md, "AI work on articles".';

/**
 * The AI's work on articles for moderators and superusers (access table; SPEC §7 Admin article
 * extras translate and process): what it did to an article, and asking it for more. The work
 * itself runs in the background jobs this plugin registers (article-ai-jobs.ts).
 */
export const adminArticleAiRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const { primary } = aiProvidersOf(deps.config);
  const model = primary.completes ? primary : null;
  registerArticleAiJobs(deps.jobs, db, { model, record: recordAiWork });
  const service = createArticleAiService({ db, jobs: deps.jobs, model });
  const tags = ['admin articles'];
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    '/v1/admin/articles/:id/ai',
    {
      schema: {
        operationId: 'adminGetArticleAiWork',
        summary: 'What the AI did to an article: how its summary was written, and its translations',
        description: `\`translationProvider\` is null when no provider that writes is configured (translate then answers 409). 404: no such article. ${WORK}`,
        tags,
        params: IdParamsSchema,
        response: { 200: ArticleAiWorkSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => service.work(request.params.id),
  );

  app.post(
    '/v1/admin/articles/:id/translate',
    {
      schema: {
        operationId: 'adminTranslateArticle',
        summary: 'Translate an article’s title, description, summary and transcript into a language (in the background)',
        description: `202: queued (job ${TRANSLATE_JOB}); GET /v1/admin/articles/{id}/ai shows it queued, done or failed (with the error, after its retries). Once done, readers get the translated transcript with \`?language=\` on GET /v1/articles/{id}?transcript=true and /v1/articles/{id}/transcript. Recorded in the audit log (resource article-translation, id articleId/language). 409: no translation provider is configured (the request is sound, but this server cannot translate until one is set up, so it is not a 503), a translation into the language is under way, or the article's publisher gave it a transcript in that language. 400: language is not a language code, or is the article's own. 404: no such article. ${WORK}`,
        tags,
        params: IdParamsSchema,
        body: ArticleTranslateBodySchema,
        response: { 202: ArticleTranslationSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => reply.code(202).send(await service.translate(auditActorOf(request), request.params.id, request.body.language)),
  );

  app.post(
    '/v1/admin/articles/:id/process',
    {
      schema: {
        operationId: 'adminProcessArticle',
        summary: 'Have the AI do its work on an article now: `summary` writes the summary of one waiting in AI populate',
        description: `202: queued (job ${SUMMARY_JOB}, which also runs every minute for every article waiting). The summary is written from the transcript by the configured provider, else by the built-in extractive summary (sentences of the transcript), and the article moves to review (awaiting review); a moderator may reject it (reject-summary). Recorded in the audit log. 409: the article is not in AI populate. 404: no such article. ${WORK}`,
        tags,
        params: IdParamsSchema,
        body: ArticleProcessBodySchema,
        response: { 202: ArticleProcessQueuedSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => reply.code(202).send(await service.process(auditActorOf(request), request.params.id, request.body.type)),
  );
};
