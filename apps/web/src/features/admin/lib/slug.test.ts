import { describe, expect, it } from 'vitest';
import { slugOf } from './slug';

describe('a slug suggested from a name', () => {
  it('keeps letters and digits in lower case, words joined by single dashes, accents dropped', () => {
    expect(slugOf('Science & Tech', 80)).toBe('science-tech');
    expect(slugOf('  Économie — 2026 ', 80)).toBe('economie-2026');
    expect(slugOf('Crème brûlée', 80)).toBe('creme-brulee');
  });

  it('suggests nothing for a name in another script, and stops within the longest slug without a dash at the end', () => {
    expect(slugOf('رياضة', 80)).toBe('');
    expect(slugOf('local news today', 11)).toBe('local-news');
  });
});
