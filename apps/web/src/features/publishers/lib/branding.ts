import { isColour } from '@newsreel/contracts';

/**
 * A publisher's branding colours, made safe to paint with: only colour strings of SPEC §5 are
 * used (anything else in the branding record is ignored, so nothing but a colour reaches CSS),
 * and the text colour is chosen for contrast against the background the publisher picked.
 */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export interface PublisherColours {
  background: string;
  /** Decorative (stripe, logo tile): the publisher's primary colour. */
  accent: string;
  /** Body text on the background: at least 4.5:1. */
  text: string;
  /** Text on the accent colour (the monogram on the logo tile). */
  onAccent: string;
  /** Links on the background: the accent when it reads at 4.5:1, the text colour otherwise. */
  link: string;
}

const WHITE: Rgb = { r: 255, g: 255, b: 255 };
// Pure black: every colour reads at 4.58:1 or better against white or black, never both below 4.5.
const BLACK: Rgb = { r: 0, g: 0, b: 0 };
export const MIN_TEXT_CONTRAST = 4.5;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function channel(text: string, scale: number): number {
  const value = text.trim();
  return value.endsWith('%') ? (Number.parseFloat(value) / 100) * scale : Number.parseFloat(value);
}

function alphaOf(text: string | undefined): number {
  if (text === undefined) return 1;
  return clamp(channel(text, 1), 0, 1);
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = clamp(saturation, 0, 1);
  const l = clamp(lightness, 0, 1);
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const toChannel = (t: number) => {
    const tt = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const v = tt < 1 / 6 ? p + (q - p) * 6 * tt : tt < 1 / 2 ? q : tt < 2 / 3 ? p + (q - p) * (2 / 3 - tt) * 6 : p;
    return Math.round(v * 255);
  };
  return { r: toChannel(h + 1 / 3), g: toChannel(h), b: toChannel(h - 1 / 3) };
}

function hueOf(text: string): number {
  const value = text.trim().toLowerCase();
  const number = Number.parseFloat(value);
  if (value.endsWith('turn')) return number * 360;
  if (value.endsWith('grad')) return number * 0.9;
  if (value.endsWith('rad')) return (number * 180) / Math.PI;
  return number;
}

/** A colour's sRGB channels and alpha, for the notations isColour accepts; undefined for others. */
export function parseColour(value: string): (Rgb & { alpha: number }) | undefined {
  if (!isColour(value)) return undefined;
  const text = value.trim().toLowerCase();
  if (text.startsWith('#')) {
    const hex = text.slice(1);
    const full = hex.length <= 4 ? [...hex].map((digit) => digit + digit).join('') : hex;
    const [r, g, b, a] = [0, 2, 4, 6].map((start) => Number.parseInt(full.slice(start, start + 2), 16));
    return { r: r!, g: g!, b: b!, alpha: Number.isNaN(a) || a === undefined ? 1 : a / 255 };
  }
  const open = text.indexOf('(');
  const name = text.slice(0, open);
  const parts = text
    .slice(open + 1, -1)
    .split(/[\s,/]+/)
    .filter(Boolean);
  if (name === 'rgb' || name === 'rgba') {
    const [r, g, b, a] = parts;
    return { r: clamp(Math.round(channel(r!, 255)), 0, 255), g: clamp(Math.round(channel(g!, 255)), 0, 255), b: clamp(Math.round(channel(b!, 255)), 0, 255), alpha: alphaOf(a) };
  }
  if (name === 'hsl' || name === 'hsla') {
    const [h, s, l, a] = parts;
    return { ...hslToRgb(hueOf(h!), Number.parseFloat(s!) / 100, Number.parseFloat(l!) / 100), alpha: alphaOf(a) };
  }
  // color(<space> c1 c2 c3 [/ a]): read as sRGB, near enough for display-p3 and friends.
  const [, c1, c2, c3, a] = parts;
  const toByte = (component: string) => clamp(Math.round(channel(component, 1) * 255), 0, 255);
  return { r: toByte(c1!), g: toByte(c2!), b: toByte(c3!), alpha: alphaOf(a) };
}

/** WCAG 2 relative luminance. */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (byte: number) => {
    const c = byte / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio, 1 to 21. */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

function over(colour: Rgb & { alpha: number }, backdrop: Rgb): Rgb {
  const mix = (front: number, back: number) => Math.round(front * colour.alpha + back * (1 - colour.alpha));
  return { r: mix(colour.r, backdrop.r), g: mix(colour.g, backdrop.g), b: mix(colour.b, backdrop.b) };
}

const css = ({ r, g, b }: Rgb) => `rgb(${r}, ${g}, ${b})`;

/** The branding record's colour for `name` (primary, secondary, background), however it is spelled. */
function brandingColour(branding: Readonly<Record<string, string>>, name: string): string | undefined {
  return [`${name}Colour`, `${name}Color`, name].map((key) => branding[key]).find((value) => value !== undefined);
}

function readableOn(background: Rgb, preferred?: Rgb): Rgb {
  if (preferred && contrastRatio(preferred, background) >= MIN_TEXT_CONTRAST) return preferred;
  return contrastRatio(WHITE, background) >= contrastRatio(BLACK, background) ? WHITE : BLACK;
}

/**
 * The colours to paint a publisher's header with. `fallback` gives the app's own background and
 * accent, used where the publisher's are missing or not colours.
 */
export function publisherColours(branding: Readonly<Record<string, string>>, fallback: { background: string; accent: string }): PublisherColours {
  const fallbackBackground = parseColour(fallback.background) ?? { ...BLACK, alpha: 1 };
  const fallbackAccent = parseColour(fallback.accent) ?? { ...WHITE, alpha: 1 };
  const backdrop: Rgb = over(fallbackBackground, BLACK);
  const parse = (name: string) => {
    const value = brandingColour(branding, name);
    return value === undefined ? undefined : parseColour(value);
  };

  const background = over(parse('background') ?? fallbackBackground, backdrop);
  const accent = over(parse('primary') ?? fallbackAccent, background);
  const secondary = parse('secondary');
  const text = readableOn(background, secondary ? over(secondary, background) : undefined);
  return {
    background: css(background),
    accent: css(accent),
    text: css(text),
    onAccent: css(readableOn(accent)),
    link: css(contrastRatio(accent, background) >= MIN_TEXT_CONTRAST ? accent : text),
  };
}
