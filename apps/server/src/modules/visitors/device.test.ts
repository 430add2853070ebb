import { describe, expect, it } from 'vitest';
import { detectDevice } from './device';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const CHROME_ANDROID = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1';
const SAFARI_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15';
const FIREFOX_UBUNTU = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0';
const SAMSUNG_TV =
  'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36';
const CHROME_BRANDS = '"Chromium";v="124", "Google Chrome";v="124", "Not-A.Brand";v="99"';

const NOTHING = { cpuArch: null, type: null, vendor: null, model: null, osName: null, osVersion: null, browserName: null, browserVersion: null };

describe('detectDevice', () => {
  it('reads browsers, systems and devices from the User-Agent alone', () => {
    expect(detectDevice({ 'user-agent': SAFARI_IPHONE })).toEqual({
      ...NOTHING,
      type: 'mobile',
      vendor: 'Apple',
      model: 'iPhone',
      osName: 'iOS',
      osVersion: '17.4.1',
      browserName: 'Mobile Safari',
      browserVersion: '17.4.1',
    });
    expect(detectDevice({ 'user-agent': FIREFOX_UBUNTU })).toEqual({
      ...NOTHING,
      cpuArch: 'amd64',
      type: 'desktop',
      osName: 'Ubuntu',
      browserName: 'Firefox',
      browserVersion: '125.0',
    });
    expect(detectDevice({ 'user-agent': SAFARI_MAC })).toMatchObject({ type: 'desktop', vendor: 'Apple', osName: 'Mac OS', browserName: 'Safari' });
    expect(detectDevice({ 'user-agent': SAMSUNG_TV })).toMatchObject({ type: 'smarttv', vendor: 'Samsung', osName: 'Tizen' });
  });

  it('knows nothing of a request without a User-Agent, or with one it cannot read', () => {
    expect(detectDevice({})).toEqual(NOTHING);
    expect(detectDevice({ 'user-agent': 'curl/8.5.0' })).toMatchObject({ type: null, osName: null });
  });

  it('takes what the client hints say over what a frozen Chromium User-Agent says', () => {
    const windows11 = detectDevice({
      'user-agent': CHROME_WINDOWS,
      'sec-ch-ua': CHROME_BRANDS,
      'sec-ch-ua-mobile': '?0',
      'sec-ch-ua-platform': '"Windows"',
      'sec-ch-ua-platform-version': '"15.0.0"',
      'sec-ch-ua-arch': '"arm"',
      'sec-ch-ua-bitness': '"64"',
      'sec-ch-ua-full-version-list': '"Chromium";v="124.0.6367.91", "Google Chrome";v="124.0.6367.91", "Not-A.Brand";v="99.0.0.0"',
    });
    expect(windows11).toEqual({
      ...NOTHING,
      cpuArch: 'arm64',
      type: 'desktop',
      osName: 'Windows',
      osVersion: '11',
      browserName: 'Chrome',
      browserVersion: '124.0.6367.91',
    });

    const pixel = detectDevice({
      'user-agent': CHROME_ANDROID,
      'sec-ch-ua': CHROME_BRANDS,
      'sec-ch-ua-mobile': '?1',
      'sec-ch-ua-platform': '"Android"',
      'sec-ch-ua-platform-version': '"14.0.0"',
      'sec-ch-ua-model': '"Pixel 7"',
    });
    expect(pixel).toMatchObject({ type: 'mobile', model: 'Pixel 7', osName: 'Android', osVersion: '14', browserName: 'Chrome', browserVersion: '124.0.0.0' });
  });

  it('keeps the frozen User-Agent’s values where no hint corrects them, but not its placeholder model', () => {
    const phone = detectDevice({ 'user-agent': CHROME_ANDROID, 'sec-ch-ua': CHROME_BRANDS, 'sec-ch-ua-mobile': '?1', 'sec-ch-ua-platform': '"Android"' });
    expect(phone).toMatchObject({ model: null, osName: 'Android', osVersion: '10', type: 'mobile' });
    const windows10 = detectDevice({ 'user-agent': CHROME_WINDOWS, 'sec-ch-ua-platform': '"Windows"', 'sec-ch-ua-platform-version': '"10.0.0"' });
    expect(windows10).toMatchObject({ osName: 'Windows', osVersion: '10' });
  });

  it('names the browser a brand list names, not the Chromium under it nor the GREASE brand', () => {
    const brave = detectDevice({ 'user-agent': CHROME_WINDOWS, 'sec-ch-ua': '"Brave";v="124", "Chromium";v="124", "Not)A;Brand";v="99"' });
    expect(brave).toMatchObject({ browserName: 'Brave', browserVersion: '124' });
    const edge = detectDevice({ 'sec-ch-ua': '"Not_A Brand";v="8", "Chromium";v="120", "Microsoft Edge";v="120"', 'sec-ch-ua-platform': '"macOS"' });
    expect(edge).toMatchObject({ browserName: 'Edge', browserVersion: '120', osName: 'Mac OS', type: 'desktop' });
    const chromium = detectDevice({ 'sec-ch-ua': '"Chromium";v="124", "Not-A.Brand";v="99"' });
    expect(chromium).toMatchObject({ browserName: 'Chromium', browserVersion: '124' });
  });

  it('reads the form factor hint as the device type', () => {
    expect(detectDevice({ 'user-agent': CHROME_ANDROID, 'sec-ch-ua-form-factors': '"Tablet"' })).toMatchObject({ type: 'tablet' });
    expect(detectDevice({ 'sec-ch-ua-form-factors': '"XR"' })).toMatchObject({ type: 'xr' });
  });

  it('treats header values as data: malformed hints are ignored and long values cut', () => {
    const odd = detectDevice({
      'user-agent': SAFARI_IPHONE,
      'sec-ch-ua-platform': 'Windows',
      'sec-ch-ua-model': `"${'x'.repeat(500)}"`,
      'sec-ch-ua': '<script>alert(1)</script>',
      'sec-ch-ua-mobile': 'yes',
    });
    expect(odd).toMatchObject({ osName: 'iOS', browserName: 'Mobile Safari', type: 'mobile' });
    expect(odd.model).toHaveLength(64);
    expect(detectDevice({ 'user-agent': 'x'.repeat(100_000) })).toMatchObject({ browserName: null });
  });
});
