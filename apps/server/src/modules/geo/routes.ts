import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DetectedLocationSchema,
  GROUPED_REGION_IDS,
  LocationCreateBodySchema,
  LocationDetectQuerySchema,
  LocationSchema,
  REGIONS,
  RegionDetectResponseSchema,
  RegionListResponseSchema,
  apiPaths,
  type RegionResponse,
} from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { createGeoService } from './geo-service';
import { rateLimit } from '../../http/rate-limits';
import { insertLocation } from './locations-repository';

const groupedIds = new Set<number>(Object.values(GROUPED_REGION_IDS));
const regions: RegionResponse[] = REGIONS.map((region) => ({ ...region, grouped: groupedIds.has(region.id) }));
const PUBLIC_CACHE = 'public, max-age=3600, stale-while-revalidate=86400';
// Answers that depend on the caller's address must not be shared by a CDN.
const PRIVATE_NO_STORE = 'private, no-store';

export const geoRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const geo = createGeoService({ geoIp: deps.geoIp });

  app.get(
    apiPaths.regions,
    {
      schema: {
        operationId: 'listRegions',
        summary: 'The 22 regions, in id order',
        tags: ['regions'],
        response: { 200: RegionListResponseSchema },
      },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', PUBLIC_CACHE)
        .send({ items: regions, page: 1, limit: regions.length, total: regions.length }),
  );

  app.get(
    apiPaths.regionsDetect,
    {
      schema: {
        operationId: 'detectRegion',
        summary: "The caller's region, from their IP address",
        description:
          "Looks the caller's address up in the offline geo-IP database. Countries with a region of their own map to it, other EU and EEA countries and Switzerland to Europe (4), South American ones to South America (10), anything else or an unknown address to Global (0); never an error.",
        tags: ['regions'],
        response: { 200: RegionDetectResponseSchema },
      },
    },
    async (request, reply) => {
      const { regionId, countryCode } = geo.detectRegion(request.ip);
      const region = regions[regionId] ?? regions[0]!;
      return reply.header('cache-control', PRIVATE_NO_STORE).send({ regionId: region.id, region, countryCode });
    },
  );

  app.get(
    apiPaths.locationsDetect,
    {
      schema: {
        operationId: 'detectLocation',
        summary: 'Country, city, coordinates and region of an IP address',
        description:
          "Uses the ipAddress given, or the caller's own address. An address that is private or not in the database answers with nulls and region 0.",
        tags: ['locations'],
        querystring: LocationDetectQuerySchema,
        response: { 200: DetectedLocationSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      const ip = request.query.ipAddress?.trim() || request.ip;
      return reply.header('cache-control', PRIVATE_NO_STORE).send(geo.detectLocation(ip));
    },
  );

  app.post(
    apiPaths.locations,
    {
      config: rateLimit('anonymousWrite'),
      schema: {
        operationId: 'createLocation',
        summary: 'Store a location a reader chose or their device reported',
        tags: ['locations'],
        body: LocationCreateBodySchema,
        response: { 201: LocationSchema, ...errorResponses(400, 413, 503) },
      },
    },
    async (request, reply) => {
      const location = await insertLocation(deps.database.db, request.body);
      return reply.status(201).header('cache-control', PRIVATE_NO_STORE).send(location);
    },
  );
};
