import { describe, expect, it } from 'vitest';
import { normalizePairingCode, PAIRING_CODE_ALPHABET } from './devices';

describe('normalizePairingCode', () => {
  it('reads a code as a person types it: any case, spaces and dashes', () => {
    expect(normalizePairingCode('ABCD2345')).toBe('ABCD2345');
    expect(normalizePairingCode('abcd-2345')).toBe('ABCD2345');
    expect(normalizePairingCode(' ab cd 23 45 ')).toBe('ABCD2345');
  });

  it('refuses what cannot be a code: wrong length, or a character easily misread', () => {
    for (const text of ['', 'ABCD234', 'ABCD23456', 'ABCD234O', 'ABCD2341', 'ABCD234I', 'ABCD234L', 'ABCD2340', 'ABCD_234']) {
      expect(normalizePairingCode(text), text).toBeNull();
    }
  });

  it('uses an alphabet without look-alikes', () => {
    expect(PAIRING_CODE_ALPHABET).not.toMatch(/[01ILO]/);
    expect(new Set(PAIRING_CODE_ALPHABET).size).toBe(PAIRING_CODE_ALPHABET.length);
  });
});
