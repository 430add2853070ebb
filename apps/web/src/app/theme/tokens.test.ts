import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BACKGROUND_COLOUR, CORNER_RADIUS_PX, ON_PRIMARY, PAPER_COLOUR, PRIMARY_YELLOW, PRIMARY_YELLOW_DARK, PRIMARY_YELLOW_LIGHT } from './tokens';

// Read from disk: the test run hands CSS imports over empty.
const globalCss = readFileSync(path.join(__dirname, 'global.css'), 'utf8');
const property = (name: string) => new RegExp(`--${name}:\\s*([^;]+);`).exec(globalCss)?.[1]?.trim();

describe('theme tokens', () => {
  it('are the same in the CSS custom properties as in the MUI theme', () => {
    expect(property('nr-bg')).toBe(BACKGROUND_COLOUR);
    expect(property('nr-paper')).toBe(PAPER_COLOUR);
    expect(property('nr-primary')).toBe(PRIMARY_YELLOW);
    expect(property('nr-primary-light')).toBe(PRIMARY_YELLOW_LIGHT);
    expect(property('nr-primary-dark')).toBe(PRIMARY_YELLOW_DARK);
    expect(property('nr-on-primary')).toBe(ON_PRIMARY);
    expect(property('nr-radius')).toBe(`${CORNER_RADIUS_PX}px`);
  });
});
