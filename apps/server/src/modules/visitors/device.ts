import type { IncomingHttpHeaders } from 'node:http';
import { createRequire } from 'node:module';
import type { VisitorDevice } from '@newsreel/contracts';

/**
 * What a request says of the device it comes from (SPEC §3 visitor.device): the User-Agent, read
 * by ua-parser-js, corrected by the client hints Chromium browsers send (Sec-CH-UA-*). Chromium
 * freezes parts of its User-Agent (Windows 11 says "Windows NT 10.0", an Android phone says
 * "Android 10; K"), and only the hints tell the truth; the low-entropy ones (brands, mobile,
 * platform) come with every request, the others when the page asked for them (Accept-CH).
 */

/** What ua-parser-js 1.x answers; it ships no types. (1.x, not 2.x: 2.x is AGPL-3.0, which would bind the whole server; 1.x is MIT.) */
interface UAParserResult {
  browser: { name?: string; version?: string };
  os: { name?: string; version?: string };
  device: { vendor?: string; model?: string; type?: string };
  cpu: { architecture?: string };
}
const UAParser = createRequire(import.meta.url)('ua-parser-js') as new (userAgent: string) => { getResult(): UAParserResult };

/** Longer values are cut: they are labels for statistics, and a header is the caller's to fill. */
const FIELD_MAX = 64;
/** ua-parser-js reads at most this much of a User-Agent itself; cutting it first bounds the regex work. */
const USER_AGENT_MAX = 512;

/** Brands a hint list carries whose names differ from what ua-parser-js calls them. */
const BRAND_NAMES: Record<string, string> = {
  'Google Chrome': 'Chrome',
  'Microsoft Edge': 'Edge',
  'Android WebView': 'Chrome WebView',
  YaBrowser: 'Yandex',
};
/** Sec-CH-UA-Platform's names as ua-parser-js has them. */
const PLATFORM_NAMES: Record<string, string> = { macOS: 'Mac OS', 'Chrome OS': 'Chromium OS' };
/** Sec-CH-UA-Form-Factors → device type, in ua-parser-js' words where it has one. */
const FORM_FACTOR_TYPES: Record<string, string> = {
  Desktop: 'desktop',
  Mobile: 'mobile',
  Tablet: 'tablet',
  EInk: 'tablet',
  XR: 'xr',
  Watch: 'wearable',
  Automotive: 'embedded',
};
/** Operating systems of computers: a User-Agent naming one and no device type is a desktop's. */
const DESKTOP_SYSTEMS = new Set([
  'Windows', 'Mac OS', 'Linux', 'Chromium OS', 'Ubuntu', 'Debian', 'Fedora', 'Mint', 'Arch', 'SUSE', 'Gentoo',
  'CentOS', 'RedHat', 'FreeBSD', 'OpenBSD', 'NetBSD', 'Solaris',
]);

