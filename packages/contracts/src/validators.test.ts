import { describe, it, expect } from 'vitest';
import { isColour, validateArticleText } from './validators';

describe('isColour (SPEC §5: hex or rgb, rgba, hsl, hsla or color notation)', () => {
  it.each([
    '#fff',
    '#ffffff',
    '#ffff',
    '#ffffffff',
    '#FFF',
    '#A1b2C3',
    'rgb(1,2,3)',
    'rgb(10%, 20%, 30%)',
    'rgb( 255 , 255 , 255 )',
    'rgba(0,0,0,0.5)',
    'rgba(0, 0, 0, 50%)',
    'hsl(120, 50%, 50%)',
    'hsl(120deg,50%,50%)',
    'hsla(120,50%,50%,.3)',
    'color(display-p3 1 0.5 0)',
    'color(srgb 1 0 0 / 0.5)',
    'RGB(1,2,3)',
  ])('accepts %s', (value) => {
    expect(isColour(value)).toBe(true);
  });

  it.each([
    '',
    '   ',
    // Named colours are none of the notations SPEC allows.
    'red',
    'transparent',
    'currentColor',
    '#',
    '#ggg',
    '#12',
    '#12345',
    '#1234567',
    '#fffffffff',
    'fff',
    'rgb(1,2)',
    'rgb(1,2,3,4,5)',
    'rgb(a,b,c)',
    'rgba(0,0,0,0.5',
    'hsl(1,2,3)',
    'hsla(120,50%,50%)',
    'color(display-p3 1 0.5)',
    'color(1 0 0)',
    'javascript:alert(1)',
    'rgb(1,2,3) ; x',
    'rgb(1,2,3);',
    '#fff;background:url(x)',
    '#fff\nred',
    'url(#fff)',
    'expression(rgb(1,2,3))',
  ])('rejects %j', (value) => {
    expect(isColour(value)).toBe(false);
  });
});

describe('validateArticleText (SPEC §3, §5 article minimums)', () => {
  const text = (length: number, char = 'a') => char.repeat(length);
  const validArticle = { slug: text(6), title: text(12), description: text(50) };

  it('passes a valid article', () => {
    expect(validateArticleText(validArticle)).toEqual([]);
  });

  it('does not check absent fields', () => {
    expect(validateArticleText({})).toEqual([]);
    expect(validateArticleText({ slug: text(6) })).toEqual([]);
    expect(validateArticleText({ title: text(12) })).toEqual([]);
    expect(validateArticleText({ description: text(50) })).toEqual([]);
  });

  describe('slug: at least 6 characters', () => {
    it('accepts 6 and more', () => {
      expect(validateArticleText({ slug: text(6) })).toEqual([]);
      expect(validateArticleText({ slug: text(200) })).toEqual([]);
    });

    it('rejects 5, and an empty slug', () => {
      for (const slug of [text(5), '']) {
        const problems = validateArticleText({ slug });
        expect(problems).toHaveLength(1);
        expect(problems[0]).toMatchObject({ field: 'slug' });
        expect(problems[0]?.message).toContain('6');
      }
    });

    it('does not count whitespace', () => {
      expect(validateArticleText({ slug: text(6, ' ') })).toMatchObject([{ field: 'slug' }]);
      expect(validateArticleText({ slug: `  ${text(5)}  ` })).toMatchObject([{ field: 'slug' }]);
      expect(validateArticleText({ slug: `\t${text(6)}\n` })).toEqual([]);
    });
  });

  describe('title: at least 12 characters', () => {
    it('accepts 12 and more', () => {
      expect(validateArticleText({ title: text(12) })).toEqual([]);
      expect(validateArticleText({ title: text(500) })).toEqual([]);
    });

    it('rejects 11, and an empty title', () => {
      for (const title of [text(11), '']) {
        const problems = validateArticleText({ title });
        expect(problems).toHaveLength(1);
        expect(problems[0]).toMatchObject({ field: 'title' });
        expect(problems[0]?.message).toContain('12');
      }
    });

    it('does not count whitespace', () => {
      expect(validateArticleText({ title: text(12, ' ') })).toMatchObject([{ field: 'title' }]);
      expect(validateArticleText({ title: ` ${text(11)}   ` })).toMatchObject([{ field: 'title' }]);
    });
  });

  describe('description: 50 to 400 characters, both ends inclusive', () => {
    it.each([50, 51, 200, 399, 400])('accepts %i characters', (length) => {
      expect(validateArticleText({ description: text(length) })).toEqual([]);
    });

    it.each([0, 1, 49, 401, 1000])('rejects %i characters', (length) => {
      const problems = validateArticleText({ description: text(length) });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatchObject({ field: 'description' });
      expect(problems[0]?.message).toContain('50');
      expect(problems[0]?.message).toContain('400');
    });

    it('does not count whitespace', () => {
      expect(validateArticleText({ description: text(50, ' ') })).toMatchObject([
        { field: 'description' },
      ]);
      expect(validateArticleText({ description: `   ${text(49)}   ` })).toMatchObject([
        { field: 'description' },
      ]);
      expect(validateArticleText({ description: `   ${text(400)}   ` })).toEqual([]);
    });
  });

  it('reports every failing field, in slug, title, description order', () => {
    const problems = validateArticleText({ slug: 'abc', title: 'short', description: 'too short' });
    expect(problems.map((p) => p.field)).toEqual(['slug', 'title', 'description']);
  });

  it('reports only the failing fields', () => {
    const problems = validateArticleText({ ...validArticle, title: text(11) });
    expect(problems.map((p) => p.field)).toEqual(['title']);
  });
});
