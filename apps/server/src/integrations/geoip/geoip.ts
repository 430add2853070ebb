/** What an IP address tells about where a visitor is. Every field is null when the source does not know it. */
export interface GeoIpResult {
  /** ISO 3166-1 alpha-2, upper case. */
  countryCode: string | null;
  /** English name of the country. */
  countryName: string | null;
  city: string | null;
  lat: number | null;
  lon: number | null;
}

/**
 * Looks up where an IP address is. lookup never throws: private, loopback, reserved, unknown or
 * unparsable addresses give null.
 */
export interface GeoIpLookup {
  lookup(ip: string): GeoIpResult | null;
  close?(): void;
}
