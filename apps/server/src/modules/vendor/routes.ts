import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParamsSchema, VendorSchema } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses, notFound } from '../../http/errors';
import { PRIVATE_NO_STORE } from '../../http/query';
import { createUserRepository } from '../users/user-repository';

/** Vendor (/v1/vendor, SPEC §7): what a vendor's API client and its users read of their vendor. */
export const vendorRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const accounts = createUserRepository(deps.database.db);

  app.get(
    '/v1/vendor/:id',
    {
      schema: {
        operationId: 'getVendor',
        summary: 'The vendor’s own record',
        description: 'With a vendor token of one of its API keys (POST /v1/auth/vendor), or as a signed-in user of the vendor. 403 for any other vendor.',
        tags: ['vendor'],
        params: IdParamsSchema,
        response: { 200: VendorSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      const vendor = await accounts.vendor(request.params.id);
      if (!vendor) throw notFound('There is no vendor with that id.');
      return reply.header('cache-control', PRIVATE_NO_STORE).send(vendor);
    },
  );
};
