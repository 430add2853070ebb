import { PAIRING_CODE_LENGTH } from '@newsreel/contracts';

const HALF = PAIRING_CODE_LENGTH / 2;

/** A pairing code as a screen shows it and a person reads it: two groups of four, "ABCD-2345". */
export function formatPairingCode(code: string): string {
  return code.length > HALF ? `${code.slice(0, HALF)}-${code.slice(HALF)}` : code;
}

/**
 * What the code field shows as the reader types: capitals, the dash put in for them, at most a
 * code's length (a pasted "abcd 2345" or "ABCD-2345" both read "ABCD-2345").
 */
export function typedPairingCode(text: string): string {
  return formatPairingCode(text.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, PAIRING_CODE_LENGTH));
}
