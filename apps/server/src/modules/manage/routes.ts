import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AdminArticleSchema,
  ArticleCachePurgeSchema,
  IdParamsSchema,
  ManageArticleBundleCreateBodySchema,
  ManageArticleBundleUpdateBodySchema,
  ManageArticleListQuerySchema,
  ManageArticleListResponseSchema,
  ManageArticleSearchQuerySchema,
  ManagedPublisherSchema,
  ManagePublisherBrandingBodySchema,
  ManagePublisherSettingsBodySchema,
  MemberUserListSchema,
  PaginationQuerySchema,
  PUBLISHER_IMAGE_FILE_TYPES,
  PUBLISHER_IMAGE_MAX_BYTES,
  PublisherImageParamsSchema,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { actingPublisherIdOf } from '../../http/access';
import { HttpError, errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { acceptRawBodies } from '../../http/raw-body';
import { publicAnswers } from '../../http/response-cache';
import { purgeArticleCaches, READS_OF_ARTICLES } from '../articles/article-caches';
import { publishingRunAt } from '../articles/article-jobs';
import { auditActorOf } from '../audit/audit-log';
import { createUserRepository } from '../users/user-repository';
import { createManageArticleService } from './manage-article-service';
import { createPublisherSettingsService } from './publisher-settings-service';

const Deleted = Type.Null({ description: 'Deleted' });
const MAX_MB = PUBLISHER_IMAGE_MAX_BYTES / 1024 / 1024;
const tooLarge = () => new HttpError(413, `A logo or banner may be at most ${MAX_MB} MB (${PUBLISHER_IMAGE_MAX_BYTES} bytes); nothing was stored.`);
const LIFECYCLE = 'States move only by the article lifecycle (docs/architecture.md, "Article lifecycle" and "The publisher’s workflow").';
const ACTIVE_PUBLISHER =
  'The articles are those of the caller’s active publisher (GET /v1/users/publishers lists theirs; PUT /v1/users/publisher {publisherId} chooses one); 403 when none is chosen. An article of another publisher answers 404, as a missing one does.';
const MINIMUMS = 'SPEC §5 minimums: title at least 12 characters, slug at least 6 (lower-case words joined by dashes, unique), description 50 to 400; 400 names the field.';

/**
 * Publisher management (/v1/manage, SPEC §7): a publisher's users, settings and branding (named
 * in the path, for its admins) and its own articles (the caller's active publisher, for its members
 * and admins), as the access table says. Every answer is `private, no-store`; every write is in
 * the audit log as the publisher user's, and purges what readers are answered.
 */
export const manageRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const accounts = createUserRepository(db);
  const answers = publicAnswers(db);
  const settings = createPublisherSettingsService({ db, media: deps.media, changed: () => answers.forget(...READS_OF_ARTICLES) });
  const studio = createManageArticleService({
    db,
    media: deps.media,
    purge: (articleId) => purgeArticleCaches(db, articleId),
    // The job's run every minute covers a run that could not be queued.
    wakeAt: (at) => void publishingRunAt(deps.jobs, at).catch((error: unknown) => app.log.warn({ err: error, at }, 'could not queue the publishing job for a scheduled article')),
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    '/v1/manage/publishers/:id/users',
    {
      schema: {
        operationId: 'listPublisherUsers',
        summary: 'The publisher’s users and their account roles',
        description: 'For the publisher’s admins (account role 0); members and users of other publishers get 403. Admins first, then by email.',
        tags: ['manage'],
        params: IdParamsSchema,
        querystring: PaginationQuerySchema,
        response: { 200: MemberUserListSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await accounts.publisherUsers(request.params.id, page), page);
    },
  );

  // ── Settings and branding ──
  const settingsTags = ['manage settings'];

  app.get(
    '/v1/manage/publishers/:id/settings',
    {
      schema: {
        operationId: 'manageGetPublisherSettings',
        summary: 'The publisher’s settings and branding, with its declared logo and banner',
        description: 'What the settings and branding forms start from: the public publisher (GET /v1/publishers/{id}) and `assets`, the logo and banner declared (url null while their bytes are not uploaded yet).',
        tags: settingsTags,
        params: IdParamsSchema,
        response: { 200: ManagedPublisherSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => settings.get(request.params.id),
  );

  app.put(
    '/v1/manage/publishers/:id/settings',
    {
      schema: {
        operationId: 'manageUpdatePublisherSettings',
        summary: 'Change the publisher’s name, description, website, default language and region',
        description:
          'Fields left out stay as they are; `website` null clears it. The public publisher page, its cards, search and its articles show the new values at once (this server forgets its cached answers; others within 10 s). `defaultLanguage` and `defaultRegionId` are what new articles take when they name none. 400: a field is malformed (the message names it).',
        tags: settingsTags,
        params: IdParamsSchema,
        body: ManagePublisherSettingsBodySchema,
        response: { 200: ManagedPublisherSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => settings.updateSettings(auditActorOf(request), request.params.id, request.body),
  );

  app.put(
    '/v1/manage/publishers/:id/settings/branding',
    {
      schema: {
        operationId: 'manageUpdatePublisherBranding',
        summary: 'Set the publisher’s colours, and declare or remove its logo and banner',
        description: `Fields left out stay as they are; a colour null removes it. Colours must be hex, rgb(), rgba(), hsl(), hsla() or color() notation (SPEC §5): anything else is a 400 naming the field, and nothing changes. \`logo\` / \`banner\` {fileType, fileName} declares a new image (${PUBLISHER_IMAGE_FILE_TYPES.join(', ')}): then PUT its bytes to the answer's \`assets.logo.uploadUrl\` (or banner's); the current image is shown until then. null removes the image at once. Colours show in the public publisher's \`branding\` as primaryColour, secondaryColour and backgroundColour.`,
        tags: settingsTags,
        params: IdParamsSchema,
        body: ManagePublisherBrandingBodySchema,
        response: { 200: ManagedPublisherSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => settings.updateBranding(auditActorOf(request), request.params.id, request.body),
  );

  // The image's bytes, raw: a parser of their own, only for this route, that stops reading past the limit.
  await app.register(async (scope) => {
    acceptRawBodies(scope, PUBLISHER_IMAGE_MAX_BYTES, tooLarge);
    scope.withTypeProvider<TypeBoxTypeProvider>().put(
      '/v1/manage/publishers/:id/settings/branding/:image',
      {
        schema: {
          operationId: 'manageUploadPublisherImage',
          summary: 'Upload the bytes of the declared logo or banner',
          description: `The uploadUrl of a logo or banner declared with PUT /v1/manage/publishers/{id}/settings/branding. The body is the file itself, with \`Content-Type\` its declared fileType. 200: stored, and shown at once as the publisher's logoUrl or bannerUrl (the previous file is removed). 413: larger than ${MAX_MB} MB. 415: another Content-Type, or bytes that are not the declared type (checked by their first bytes). 404: nothing of that kind declared. 409: declared again or removed meanwhile. 503: the media store cannot take files right now (Retry-After). Nothing is stored on any refusal.`,
          tags: settingsTags,
          params: PublisherImageParamsSchema,
          response: { 200: ManagedPublisherSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 415, 503) },
        },
      },
      async (request) => settings.uploadImage(auditActorOf(request), request.params.id, request.params.image, request.headers['content-type'], request.body),
    );
  });

  // ── Articles ──
  const articleTags = ['manage articles'];

  app.get(
    '/v1/manage/articles',
    {
      schema: {
        operationId: 'manageListArticles',
        summary: 'The publisher’s own articles in every status and review status, filtered and sorted',
        description: `${ACTIVE_PUBLISHER} \`status\`, \`reviewStatus\`, \`language\` and \`categoryId\` keep one value each; \`q\` matches part of the title (any case, accents ignored), or the exact slug or id. Sorted by \`sort\` (default createdAt) and \`order\` (default desc), then by id; missing times sort last. Each article carries the moderator's \`reviewNote\` when it was sent back. \`total\` is exact when the list ends within 300 articles after this page, otherwise it means "at least this many".`,
        tags: articleTags,
        querystring: ManageArticleListQuerySchema,
        response: { 200: ManageArticleListResponseSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await studio.list(actingPublisherIdOf(request), request.query, page), page);
    },
  );

  app.get(
    '/v1/manage/articles/search',
    {
      schema: {
        operationId: 'manageSearchArticles',
        summary: 'Search the publisher’s own articles, best match first',
        description: `${ACTIVE_PUBLISHER} \`q\`: words in the title, description, summary or transcript (stemmed, accents ignored; "quotes" and -not as in a web search), part of the title, or the exact slug or id. Every status.`,
        tags: articleTags,
        querystring: ManageArticleSearchQuerySchema,
        response: { 200: ManageArticleListResponseSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await studio.search(actingPublisherIdOf(request), request.query.q, page), page);
    },
  );

  app.get(
    '/v1/manage/articles/:id',
    {
      schema: {
        operationId: 'manageGetArticle',
        summary: 'One of the publisher’s articles, in any state, with its review note and media',
        description: `${ACTIVE_PUBLISHER}`,
        tags: articleTags,
        params: IdParamsSchema,
        response: { 200: AdminArticleSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => studio.get(actingPublisherIdOf(request), request.params.id),
  );

  app.delete(
    '/v1/manage/articles/:id',
    {
      schema: {
        operationId: 'manageDeleteArticle',
        summary: 'Delete one of the publisher’s articles',
        description: `${ACTIVE_PUBLISHER} 204: deleted, with its media records, transcripts, likes, saves and views, and its places in stories and playlists; purged from the caches.`,
        tags: articleTags,
        params: IdParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await studio.remove(auditActorOf(request), actingPublisherIdOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/v1/manage/articles/:id/cache',
    {
      schema: {
        operationId: 'managePurgeArticleCache',
        summary: 'Purge one of the publisher’s articles from every cache this server keeps',
        description: `${ACTIVE_PUBLISHER} Forgets the article’s public answers (the article, and every list, search, story and playlist answer that may hold it) and its drawn preview image in this server process, as the admin's purge does. Other server processes forget theirs within 10 s; browsers and CDNs revalidate after their 30 s max-age.`,
        tags: articleTags,
        params: IdParamsSchema,
        response: { 200: ArticleCachePurgeSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => ({ articleId: request.params.id, purged: await studio.purgeCaches(auditActorOf(request), actingPublisherIdOf(request), request.params.id) }),
  );

  app.post(
    '/v1/manage/articles/bundle',
    {
      schema: {
        operationId: 'manageCreateArticleBundle',
        summary: 'Create an article with its categories, regions, place, schedule and media in one request',
        description: `${ACTIVE_PUBLISHER} ${MINIMUMS} \`language\` and \`regionIds\` default to the publisher's defaultLanguage and [defaultRegionId]. With \`submit\` (default true) the new article is sent on at once: preparing (2) while it has no playable media (video, audio, dubbed video), AI populate (4) while it has no summary, else review (5) / awaiting review (1); with submit false it stays a draft (pending 0). Once a moderator approves it, it goes live, or at its \`scheduledAt\` (scheduled 3, put live by the publishing job). 201: the article. 409: the slug is taken. 400: a field is malformed or a category does not exist. ${LIFECYCLE}`,
        tags: articleTags,
        body: ManageArticleBundleCreateBodySchema,
        response: { 201: AdminArticleSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await studio.create(auditActorOf(request), actingPublisherIdOf(request), request.body)),
  );

  app.put(
    '/v1/manage/articles/bundle/:id',
    {
      schema: {
        operationId: 'manageUpdateArticleBundle',
        summary: 'Change one of the publisher’s articles: fields, categories, regions, place, schedule and media',
        description: `${ACTIVE_PUBLISHER} Fields left out stay as they are; \`media\` replaces the whole list. ${MINIMUMS} A draft or an article sent back (pending) is sent on for review unless \`submit\` is false. A live or scheduled article that is changed leaves the feeds (and its schedule) at once and goes back through review like a draft, so no change reaches readers unreviewed; it is live again once a moderator approves it. One waiting for its media (preparing) moves on once it has playable media; one in AI populate or review stays there with its changes. 409: the slug is taken. ${LIFECYCLE}`,
        tags: articleTags,
        params: IdParamsSchema,
        body: ManageArticleBundleUpdateBodySchema,
        response: { 200: AdminArticleSchema, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => studio.update(auditActorOf(request), actingPublisherIdOf(request), request.params.id, request.body),
  );
};
