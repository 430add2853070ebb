import { PAGE_LIMIT, PAGE_LIMIT_MAX, type List } from '@newsreel/contracts';
import type { FastifyReply } from 'fastify';
import { badRequest } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Splits a comma-separated query value; empty items are skipped (SPEC §5). */
function splitCsv(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

export function parseIdList(field: string, value: string | undefined, max = PAGE_LIMIT_MAX): string[] {
  const ids = splitCsv(value);
  const bad = ids.find((id) => !UUID.test(id));
  if (bad !== undefined) throw badRequest(`querystring.${field} holds "${bad.slice(0, 40)}", which is not an id`);
  if (ids.length > max) throw badRequest(`querystring.${field} may hold at most ${max} ids`);
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

export function parseIntegerList(field: string, value: string | undefined, min: number, max: number): number[] {
  const items = splitCsv(value);
  return items.map((item) => {
    // Digits only: Number() would also read "0x4", "1e1" and "4.0" as whole numbers.
    const number = /^-?\d{1,9}$/.test(item) ? Number(item) : NaN;
    if (!Number.isInteger(number) || number < min || number > max) {
      throw badRequest(`querystring.${field} holds "${item.slice(0, 40)}"; each must be a whole number from ${min} to ${max}`);
    }
    return number;
  });
}

/** `%text%` for ILIKE ("part of … , any case"), with the text's own wildcards taken literally. */
export function containingPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** 1-based page and a limit clamped to the page maximum (DESIGN §4). */
export function pageOf(query: { page?: number; limit?: number }) {
  const page = query.page ?? 1;
  const limit = Math.min(query.limit ?? PAGE_LIMIT, PAGE_LIMIT_MAX);
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * List items serialised as JSON already, each in the shape of its list's item schema: article
 * summaries come so from PostgreSQL (their cards, `article_cards`), which spares parsing their columns
 * and serialising them again (docs/architecture.md, "Content queries").
 */
export class SerialisedItems {
  constructor(readonly texts: string[]) {}

  /** The items as values, for an answer that holds them inside something else. */
  values<T>(): T[] {
    return this.texts.map((text) => JSON.parse(text) as T);
  }
}

/** The content type of a body that is JSON already (Fastify sends such a string as it is). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Sends a body serialised as JSON already (a list of serialised items, see listOf) as it is. */
export function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(body);
}

/**
 * `{ items, page, limit, total }`, the shape of every list (DESIGN §4). Of serialised items, the
 * list's JSON text, in the order the list schema's serialiser writes it; send it with
 * JSON_CONTENT_TYPE.
 */
export function listOf<T>(result: { items: T[]; total: number }, page: { page: number; limit: number }): List<T>;
export function listOf(result: { items: SerialisedItems; total: number }, page: { page: number; limit: number }): string;
export function listOf<T>(result: { items: T[] | SerialisedItems; total: number }, page: { page: number; limit: number }): List<T> | string {
  if (result.items instanceof SerialisedItems) {
    return `{"items":[${result.items.texts.join(',')}],"page":${page.page},"limit":${page.limit},"total":${result.total}}`;
  }
  return { items: result.items, total: result.total, page: page.page, limit: page.limit };
}

/** Public reads may be kept by browsers and CDNs briefly; edits show within the max-age. */
export const PUBLIC_SHORT_CACHE = 'public, max-age=30, stale-while-revalidate=60';
export const PRIVATE_NO_STORE = 'private, no-store';
