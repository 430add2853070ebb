import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { GeoIpLookup } from './integrations/geoip/geoip';
import type { ContentRepositories } from './modules/content-repositories';

/** What the route modules are built from; each module takes only the parts it needs. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  geoIp: GeoIpLookup;
  content: ContentRepositories;
  version: string;
  startedAt: number;
}
