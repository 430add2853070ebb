import { REGIONS, defaultAppConfig, type RegionDetectResponse } from '@newsreel/contracts';
import { jsonResponse, type FetchHandler } from './mock-fetch';

export const regionItems = REGIONS.map((region) => ({ ...region, grouped: region.code === 'EU' || region.code === 'SAM' }));

/** The answers the shell asks for on every page, as the server gives them. */
export function shellApi(overrides: Record<string, FetchHandler> = {}): Record<string, FetchHandler> {
  const detected: RegionDetectResponse = { regionId: 1, region: regionItems[1]!, countryCode: 'AU' };
  return {
    'GET /v1/config/app': () => defaultAppConfig('web'),
    'GET /v1/regions': () => ({ items: regionItems, page: 1, limit: 150, total: regionItems.length }),
    'GET /v1/regions/detect': () => detected,
    ...overrides,
  };
}

export const serverDown: FetchHandler = () =>
  jsonResponse({ statusCode: 503, error: 'Service Unavailable', message: 'The database is down' }, 503);
