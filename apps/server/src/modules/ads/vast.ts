import type { Ad } from '@newsreel/contracts';
import { fetchOutside } from '../../integrations/outside-urls/outside-fetch';

/** A VAST document larger than this is not read. */
const VAST_MAX_BYTES = 512 * 1024;
const VAST_TIMEOUT_MS = 5000;
/** Media types the web player can play, best first. */
const PLAYABLE = ['video/mp4', 'video/webm'];

/** An advertising provider that is an http(s) address is a VAST tag URL (packages/contracts app-config.ts). */
export function vastTagUrlOf(provider: string): string | null {
  return /^https?:\/\//i.test(provider.trim()) ? provider.trim() : null;
}

interface VastMediaFile {
  fileURL: string | null;
  mimeType: string | null;
  apiFramework?: string | null;
}
interface VastCreative {
  type: string;
  mediaFiles?: VastMediaFile[];
  videoClickThroughURLTemplate?: { url: string | null } | null;
}
interface VastAd {
  id: string | null;
  title: string | null;
  creatives: VastCreative[];
}

/**
 * Reads the VAST tag (through the outside-address guard: no private or loopback address unless
 * OUTSIDE_URLS_ALLOW lets it) and answers its first inline ad's linear creative as SPEC §3's Ad:
 * the first progressive media file the player can play, and the click-through. Wrappers are not
 * followed (the parser would fetch them around the guard). null: no playable ad in the document.
 */
export async function fetchVastAd(tagUrl: string, allowAddresses: readonly string[]): Promise<Ad | null> {
  const response = await fetchOutside(tagUrl, { maxBytes: VAST_MAX_BYTES, timeoutMs: VAST_TIMEOUT_MS, accept: 'application/xml, text/xml', allowAddresses });
  return parseVastAd(response.body.toString('utf8'));
}

/** The first playable linear ad of a VAST document; null when there is none, or it is not VAST. */
export async function parseVastAd(xml: string): Promise<Ad | null> {
  // Loaded with the first VAST ad: a server without VAST ads never needs them.
  const [{ DOMParser }, { VASTParser }] = await Promise.all([import('@xmldom/xmldom'), import('@dailymotion/vast-client')]);
  let parsed: { ads: VastAd[] };
  try {
    const document = new DOMParser({ onError: () => undefined }).parseFromString(xml, 'text/xml');
    parsed = (await new VASTParser().parseVAST(document, { wrapperLimit: 0, resolveAll: true })) as { ads: VastAd[] };
  } catch {
    return null;
  }
  for (const ad of parsed.ads) {
    for (const creative of ad.creatives) {
      if (creative.type !== 'linear') continue;
      const files = (creative.mediaFiles ?? []).filter((file) => file.fileURL && !file.apiFramework && /^https?:\/\//i.test(file.fileURL));
      const file = PLAYABLE.map((type) => files.find((candidate) => candidate.mimeType === type)).find(Boolean);
      if (!file?.fileURL) continue;
      const click = creative.videoClickThroughURLTemplate?.url ?? null;
      return {
        adId: `vast:${ad.id ?? file.fileURL}`.slice(0, 200),
        adtitle: ad.title ?? '',
        mediafile: { file: file.fileURL.trim() },
        clickUrl: click && /^https?:\/\//i.test(click.trim()) ? click.trim() : null,
      };
    }
  }
  return null;
}
