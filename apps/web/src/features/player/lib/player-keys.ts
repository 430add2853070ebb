/** The player's keyboard shortcuts, as the usual video sites have taught readers to expect them. */

export type PlayerCommand =
  | { type: 'togglePlay' }
  | { type: 'seekBy'; seconds: number }
  /** 0 is the start, 1 the end. */
  | { type: 'seekToFraction'; fraction: number }
  | { type: 'volumeBy'; delta: number }
  | { type: 'toggleMute' }
  | { type: 'toggleCaptions' }
  | { type: 'toggleFullscreen' };

/** What has the focus when the key is pressed; each keeps its own keys. */
export type KeyTarget = 'text' | 'button' | 'slider' | 'other';

export interface KeyPress {
  key: string;
  /** The physical key: letters still work on Arabic, Hebrew, Persian or Chinese layouts. */
  code?: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

export const ARROW_SEEK_SECONDS = 5;
export const JUMP_SEEK_SECONDS = 10;
export const VOLUME_STEP = 0.1;

const letterCommands: Record<string, PlayerCommand> = {
  k: { type: 'togglePlay' },
  j: { type: 'seekBy', seconds: -JUMP_SEEK_SECONDS },
  l: { type: 'seekBy', seconds: JUMP_SEEK_SECONDS },
  m: { type: 'toggleMute' },
  c: { type: 'toggleCaptions' },
  f: { type: 'toggleFullscreen' },
};

function letterOf({ key, code }: KeyPress): string | undefined {
  if (code && /^Key[A-Z]$/.test(code)) return code.slice(3).toLowerCase();
  return key.length === 1 ? key.toLowerCase() : undefined;
}

/**
 * The command a key press asks for, or null when the key is not the player's. Arrow keys follow
 * the seek bar as drawn: in right-to-left languages the bar runs from right to left, so the left
 * arrow moves forward in time. Letters (J back, L forward) do not mirror.
 */
export function commandForKey(press: KeyPress, target: KeyTarget, direction: 'ltr' | 'rtl'): PlayerCommand | null {
  if (press.altKey || press.ctrlKey || press.metaKey || target === 'text') return null;
  const towardsEnd = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
  switch (press.key) {
    case ' ':
    case 'Spacebar':
      // Space presses a focused button; everywhere else it plays and pauses.
      return target === 'button' ? null : { type: 'togglePlay' };
    case 'ArrowLeft':
    case 'ArrowRight':
      // A focused slider (seek bar, volume) moves its own thumb.
      if (target === 'slider') return null;
      return { type: 'seekBy', seconds: press.key === towardsEnd ? ARROW_SEEK_SECONDS : -ARROW_SEEK_SECONDS };
    case 'ArrowUp':
    case 'ArrowDown':
      if (target === 'slider') return null;
      return { type: 'volumeBy', delta: press.key === 'ArrowUp' ? VOLUME_STEP : -VOLUME_STEP };
    case 'Home':
    case 'End':
      if (target === 'slider') return null;
      return { type: 'seekToFraction', fraction: press.key === 'Home' ? 0 : 1 };
    default:
      break;
  }
  if (/^[0-9]$/.test(press.key)) return { type: 'seekToFraction', fraction: Number(press.key) / 10 };
  const letter = letterOf(press);
  return letter ? (letterCommands[letter] ?? null) : null;
}

/** Classifies the element a key press came from. */
export function keyTargetOf(element: EventTarget | null): KeyTarget {
  if (!(element instanceof HTMLElement)) return 'other';
  if (element.isContentEditable || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return 'text';
  if (element instanceof HTMLInputElement) {
    if (element.type === 'range') return 'slider';
    return ['button', 'checkbox', 'radio', 'submit', 'reset'].includes(element.type) ? 'button' : 'text';
  }
  const role = element.getAttribute('role');
  if (role === 'slider') return 'slider';
  if (element instanceof HTMLButtonElement || element instanceof HTMLAnchorElement || role === 'button' || role === 'link') return 'button';
  return 'other';
}
