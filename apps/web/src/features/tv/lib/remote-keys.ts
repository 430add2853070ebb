/** What a key on a keyboard or a TV remote asks of the TV app. */
export type RemoteKey = 'previous' | 'next' | 'up' | 'down' | 'ok' | 'back' | 'playPause';

/**
 * The remotes' Back keys: LG webOS sends keyCode 461, Samsung Tizen 10009 (their `key` is often
 * "Unidentified"); browsers and keyboards have Escape, Backspace and BrowserBack.
 */
const BACK_KEY_CODES = new Set([461, 10009]);
const BACK_KEYS = new Set(['Escape', 'Backspace', 'BrowserBack', 'GoBack', 'XF86Back']);

/**
 * The key's meaning in the TV app, or null for one it leaves alone (and with a modifier held).
 * Left and right follow the reading direction: in a right-to-left language "next" is on the left.
 */
export function remoteKeyOf(event: Pick<KeyboardEvent, 'key' | 'keyCode' | 'altKey' | 'ctrlKey' | 'metaKey'>, rtl: boolean): RemoteKey | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (BACK_KEYS.has(event.key) || BACK_KEY_CODES.has(event.keyCode)) return 'back';
  switch (event.key) {
    case 'ArrowLeft':
      return rtl ? 'next' : 'previous';
    case 'ArrowRight':
      return rtl ? 'previous' : 'next';
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'Enter':
    case 'Select':
    case ' ':
      return 'ok';
    case 'MediaPlayPause':
      return 'playPause';
    case 'MediaTrackNext':
      return 'next';
    case 'MediaTrackPrevious':
      return 'previous';
    default:
      return null;
  }
}
