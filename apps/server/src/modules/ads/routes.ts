import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AD_MEDIA_MAX_BYTES,
  AD_MEDIA_TYPES,
  AdminAdCreateBodySchema,
  AdminAdListQuerySchema,
  AdminAdListSchema,
  AdminAdSchema,
  AdminAdUpdateBodySchema,
  AdNextQuerySchema,
  AdSchema,
  apiPaths,
  defaultAppConfig,
  IdParamsSchema,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { errorResponses, HttpError } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { acceptRawBodies } from '../../http/raw-body';
import { OutsideFetchError } from '../../integrations/outside-urls/outside-fetch';
import { auditActorOf } from '../audit/audit-log';
import { findAppConfig } from '../config/app-config-repository';
import { hasActiveSubscription } from '../subscriptions/subscription-repository';
import { createAdService } from './ad-service';
import { fetchVastAd, vastTagUrlOf } from './vast';

const Deleted = Type.Null({ description: 'Deleted' });
const NoAd = Type.Null({ description: 'No ad now' });
const MAX_MB = AD_MEDIA_MAX_BYTES / 1024 / 1024;
const tooLarge = () => new HttpError(413, `An ad video may be at most ${MAX_MB} MB (${AD_MEDIA_MAX_BYTES} bytes); nothing was stored.`);

/**
 * Ads (issue 17 item 1; docs/architecture.md, "Ads"): the inventory admins manage (moderators and
 * superusers, the access table; every write in the audit log), and the ad the player plays next.
 */
export const adRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const db = deps.database.db;
  const ads = createAdService({ db, media: deps.media });
  const tags = ['admin ads'];
  // Ads are chosen per visitor, and the inventory is an admin's: nothing is kept by caches.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });


  app.get(
    apiPaths.adNext,
    {
      schema: {
        operationId: 'getNextAd',
        summary: 'The ad the player plays next',
        description:
          'SPEC §3 Ad {adId, adtitle, mediafile.file} and where a click takes the reader. The player asks only when its ad rules (the app config’s advertising.rules) say an ad is due. ' +
          '204, no ad: ads are off in the web app config, the signed-in caller has an active subscription, or nothing fits. ' +
          'With the built-in inventory (advertising.provider `newsreel-ads`), one of the enabled ads within their dates that target the article’s regions and categories (an ad with none targets every article; without articleId only those fit), chosen by weight, and under its daily cap for this visitor (a served ad counts). ' +
          'When advertising.provider is an http(s) address, it is a VAST tag URL: the VAST document there (VAST 2–4, inline ads; wrappers are not followed) is read through the outside-address guard and its first linear creative’s mp4 or WebM file is answered; a tag that cannot be read or has no such file is a 204. 404: no article with that articleId.',
        tags: ['ads'],
        querystring: AdNextQuerySchema,
        response: { 200: AdSchema, 204: NoAd, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) => {
      const config = (await findAppConfig(db, 'web')) ?? defaultAppConfig('web');
      const principal = request.principal;
      const subscriber = principal?.kind === 'user' && (await hasActiveSubscription(db, principal.userId));
      if (!config.advertising.enabled || subscriber) return reply.code(204).send(null);
      const tagUrl = vastTagUrlOf(config.advertising.provider);
      let ad;
      if (tagUrl) {
        ad = await fetchVastAd(tagUrl, deps.config.outsideUrlsAllow).catch((error: unknown) => {
          request.log.warn({ err: error, reason: error instanceof OutsideFetchError ? error.reason : undefined }, 'the VAST tag could not be read; no ad served');
          return null;
        });
      } else {
        ad = await ads.next(request.query.visitorId, request.query.articleId);
      }
      return ad ? ad : reply.code(204).send(null);
    },
  );

  app.get(
    '/v1/admin/ads',
    {
      schema: {
        operationId: 'adminListAds',
        summary: 'The ad inventory, newest first',
        description: '`q` matches part of the title (any case).',
        tags,
        querystring: AdminAdListQuerySchema,
        response: { 200: AdminAdListSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const page = pageOf(request.query);
      return listOf(await ads.list(request.query, page), page);
    },
  );

  app.post(
    '/v1/admin/ads',
    {
      schema: {
        operationId: 'adminCreateAd',
        summary: 'Add an ad',
        description:
          '201: created. Its video is mediaUrl (an address or a path of this server) or a file uploaded afterwards with PUT /v1/admin/ads/{id}/media; an ad without one is never served. Empty regionIds or categoryIds target every region or category. 400: a field is missing or malformed, endsAt is not after startsAt, or categoryIds names an unknown category (the message names the field).',
        tags,
        body: AdminAdCreateBodySchema,
        response: { 201: AdminAdSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await ads.create(auditActorOf(request), request.body)),
  );

  app.get(
    '/v1/admin/ads/:id',
    {
      schema: { operationId: 'adminGetAd', summary: 'One ad', tags, params: IdParamsSchema, response: { 200: AdminAdSchema, ...errorResponses(400, 401, 403, 404, 503) } },
    },
    async (request) => ads.get(request.params.id),
  );

  app.put(
    '/v1/admin/ads/:id',
    {
      schema: {
        operationId: 'adminUpdateAd',
        summary: 'Change an ad',
        description: 'Fields left out stay as they are. A new mediaUrl replaces an uploaded file (which is removed). 400 as for creating; 404: no such ad.',
        tags,
        params: IdParamsSchema,
        body: AdminAdUpdateBodySchema,
        response: { 200: AdminAdSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => ads.update(auditActorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/v1/admin/ads/:id',
    {
      schema: {
        operationId: 'adminDeleteAd',
        summary: 'Delete an ad',
        description: '204: deleted, with its uploaded file and its daily counts. 404: no such ad.',
        tags,
        params: IdParamsSchema,
        response: { 204: Deleted, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await ads.remove(auditActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // The video's bytes, raw: a parser of their own, only for this route, that stops reading past the limit.
  await app.register(async (scope) => {
    acceptRawBodies(scope, AD_MEDIA_MAX_BYTES, tooLarge);
    scope.withTypeProvider<TypeBoxTypeProvider>().put(
      '/v1/admin/ads/:id/media',
      {
        schema: {
          operationId: 'adminUploadAdMedia',
          summary: 'Upload the ad’s video',
          description: `The body is the file itself, with Content-Type ${AD_MEDIA_TYPES.join(' or ')}. 200: stored; the ad's mediaUrl is now the file's address (it replaces the last file or address). 413: larger than ${MAX_MB} MB. 415: another Content-Type, or bytes that are not that type (checked by their first bytes). 404: no such ad. Nothing is stored on any refusal.`,
          tags,
          params: IdParamsSchema,
          response: { 200: AdminAdSchema, ...errorResponses(400, 401, 403, 404, 413, 415, 503) },
        },
      },
      async (request) => ads.upload(auditActorOf(request), request.params.id, request.headers['content-type'], request.body),
    );
  });
};
