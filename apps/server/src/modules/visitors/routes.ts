import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  VISITOR_EXTRA_MAX_BYTES,
  VISITOR_SERVER_FIELDS,
  VisitorCreateBodySchema,
  VisitorDetectionSchema,
  VisitorIdParamsSchema,
  VisitorSchema,
  VisitorUpdateBodySchema,
  apiPaths,
  type VisitorUpdateBody,
} from '@newsreel/contracts';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { PRIVATE_NO_STORE } from '../../http/query';
import { rateLimit } from '../../http/rate-limits';
import { createGeoService } from '../geo/geo-service';
import { createVisitorRepository } from './visitor-repository';
import { createVisitorService, type VisitorCaller } from './visitor-service';

/** The caller as the visitor rules see them: the signed-in user (the access layer read the token), address, headers. */
function callerOf(request: FastifyRequest): VisitorCaller {
  const principal = request.principal;
  return { userId: principal?.kind === 'user' ? principal.userId : null, ip: request.ip, headers: request.headers };
}

const DETECTED =
  'The server fills device (from the User-Agent and the Sec-CH-UA-* client hints), location and regionId (from the offline geo-IP database; null and 0 when the address cannot be placed), ipAddress (behind a proxy, from X-Forwarded-For when TRUST_PROXY is set) and updatedAt.';
const USER =
  'With an access token the visitor is linked to that user (userId in the body may be left out; another user’s id is 403). Without one, userId may not be sent (401): no one can link a visitor to someone else.';

/** Visitors (SPEC §3 Visitor, §4 visitor lifecycle, §7 "Status and visitors"). */
export const visitorRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const visitors = createVisitorService({
    visitors: createVisitorRepository(deps.database.db),
    geo: createGeoService({ geoIp: deps.geoIp, onLookupError: (err, ip) => app.log.warn({ err, ip }, 'geo-IP lookup failed') }),
  });
  const tags = ['visitors'];

  app.post(
    apiPaths.visitors,
    {
      config: rateLimit('anonymousWrite'),
      schema: {
        operationId: 'createVisitor',
        summary: 'Create the visitor of a browser',
        description: `The browser sends the id it made for itself (before its first render; it names the visitor in likes and saves already) with its screen size. 201 with the new visitor; 200 with the visitor already kept when that id exists (a retry, or a second tab), unchanged. ${DETECTED} ${USER}`,
        tags,
        body: VisitorCreateBodySchema,
        response: { 200: VisitorSchema, 201: VisitorSchema, ...errorResponses(400, 401, 403, 413, 429, 503) },
      },
    },
    async (request, reply) => {
      const { visitor, created } = await visitors.create(request.body, callerOf(request));
      return reply.code(created ? 201 : 200).header('cache-control', PRIVATE_NO_STORE).send(visitor);
    },
  );

  app.get(
    apiPaths.visitorsDetect,
    {
      schema: {
        operationId: 'detectVisitor',
        summary: 'What the server detects of the caller now, without storing it',
        description: 'The device, location, region and address a create or update would store for this caller. Never an error: an address that cannot be placed answers location null and region 0.',
        tags,
        response: { 200: VisitorDetectionSchema },
      },
    },
    async (request, reply) => reply.header('cache-control', PRIVATE_NO_STORE).send(visitors.detect(callerOf(request))),
  );

  app.get(
    '/v1/visitors/:id',
    {
      schema: {
        operationId: 'getVisitor',
        summary: 'A visitor',
        description: 'An anonymous visitor is read with its id, which only its browser knows. A visitor linked to an account (userId) holds that person’s data, so only that user reads it, with their access token: 403 for anyone else. 404 for an unknown id.',
        tags,
        params: VisitorIdParamsSchema,
        response: { 200: VisitorSchema, ...errorResponses(400, 403, 404, 503) },
      },
    },
    async (request, reply) => reply.header('cache-control', PRIVATE_NO_STORE).send(await visitors.get(request.params.id, callerOf(request))),
  );

  app.put(
    '/v1/visitors/:id',
    {
      config: rateLimit('anonymousWrite'),
      schema: {
        operationId: 'updateVisitor',
        summary: 'Refresh a visitor: screen size, user, meta and free fields',
        description: `What the body leaves out stays as it is. meta: each field given replaces the one kept (null removes it), each validated (see the schema). Any other field is a free field kept in \`extra\` (null removes it; at most ${VISITOR_EXTRA_MAX_BYTES} bytes of JSON all together, else 400 and nothing changes); ${VISITOR_SERVER_FIELDS.join(', ')} are the server's (400). Every update detects the caller anew. ${DETECTED} ${USER} 404 for an unknown id: create it with POST, with the same id.`,
        tags,
        params: VisitorIdParamsSchema,
        body: VisitorUpdateBodySchema,
        response: { 200: VisitorSchema, ...errorResponses(400, 401, 403, 404, 413, 429, 503) },
      },
    },
    async (request, reply) => {
      const visitor = await visitors.update(request.params.id, request.body as VisitorUpdateBody, callerOf(request));
      return reply.header('cache-control', PRIVATE_NO_STORE).send(visitor);
    },
  );
};
