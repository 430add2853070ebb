import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminTokenSchema, VendorKeyBodySchema, VendorTokenSchema } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { userIdOf } from '../../http/access';
import { errorResponses, unauthorized } from '../../http/errors';
import { PRIVATE_NO_STORE } from '../../http/query';
import { rateLimit } from '../../http/rate-limits';
import { createApiKeyRepository } from './api-keys';

/** Auth (SPEC §7 "Auth"): tokens for the admin console and for vendors’ API clients. */
export const authRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const apiKeys = createApiKeyRepository(deps.database.db);
  const tags = ['auth'];

  app.post(
    '/v1/auth/admin',
    {
      schema: {
        operationId: 'issueAdminToken',
        summary: 'An admin-scoped access token for a signed-in admin',
        description: 'For a signed-in user who holds an admin role (superuser or moderator; send the user’s access token). /v1/admin answers only admin-scoped tokens, so the admin console asks for one here; it lives as long as an access token and is asked for again after. The role is read again on every admin call, so taking it away takes effect at once. 401: not signed in; 403: no admin role.',
        tags,
        response: { 200: AdminTokenSchema, ...errorResponses(401, 403, 503) },
      },
    },
    async (request, reply) => {
      // The access rule has checked the role; it is read here only to answer it.
      const principal = request.principal;
      if (principal?.kind !== 'user' || principal.adminRole === null) throw unauthorized('Sign in as an admin.');
      const token = await deps.tokens.issue({ scope: 'admin', userId: userIdOf(request) });
      return reply.header('cache-control', PRIVATE_NO_STORE).send({ ...token, adminRole: principal.adminRole });
    },
  );

  app.post(
    '/v1/auth/vendor',
    {
      config: rateLimit('login'),
      schema: {
        operationId: 'issueVendorToken',
        summary: 'Exchange a vendor API key for a vendor access token',
        description: 'The key (from the admin console or the vendor area, shown once when made) is the credential; the answer is a short-lived token for /v1/vendor, valid while the key is not revoked. 401: unknown or revoked key.',
        tags,
        body: VendorKeyBodySchema,
        response: { 200: VendorTokenSchema, ...errorResponses(400, 401, 429, 503) },
      },
    },
    async (request, reply) => {
      const found = await apiKeys.exchange(request.body.key);
      if (!found) throw unauthorized('That API key is not valid: it is unknown, or it was revoked.');
      const token = await deps.tokens.issue({ scope: 'vendor', apiKeyId: found.apiKeyId });
      return reply.header('cache-control', PRIVATE_NO_STORE).send({ ...token, vendor: found.vendor });
    },
  );
};
