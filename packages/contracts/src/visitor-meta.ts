import { EMAIL_MAX_LENGTH } from './constants';
import type { VisitorMetaField } from './enums';
import type { VisitorMeta } from './schemas/visitors';

/**
 * The plain rules of a visitor's fields (SPEC §3 Visitor, visitor meta): the sets, patterns and
 * limits its schemas (schemas/visitors.ts) are built from, and `visitorMetaValueOf`. Kept apart
 * from the schemas, which build TypeBox objects when loaded, so the web app's background visitor
 * sync can read a poll answer as a meta value without loading TypeBox.
 */

/** A visitor id: what browsers make (a UUID) and every other visitorId the API takes. */
export const VISITOR_ID_PATTERN = '^[A-Za-z0-9_-]{8,64}$';

/** Screen sizes in CSS pixels (window.screen); 0 when the browser does not tell. */
export const SCREEN_SIZE_MAX = 32_767;

/** The free fields a visitor keeps (PUT's fields other than its own) may take this much JSON text, all together. */
export const VISITOR_EXTRA_MAX_BYTES = 4096;
/** At most this many fields in one PUT, its own and free ones together. */
export const VISITOR_UPDATE_MAX_FIELDS = 40;

/** SPEC §3 visitor meta `sex`: what the reader said, or that they would rather not say. */
export const VISITOR_SEXES = ['female', 'male', 'other', 'prefer-not-to-say'] as const;
export type VisitorSex = (typeof VISITOR_SEXES)[number];
/** SPEC §3 visitor meta `incomeBracket`: a level, not an amount, so it reads the same in every currency and country. */
export const INCOME_BRACKETS = ['low', 'lower-middle', 'middle', 'upper-middle', 'high'] as const;
export type IncomeBracket = (typeof INCOME_BRACKETS)[number];
/** Ages an age bracket may name. */
export const AGE_MAX = 120;
/** The earliest year of birth taken. */
export const YOB_MIN = 1900;
// One @, something on each side, a dot in the domain: as EmailSchema (schemas/accounts.ts).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const AGE_BRACKET_PATTERN = '^(?:under-[0-9]{1,3}|[0-9]{1,3}-[0-9]{1,3}|[0-9]{1,3}\\+)$';
export const POST_CODE_PATTERN = '^[A-Z0-9](?:[A-Z0-9 -]{0,8}[A-Z0-9])?$';
export const PHONE_PATTERN = '^\\+[1-9][0-9]{6,14}$';

/** Fields of PUT that are the server's to set: refused with a sentence saying so, never kept as free fields. */
export const VISITOR_SERVER_FIELDS = ['id', 'regionId', 'ipAddress', 'device', 'location', 'updatedAt', 'createdAt', 'extra'] as const;
/** A free field's name: a letter, then letters, digits or "_", at most 64 characters. */
export const VISITOR_FREE_FIELD_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** The two ends of an age bracket in years (`to` undefined for "65+"), or undefined when it is not one. */
export function ageBracketRange(bracket: string): { from: number; to?: number } | undefined {
  if (!new RegExp(AGE_BRACKET_PATTERN).test(bracket)) return undefined;
  const under = /^under-(\d+)$/.exec(bracket);
  const span = /^(\d+)-(\d+)$/.exec(bracket);
  const over = /^(\d+)\+$/.exec(bracket);
  const range = under ? { from: 0, to: Number(under[1]) - 1 } : span ? { from: Number(span[1]), to: Number(span[2]) } : { from: Number(over![1]) };
  const valid = range.from >= 0 && range.from <= AGE_MAX && (range.to === undefined || (range.to > range.from && range.to <= AGE_MAX));
  return valid ? range : undefined;
}

const SEX_WORDS: Record<string, VisitorSex> = {
  f: 'female',
  woman: 'female',
  m: 'male',
  man: 'male',
  'non-binary': 'other',
  nonbinary: 'other',
  diverse: 'other',
  'rather-not-say': 'prefer-not-to-say',
  'prefer-not-to-answer': 'prefer-not-to-say',
};

/** Lower case, words joined by "-", the dashes people type (–, —) read as "-". */
const asToken = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/\s*[-–—]\s*/g, '-')
    .replace(/[\s_]+/g, '-');

/**
 * A meta field's value in the form the API takes (VisitorMetaSchema), from what the reader chose
 * or typed, e.g. a poll answer's label: "25–39" → "25-39", "60 and over" → "60+", "Under 25" →
 * "under-25", "Female" → "female", "1985" → 1985, "+49 30 123456" → "+4930123456",
 * "sw1a 1aa" → "SW1A 1AA". Undefined when it cannot be read as one (the caller keeps it to itself).
 */
export function visitorMetaValueOf<F extends VisitorMetaField>(field: F, text: string): VisitorMeta[F] | undefined;
export function visitorMetaValueOf(field: VisitorMetaField, text: string): VisitorMeta[VisitorMetaField] | undefined {
  const trimmed = text.trim();
  switch (field) {
    case 'email':
      return EMAIL.test(trimmed) && trimmed.length <= EMAIL_MAX_LENGTH ? trimmed : undefined;
    case 'yob': {
      const year = /^\d{4}$/.test(trimmed) ? Number(trimmed) : NaN;
      return year >= YOB_MIN && year <= new Date().getUTCFullYear() ? year : undefined;
    }
    case 'sex': {
      const token = asToken(trimmed);
      const sex = (VISITOR_SEXES as readonly string[]).includes(token) ? (token as VisitorSex) : SEX_WORDS[token];
      return sex;
    }
    case 'postCode': {
      const code = trimmed.toUpperCase().replace(/\s+/g, ' ');
      return new RegExp(POST_CODE_PATTERN).test(code) ? code : undefined;
    }
    case 'phone': {
      const number = trimmed.replace(/^00/, '+').replace(/[\s().-]/g, '');
      return new RegExp(PHONE_PATTERN).test(number) ? number : undefined;
    }
    case 'incomeBracket': {
      const token = asToken(trimmed).replace(/-income$/, '');
      return (INCOME_BRACKETS as readonly string[]).includes(token) ? (token as IncomeBracket) : undefined;
    }
    case 'ageBracket': {
      const token = asToken(trimmed)
        .replace(/^(\d+)(?:-?\+|-and-(?:over|older|above)|-or-(?:over|older|more)|-plus)$/, '$1+')
        .replace(/^(?:under|below|less-than)-(\d+)$/, 'under-$1')
        .replace(/^(\d+)-to-(\d+)$/, '$1-$2');
      return ageBracketRange(token) ? token : undefined;
    }
  }
}