const SF_STRING = /^\s*"((?:[^"\\]|\\.)*)"\s*$/;
const SF_STRINGS = /"((?:[^"\\]|\\.)*)"/g;
const SF_BRAND = /"((?:[^"\\]|\\.)*)"\s*;\s*v\s*=\s*"((?:[^"\\]|\\.)*)"/g;
/** GREASE brands ("Not A(Brand", "Not)A;Brand", …) are there to be ignored. */
const GREASE = /^Not.A.Brand$/i;

const unescape = (text: string) => text.replace(/\\(.)/g, '$1');
const clean = (value: string | undefined | null) => {
  const text = value?.trim();
  return text ? text.slice(0, FIELD_MAX) : null;
};
const headerOf = (headers: IncomingHttpHeaders, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.slice(0, 1024);
};

/** A structured-field string header (`"Windows"`), unquoted; undefined when absent or malformed. */
function hintString(headers: IncomingHttpHeaders, name: string): string | undefined {
  const match = SF_STRING.exec(headerOf(headers, name) ?? '');
  return match ? unescape(match[1]!) : undefined;
}

/** The browser a brand list names: the first brand that is not GREASE and not the Chromium it is built on. */
function brandOf(list: string | undefined): { name: string; version: string } | undefined {
  if (!list) return undefined;
  const brands = [...list.matchAll(SF_BRAND)]
    .map((match) => ({ name: unescape(match[1]!), version: unescape(match[2]!) }))
    .filter((brand) => brand.name && !GREASE.test(brand.name));
  const brand = brands.find((candidate) => candidate.name !== 'Chromium') ?? brands[0];
  return brand && { name: BRAND_NAMES[brand.name] ?? brand.name, version: brand.version };
}

/** "14.0.0" → "14": the hints give every part of a version, the User-Agent only the ones that count. */
const shortVersion = (version: string) => version.replace(/(?:\.0)+$/, '');

/** Windows' version from Sec-CH-UA-Platform-Version (Microsoft's mapping: 13 and up is 11, 1–10 is 10). */
function windowsVersion(platformVersion: string): string | undefined {
  const major = Number(platformVersion.split('.')[0]);
  if (!Number.isFinite(major)) return undefined;
  if (major >= 13) return '11';
  return major >= 1 ? '10' : undefined;
}

/** The hinted platform version when there is one, else the User-Agent's when it names the same system. */
function osVersionOf(osName: string | undefined, platformVersion: string | undefined, parsed: { name?: string; version?: string }): string | undefined {
  const ownVersion = osName === parsed.name ? parsed.version : undefined;
  if (!platformVersion) return ownVersion;
  // Windows before 10 hints 0.x: its User-Agent says which (7, 8, 8.1).
  if (osName === 'Windows') return windowsVersion(platformVersion) ?? ownVersion;
  return shortVersion(platformVersion);
}

/** Sec-CH-UA-Arch and -Bitness in ua-parser-js' names (amd64, ia32, arm64, arm). */
function architectureOf(arch: string | undefined, bitness: string | undefined): string | undefined {
  if (!arch) return undefined;
  const wide = bitness === '64';
  if (arch === 'x86') return wide ? 'amd64' : 'ia32';
  if (arch === 'arm') return wide ? 'arm64' : 'arm';
  return arch.toLowerCase();
}

/**
 * The client hints detectDevice reads beyond those a browser sends unasked (Sec-CH-UA,
 * -Mobile, -Platform): the pages ask for them with Accept-CH, so from the page's own requests
 * on (the visitor's create and update among them) Chromium browsers tell model, OS version,
 * architecture and full browser version, which their reduced User-Agent no longer carries.
 */
export const REQUESTED_CLIENT_HINTS = [
  'Sec-CH-UA-Arch',
  'Sec-CH-UA-Bitness',
  'Sec-CH-UA-Model',
  'Sec-CH-UA-Platform-Version',
  'Sec-CH-UA-Full-Version-List',
  'Sec-CH-UA-Form-Factors',
] as const;

export function detectDevice(headers: IncomingHttpHeaders): VisitorDevice {
  const parsed = new UAParser(headerOf(headers, 'user-agent')?.slice(0, USER_AGENT_MAX) ?? '').getResult();

  const hintedBrowser = brandOf(headerOf(headers, 'sec-ch-ua-full-version-list')) ?? brandOf(headerOf(headers, 'sec-ch-ua'));
  const browserName = hintedBrowser?.name ?? parsed.browser.name;
  const fullVersionHinted = headerOf(headers, 'sec-ch-ua-full-version-list') !== undefined && hintedBrowser !== undefined;
  // The User-Agent's version is the fuller one unless the full-version list was sent.
  const browserVersion = fullVersionHinted || browserName !== parsed.browser.name ? hintedBrowser?.version : parsed.browser.version;

  const platform = hintString(headers, 'sec-ch-ua-platform');
  const hintedOs = platform && platform !== 'Unknown' ? (PLATFORM_NAMES[platform] ?? platform) : undefined;
  const osName = hintedOs ?? parsed.os.name;
  const osVersion = osVersionOf(osName, hintString(headers, 'sec-ch-ua-platform-version'), parsed.os);

  // A reduced Android User-Agent names every phone "K"; the model hint names it.
  const hintedModel = hintString(headers, 'sec-ch-ua-model');
  const model = hintedModel || (parsed.device.model === 'K' ? undefined : parsed.device.model);

  const formFactor = [...(headerOf(headers, 'sec-ch-ua-form-factors') ?? '').matchAll(SF_STRINGS)]
    .map((match) => FORM_FACTOR_TYPES[unescape(match[1]!)])
    .find(Boolean);
  const mobileHint = headerOf(headers, 'sec-ch-ua-mobile')?.trim() === '?1';
  const type =
    formFactor ?? parsed.device.type ?? (mobileHint ? 'mobile' : osName && DESKTOP_SYSTEMS.has(osName) ? 'desktop' : undefined);

  return {
    cpuArch: clean(architectureOf(hintString(headers, 'sec-ch-ua-arch'), hintString(headers, 'sec-ch-ua-bitness')) ?? parsed.cpu.architecture),
    type: clean(type),
    vendor: clean(parsed.device.vendor),
    model: clean(model),
    osName: clean(osName),
    osVersion: clean(osVersion),
    browserName: clean(browserName),
    browserVersion: clean(browserVersion),
  };
}
