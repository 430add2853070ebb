import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { manageApiPaths, MrssFeedSchema, MrssLoadQuerySchema } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses, HttpError } from '../../http/errors';
import { PRIVATE_NO_STORE } from '../../http/query';
import { fetchOutside, httpErrorOf, OutsideFetchError } from '../../integrations/outside-urls/outside-fetch';

/** A feed larger than this is refused: a week of a busy channel's items is well under 1 MB. */
export const MRSS_MAX_BYTES = 5 * 1024 * 1024;
const MRSS_TIMEOUT_MS = 10_000;

/** Media RSS import (SPEC §7 "Publisher management": GET mrss/load?url=): a feed read into drafts to review. */
export const mrssRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get(
    manageApiPaths.mrssLoad,
    {
      schema: {
        operationId: 'loadMrssFeed',
        summary: 'Read a Media RSS feed into draft articles',
        description: `Reads the RSS 2.0 feed with Media RSS at \`url\` and answers its items as drafts with every piece of metadata the feed gives (media files with type, size, duration and dimensions; thumbnails; credits; categories; keywords; transcripts; dates) and the problems that would keep each from becoming an article as it is. Nothing is stored: the publisher reviews the drafts and imports the ones they choose with POST /v1/manage/articles/bundle. For a member or admin of the active publisher. The address, and every address it redirects to, must resolve outside private networks (loopback, private, link-local, carrier-grade NAT and metadata addresses are refused: 400); the feed may be at most ${MRSS_MAX_BYTES / 1024 / 1024} MB (413) and must answer within ${MRSS_TIMEOUT_MS / 1000} s (504). 400 also when the document is not an RSS feed or declares a DOCTYPE; 502 when the feed's server fails.`,
        tags: ['manage'],
        querystring: MrssLoadQuerySchema,
        response: { 200: MrssFeedSchema, ...errorResponses(400, 401, 403, 413, 502, 503, 504) },
      },
    },
    async (request, reply) => {
      // The feed reader (and its XML parser) is loaded with the first feed read.
      const { MrssFeedError, parseMrssFeed } = await import('./mrss-feed');
      try {
        const response = await fetchOutside(request.query.url, {
          maxBytes: MRSS_MAX_BYTES,
          timeoutMs: MRSS_TIMEOUT_MS,
          accept: 'application/rss+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.1',
          allowAddresses: deps.config.outsideUrlsAllow,
        });
        const feed = parseMrssFeed(response.body.toString('utf8'), response.url);
        return reply.header('cache-control', PRIVATE_NO_STORE).send(feed);
      } catch (error) {
        if (error instanceof OutsideFetchError) throw httpErrorOf(error);
        if (error instanceof MrssFeedError) throw new HttpError(400, error.message);
        throw error;
      }
    },
  );
};
