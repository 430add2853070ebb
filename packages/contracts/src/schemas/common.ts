import { Type, type Static, type TSchema } from 'typebox';
import { PAGE_LIMIT, PAGE_LIMIT_MAX } from '../constants';

/** The one error shape of the API (DESIGN §4). */
export const ErrorResponseSchema = Type.Object(
  {
    statusCode: Type.Integer({ examples: [400] }),
    error: Type.String({ examples: ['Bad Request'] }),
    message: Type.String({ examples: ['querystring/limit must be >= 1'] }),
    code: Type.Optional(
      Type.String({ description: 'For some errors, a stable reason a client can translate (ERROR_CODES in packages/contracts), e.g. WRONG_CREDENTIALS', examples: ['WRONG_CREDENTIALS'] }),
    ),
  },
  { $id: 'ErrorResponse' },
);
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

/** The highest page number a list accepts. */
const PAGE_MAX = 1_000_000;

export const PaginationQuerySchema = Type.Object({
  // The maximum keeps page × limit a valid SQL OFFSET; a larger page would be a 500, not an empty page.
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_MAX, default: 1, description: `1-based page number, at most ${PAGE_MAX}` })),
  limit: Type.Optional(
    Type.Integer({
      minimum: 1,
      default: PAGE_LIMIT,
      description: `Items per page; values above ${PAGE_LIMIT_MAX} are clamped to ${PAGE_LIMIT_MAX}`,
    }),
  ),
});
export type PaginationQuery = Static<typeof PaginationQuerySchema>;

/** `{ items, page, limit, total }`, the shape of every list (DESIGN §4). */
export function ListSchema<T extends TSchema>(item: T) {
  return Type.Object({
    items: Type.Array(item),
    page: Type.Integer({ minimum: 1 }),
    limit: Type.Integer({ minimum: 1 }),
    total: Type.Integer({ minimum: 0 }),
  });
}
export interface List<T> {
  items: T[];
  page: number;
  limit: number;
  total: number;
}

/** A schema for one of a fixed set of values (JSON Schema `enum`), e.g. an enumeration's values. */
export function LiteralUnion<const V extends (number | string)[]>(
  values: readonly [...V],
  options: { description?: string } = {},
) {
  // The `type` beside the `enum` lets Ajv coerce query-string text ("1") to the number it names;
  // without it a numeric enum in a query string never matches.
  const type = values.every((value) => typeof value === 'string')
    ? 'string'
    : values.every((value) => Number.isInteger(value))
      ? 'integer'
      : values.every((value) => typeof value === 'number')
        ? 'number'
        : undefined;
  return Type.Enum(values, type ? { ...options, type } : options);
}

export const LatitudeSchema = Type.Number({ minimum: -90, maximum: 90, description: 'Latitude in degrees' });
export const LongitudeSchema = Type.Number({
  minimum: -180,
  maximum: 180,
  description: 'Longitude in degrees',
});
