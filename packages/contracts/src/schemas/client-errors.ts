import { Type, type Static } from 'typebox';
import { CLIENT_ERROR_LIMITS as LIMITS } from '../client-errors';

/** One failure a client saw (SPEC §7, §8): small and bounded, since anyone may send it. */
export const ClientErrorReportSchema = Type.Object(
  {
    message: Type.String({ minLength: 1, maxLength: LIMITS.messageLength }),
    stack: Type.Optional(Type.String({ maxLength: LIMITS.stackLength })),
    context: Type.Record(
      Type.String({ maxLength: LIMITS.contextKeyLength }),
      Type.Union([Type.String({ maxLength: LIMITS.contextValueLength }), Type.Number(), Type.Boolean(), Type.Null()]),
      { maxProperties: LIMITS.contextFields, description: 'Where it happened (source, status, …): flat values only' },
    ),
    url: Type.String({ minLength: 1, maxLength: LIMITS.urlLength, description: 'The page the reader was on' }),
    userAgent: Type.Optional(Type.String({ maxLength: LIMITS.userAgentLength })),
    reportedAt: Type.String({ format: 'date-time' }),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: LIMITS.maxCount, description: 'How often it happened; 1 when left out' })),
  },
  { additionalProperties: false },
);
export type ClientErrorReport = Static<typeof ClientErrorReportSchema>;

export const ClientErrorBatchSchema = Type.Object(
  { reports: Type.Array(ClientErrorReportSchema, { minItems: 1, maxItems: LIMITS.reportsPerCall }) },
  { additionalProperties: false },
);
export type ClientErrorBatch = Static<typeof ClientErrorBatchSchema>;

export const ClientErrorReceiptSchema = Type.Object({ received: Type.Integer({ minimum: 0 }) });
export type ClientErrorReceipt = Static<typeof ClientErrorReceiptSchema>;
