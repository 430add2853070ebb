import { describe, expect, it } from 'vitest';
import { describeScreen } from './describe-screen';
import { remoteKeyOf } from './remote-keys';

const key = (init: Partial<KeyboardEvent>) => ({ key: '', keyCode: 0, altKey: false, ctrlKey: false, metaKey: false, ...init });

describe('the remote’s keys', () => {
  it('read Back from Escape, Backspace and the LG and Samsung remotes’ key codes', () => {
    for (const event of [key({ key: 'Escape' }), key({ key: 'Backspace' }), key({ key: 'Unidentified', keyCode: 461 }), key({ key: 'Unidentified', keyCode: 10009 })]) {
      expect(remoteKeyOf(event, false)).toBe('back');
    }
  });

  it('mirror left and right in a right-to-left language', () => {
    expect(remoteKeyOf(key({ key: 'ArrowRight' }), false)).toBe('next');
    expect(remoteKeyOf(key({ key: 'ArrowRight' }), true)).toBe('previous');
    expect(remoteKeyOf(key({ key: 'ArrowLeft' }), true)).toBe('next');
    expect(remoteKeyOf(key({ key: 'Enter' }), false)).toBe('ok');
    expect(remoteKeyOf(key({ key: 'ArrowRight', altKey: true }), false)).toBeNull();
    expect(remoteKeyOf(key({ key: 'a' }), false)).toBeNull();
  });
});

describe('how a screen describes itself', () => {
  it('names a TV by its maker and system', () => {
    const tizen = 'Mozilla/5.0 (SMART-TV; LINUX; Tizen 7.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/5.0 Chrome/94.0.4606.31 TV Safari/537.36';
    expect(describeScreen(tizen)).toEqual({ name: 'Samsung TV', type: 'smarttv', vendor: 'Samsung', osName: 'Tizen', browserName: 'Samsung Internet', browserVersion: '5' });
  });

  it('names another browser by the browser and its system', () => {
    const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
    expect(describeScreen(chrome)).toEqual({ name: 'Chrome on Linux', type: 'desktop', osName: 'Linux', browserName: 'Chrome', browserVersion: '140' });
  });
});
