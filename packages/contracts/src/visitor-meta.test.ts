import { describe, expect, it } from 'vitest';
import { ageBracketRange, visitorMetaValueOf } from './visitor-meta';

describe('visitorMetaValueOf', () => {
  it('reads age brackets as polls write them', () => {
    const cases: [string, string][] = [
      ['18-24', '18-24'],
      ['25–39', '25-39'],
      ['40 — 59', '40-59'],
      ['18 to 24', '18-24'],
      ['Under 25', 'under-25'],
      ['below 18', 'under-18'],
      ['60 and over', '60+'],
      ['65 or older', '65+'],
      ['65+', '65+'],
      ['70 plus', '70+'],
    ];
    for (const [label, value] of cases) expect(visitorMetaValueOf('ageBracket', label), label).toBe(value);
  });

  it('refuses age brackets that are not ranges of ages', () => {
    for (const label of ['', 'young', '39-25', '25-25', '18-200', 'under 0', '121+', 'Moins de 25', '25']) {
      expect(visitorMetaValueOf('ageBracket', label), label).toBeUndefined();
    }
  });

  it('reads sex and income brackets from their sets, in any case, with a few common words', () => {
    expect(visitorMetaValueOf('sex', ' Female ')).toBe('female');
    expect(visitorMetaValueOf('sex', 'Man')).toBe('male');
    expect(visitorMetaValueOf('sex', 'Non-binary')).toBe('other');
    expect(visitorMetaValueOf('sex', 'Prefer not to say')).toBe('prefer-not-to-say');
    expect(visitorMetaValueOf('sex', 'unicorn')).toBeUndefined();
    expect(visitorMetaValueOf('incomeBracket', 'Upper middle')).toBe('upper-middle');
    expect(visitorMetaValueOf('incomeBracket', 'Lower-middle income')).toBe('lower-middle');
    expect(visitorMetaValueOf('incomeBracket', 'High')).toBe('high');
    expect(visitorMetaValueOf('incomeBracket', '€50,000')).toBeUndefined();
  });

  it('reads a year of birth from 1900 to this year', () => {
    expect(visitorMetaValueOf('yob', ' 1985 ')).toBe(1985);
    expect(visitorMetaValueOf('yob', '1900')).toBe(1900);
    expect(visitorMetaValueOf('yob', String(new Date().getUTCFullYear()))).toBe(new Date().getUTCFullYear());
    for (const label of ['1899', String(new Date().getUTCFullYear() + 1), '85', 'nineteen', '1985.5']) {
      expect(visitorMetaValueOf('yob', label), label).toBeUndefined();
    }
  });

  it('writes phone numbers as E.164 and post codes in capitals', () => {
    expect(visitorMetaValueOf('phone', '+49 (30) 123-456')).toBe('+4930123456');
    expect(visitorMetaValueOf('phone', '0044 20 7946 0958')).toBe('+442079460958');
    expect(visitorMetaValueOf('phone', '030 123456')).toBeUndefined();
    expect(visitorMetaValueOf('phone', '+12')).toBeUndefined();
    expect(visitorMetaValueOf('postCode', ' sw1a  1aa ')).toBe('SW1A 1AA');
    expect(visitorMetaValueOf('postCode', '12345-6789')).toBe('12345-6789');
    expect(visitorMetaValueOf('postCode', '12345678901')).toBeUndefined();
    expect(visitorMetaValueOf('postCode', '-123')).toBeUndefined();
  });

  it('takes an email address with one @ and a dot in its domain', () => {
    expect(visitorMetaValueOf('email', ' reader@example.com ')).toBe('reader@example.com');
    expect(visitorMetaValueOf('email', 'reader@example')).toBeUndefined();
    expect(visitorMetaValueOf('email', 'not an address')).toBeUndefined();
  });
});

describe('ageBracketRange', () => {
  it('gives the ages a bracket names', () => {
    expect(ageBracketRange('18-24')).toEqual({ from: 18, to: 24 });
    expect(ageBracketRange('under-18')).toEqual({ from: 0, to: 17 });
    expect(ageBracketRange('65+')).toEqual({ from: 65 });
    expect(ageBracketRange('24-18')).toBeUndefined();
    expect(ageBracketRange('Under-18')).toBeUndefined();
  });
});
