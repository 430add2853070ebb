import type { DeviceRegistration } from '@newsreel/contracts';

/** The part of navigator.userAgentData (Chromium's client hints) read here. */
interface UserAgentData {
  brands?: readonly { brand: string; version: string }[];
  mobile?: boolean;
  platform?: string;
}

const TV_SYSTEMS: readonly { pattern: RegExp; osName: string; vendor?: string }[] = [
  { pattern: /Tizen/i, osName: 'Tizen', vendor: 'Samsung' },
  { pattern: /Web0S|webOS/i, osName: 'webOS', vendor: 'LG' },
  { pattern: /Android TV|AFT[A-Z]|GoogleTV|BRAVIA/i, osName: 'Android TV' },
  { pattern: /Roku/i, osName: 'Roku OS', vendor: 'Roku' },
  { pattern: /SMART-TV|SmartTV|HbbTV|CrKey/i, osName: 'Smart TV' },
];
const CONSOLES = /PlayStation|Xbox|Nintendo/i;
const BROWSERS: readonly [RegExp, string][] = [
  [/Edg\/([\d.]+)/, 'Edge'],
  [/OPR\/([\d.]+)/, 'Opera'],
  [/SamsungBrowser\/([\d.]+)/, 'Samsung Internet'],
  [/Firefox\/([\d.]+)/, 'Firefox'],
  [/Chrom(?:e|ium)\/([\d.]+)/, 'Chrome'],
  [/Version\/([\d.]+).*Safari/, 'Safari'],
];
const SYSTEMS: readonly [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X/, 'macOS'],
  [/Windows/, 'Windows'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const cut = (text: string | undefined, length: number) => (text ? text.slice(0, length) : undefined);

/**
 * How this screen describes itself when it registers (SPEC §3 visitor.device): read from its
 * User-Agent, which TVs mark (Tizen, webOS, …); the name is what the reader sees when pairing,
 * "Samsung TV" or "Chrome on Linux", until they rename it.
 */
export function describeScreen(userAgent: string, userAgentData?: UserAgentData): DeviceRegistration {
  const tv = TV_SYSTEMS.find((system) => system.pattern.test(userAgent));
  const browserMatch = BROWSERS.map(([pattern, name]) => [pattern.exec(userAgent), name] as const).find(([match]) => match);
  const browserName = browserMatch?.[1];
  const browserVersion = browserMatch?.[0]?.[1]?.split('.')[0];
  const osName = tv?.osName ?? userAgentData?.platform ?? SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const mobile = userAgentData?.mobile ?? /Mobi|Android/.test(userAgent);
  const type = tv ? 'smarttv' : CONSOLES.test(userAgent) ? 'console' : /iPad|Tablet/.test(userAgent) ? 'tablet' : mobile ? 'mobile' : 'desktop';
  const name = tv ? `${tv.vendor ? `${tv.vendor} ` : ''}TV` : [browserName, osName].filter(Boolean).join(' on ') || 'Screen';
  const description: DeviceRegistration = {
    name: cut(name, 80),
    type,
    vendor: cut(tv?.vendor, 64),
    osName: cut(osName, 64),
    browserName: cut(browserName, 64),
    browserVersion: cut(browserVersion, 32),
  };
  return Object.fromEntries(Object.entries(description).filter(([, value]) => value)) as DeviceRegistration;
}

/** This browser's description. */
export function describeThisScreen(): DeviceRegistration {
  const nav = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { userAgentData?: UserAgentData });
  return describeScreen(nav?.userAgent ?? '', nav?.userAgentData);
}
