/** API paths shared by the server's routes and the web's fetchers (SPEC §7). */
export const apiPaths = {
  status: '/status',
  regions: '/v1/regions',
  regionsDetect: '/v1/regions/detect',
  locations: '/v1/locations',
  locationsDetect: '/v1/locations/detect',
  appConfig: '/v1/config/app',
} as const;
