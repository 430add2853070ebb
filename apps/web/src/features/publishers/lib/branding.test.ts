import { describe, expect, it } from 'vitest';
import { contrastRatio, parseColour, publisherColours } from './branding';

const fallback = { background: '#17191e', accent: '#FFD400' };
const rgbOf = (css: string) => {
  const [r, g, b] = css.match(/\d+/g)!.map(Number);
  return { r: r!, g: g!, b: b! };
};

describe('parseColour', () => {
  it('reads hex, rgb, hsl and color() notations', () => {
    expect(parseColour('#0A84FF')).toEqual({ r: 10, g: 132, b: 255, alpha: 1 });
    expect(parseColour('#fff')).toEqual({ r: 255, g: 255, b: 255, alpha: 1 });
    expect(parseColour('#00000080')?.alpha).toBeCloseTo(0.5, 2);
    expect(parseColour('rgb(10, 20, 30)')).toEqual({ r: 10, g: 20, b: 30, alpha: 1 });
    expect(parseColour('rgba(10, 20, 30, 0.5)')).toEqual({ r: 10, g: 20, b: 30, alpha: 0.5 });
    expect(parseColour('hsl(0, 100%, 50%)')).toEqual({ r: 255, g: 0, b: 0, alpha: 1 });
    expect(parseColour('hsla(120, 100%, 25%, 1)')).toEqual({ r: 0, g: 128, b: 0, alpha: 1 });
    expect(parseColour('color(srgb 1 0.5 0)')).toEqual({ r: 255, g: 128, b: 0, alpha: 1 });
  });

  it('refuses anything that is not a colour string', () => {
    for (const value of ['red', 'url(javascript:alert(1))', '#12', 'rgb(1,2)', '', 'expression(alert(1))', '#0A84FF; background: url(x)']) {
      expect(parseColour(value), value).toBeUndefined();
    }
  });
});

describe('contrastRatio', () => {
  it('is 21 for black on white and 1 for a colour on itself', () => {
    expect(contrastRatio({ r: 0, g: 0, b: 0 }, { r: 255, g: 255, b: 255 })).toBeCloseTo(21, 1);
    expect(contrastRatio({ r: 10, g: 132, b: 255 }, { r: 10, g: 132, b: 255 })).toBe(1);
  });
});

describe('publisherColours', () => {
  it('paints with the publisher’s colours and its secondary colour as text when it reads well', () => {
    const colours = publisherColours({ primaryColour: '#0A84FF', secondaryColour: '#FFFFFF', backgroundColour: '#0B1B2B' }, fallback);
    expect(colours.background).toBe('rgb(11, 27, 43)');
    expect(colours.accent).toBe('rgb(10, 132, 255)');
    expect(colours.text).toBe('rgb(255, 255, 255)');
  });

  it('replaces a secondary colour that would be unreadable on the background', () => {
    const colours = publisherColours({ backgroundColour: '#FAFAFA', secondaryColour: '#EEEEEE' }, fallback);
    expect(colours.text).toBe('rgb(0, 0, 0)');
    expect(contrastRatio(rgbOf(colours.text), rgbOf(colours.background))).toBeGreaterThanOrEqual(4.5);
  });

  it('uses the accent for links only when it reads at 4.5:1', () => {
    const readable = publisherColours({ primaryColour: '#FFD400', backgroundColour: '#000000' }, fallback);
    expect(readable.link).toBe('rgb(255, 212, 0)');
    const dim = publisherColours({ primaryColour: '#1A1A40', backgroundColour: '#000000' }, fallback);
    expect(dim.link).toBe(dim.text);
  });

  it('falls back to the app’s colours for missing or invalid values', () => {
    const colours = publisherColours({ backgroundColour: 'url(https://evil.example/x.png)', primaryColour: 'not a colour' }, fallback);
    expect(colours.background).toBe('rgb(23, 25, 30)');
    expect(colours.accent).toBe('rgb(255, 212, 0)');
    expect(colours.text).toBe('rgb(255, 255, 255)');
  });

  it('accepts the American spelling of the keys', () => {
    expect(publisherColours({ backgroundColor: 'rgb(200, 0, 0)' }, fallback).background).toBe('rgb(200, 0, 0)');
  });

  it('lays a see-through background over the app background', () => {
    expect(publisherColours({ backgroundColour: 'rgba(255, 255, 255, 0)' }, fallback).background).toBe('rgb(23, 25, 30)');
  });

  it('keeps text readable on every background', () => {
    for (const backgroundColour of ['#000', '#fff', '#777', '#FFD400', 'hsl(210, 80%, 45%)', '#0A84FF']) {
      const colours = publisherColours({ backgroundColour }, fallback);
      expect(contrastRatio(rgbOf(colours.text), rgbOf(colours.background)), backgroundColour).toBeGreaterThanOrEqual(4.5);
    }
  });
});
