// @vitest-environment jsdom

import { describe, expect, it } from 'vitest';
import { commandForKey, keyTargetOf } from './player-keys';

describe('commandForKey', () => {
  it('plays and pauses with Space and K', () => {
    expect(commandForKey({ key: ' ' }, 'other', 'ltr')).toEqual({ type: 'togglePlay' });
    expect(commandForKey({ key: 'k', code: 'KeyK' }, 'other', 'ltr')).toEqual({ type: 'togglePlay' });
    expect(commandForKey({ key: 'K', code: 'KeyK' }, 'button', 'ltr')).toEqual({ type: 'togglePlay' });
  });

  it('leaves Space to a focused button', () => {
    expect(commandForKey({ key: ' ' }, 'button', 'ltr')).toBeNull();
  });

  it('seeks 5 s with the arrows, the left arrow going back in left-to-right languages', () => {
    expect(commandForKey({ key: 'ArrowLeft' }, 'other', 'ltr')).toEqual({ type: 'seekBy', seconds: -5 });
    expect(commandForKey({ key: 'ArrowRight' }, 'other', 'ltr')).toEqual({ type: 'seekBy', seconds: 5 });
  });

  it('follows the mirrored seek bar in right-to-left languages', () => {
    expect(commandForKey({ key: 'ArrowLeft' }, 'other', 'rtl')).toEqual({ type: 'seekBy', seconds: 5 });
    expect(commandForKey({ key: 'ArrowRight' }, 'other', 'rtl')).toEqual({ type: 'seekBy', seconds: -5 });
  });

  it('jumps 10 s with J and L in either direction', () => {
    for (const direction of ['ltr', 'rtl'] as const) {
      expect(commandForKey({ key: 'j', code: 'KeyJ' }, 'other', direction)).toEqual({ type: 'seekBy', seconds: -10 });
      expect(commandForKey({ key: 'l', code: 'KeyL' }, 'other', direction)).toEqual({ type: 'seekBy', seconds: 10 });
    }
  });

  it('toggles sound, captions and full screen with M, C and F', () => {
    expect(commandForKey({ key: 'm', code: 'KeyM' }, 'other', 'ltr')).toEqual({ type: 'toggleMute' });
    expect(commandForKey({ key: 'c', code: 'KeyC' }, 'other', 'ltr')).toEqual({ type: 'toggleCaptions' });
    expect(commandForKey({ key: 'f', code: 'KeyF' }, 'other', 'ltr')).toEqual({ type: 'toggleFullscreen' });
  });

  it('reads letters from the physical key on non-Latin keyboard layouts', () => {
    // On an Arabic layout the M key types "ة"; on a Hebrew one the K key types "ל".
    expect(commandForKey({ key: 'ة', code: 'KeyM' }, 'other', 'rtl')).toEqual({ type: 'toggleMute' });
    expect(commandForKey({ key: 'ל', code: 'KeyK' }, 'other', 'rtl')).toEqual({ type: 'togglePlay' });
  });

  it('jumps to a tenth of the length with the digits, and to the start and end with Home and End', () => {
    expect(commandForKey({ key: '3' }, 'other', 'ltr')).toEqual({ type: 'seekToFraction', fraction: 0.3 });
    expect(commandForKey({ key: 'Home' }, 'other', 'ltr')).toEqual({ type: 'seekToFraction', fraction: 0 });
    expect(commandForKey({ key: 'End' }, 'button', 'ltr')).toEqual({ type: 'seekToFraction', fraction: 1 });
  });

  it('leaves arrows, Home and End to a focused slider, which moves its own thumb', () => {
    for (const key of ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End']) {
      expect(commandForKey({ key }, 'slider', 'ltr'), key).toBeNull();
    }
    expect(commandForKey({ key: ' ' }, 'slider', 'ltr')).toEqual({ type: 'togglePlay' });
  });

  it('changes the volume with the up and down arrows', () => {
    expect(commandForKey({ key: 'ArrowUp' }, 'other', 'ltr')).toEqual({ type: 'volumeBy', delta: 0.1 });
    expect(commandForKey({ key: 'ArrowDown' }, 'button', 'ltr')).toEqual({ type: 'volumeBy', delta: -0.1 });
  });

  it('ignores typing, browser shortcuts and other keys', () => {
    expect(commandForKey({ key: 'k', code: 'KeyK' }, 'text', 'ltr')).toBeNull();
    expect(commandForKey({ key: 'f', code: 'KeyF', ctrlKey: true }, 'other', 'ltr')).toBeNull();
    expect(commandForKey({ key: 'l', code: 'KeyL', metaKey: true }, 'other', 'ltr')).toBeNull();
    expect(commandForKey({ key: 'x', code: 'KeyX' }, 'other', 'ltr')).toBeNull();
    expect(commandForKey({ key: 'Tab' }, 'other', 'ltr')).toBeNull();
  });
});

describe('keyTargetOf', () => {
  it('tells text fields, buttons and sliders apart', () => {
    const text = document.createElement('input');
    const range = document.createElement('input');
    range.type = 'range';
    const slider = document.createElement('span');
    slider.setAttribute('role', 'slider');
    expect(keyTargetOf(text)).toBe('text');
    expect(keyTargetOf(document.createElement('textarea'))).toBe('text');
    expect(keyTargetOf(range)).toBe('slider');
    expect(keyTargetOf(slider)).toBe('slider');
    expect(keyTargetOf(document.createElement('button'))).toBe('button');
    expect(keyTargetOf(document.createElement('div'))).toBe('other');
    expect(keyTargetOf(null)).toBe('other');
  });
});
