import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { GeoIpLookup } from './integrations/geoip/geoip';

/** What the route modules are built from; each module takes only the parts it needs. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  geoIp: GeoIpLookup;
  version: string;
  startedAt: number;
}
