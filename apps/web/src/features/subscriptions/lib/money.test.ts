import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from './money';

describe('money in the minor unit', () => {
  it('writes amounts for the currency and language', () => {
    expect(formatMoney(499, 'usd', 'en')).toBe('$4.99');
    expect(formatMoney(449, 'eur', 'de')).toMatch(/^4,49\s€$/);
    expect(formatMoney(500, 'jpy', 'en')).toBe('¥500');
  });
  it('reads typed prices, refusing what is not one', () => {
    expect(parseMoney('4.99', 'usd')).toBe(499);
    expect(parseMoney('4,49', 'eur')).toBe(449);
    expect(parseMoney('500', 'jpy')).toBe(500);
    expect(parseMoney('0', 'usd')).toBeNull();
    expect(parseMoney('abc', 'usd')).toBeNull();
    expect(parseMoney('-1', 'usd')).toBeNull();
  });
});
