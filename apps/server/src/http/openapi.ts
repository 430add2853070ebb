import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/** OpenAPI at /docs/json, generated from the route schemas, with a browsable UI at /docs. */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Newsreel API',
        version,
        description:
          'The API behind Newsreel: articles, stories, regions, polls and the areas of publishers, vendors and admins. Lists answer `{ items, page, limit, total }`; errors answer `{ statusCode, error, message }`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, index) => String(json.$id ?? `schema-${index}`),
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}
