import { Type, type Static } from 'typebox';

const DependencyHealthSchema = Type.Object({
  status: Type.Union([Type.Literal('up'), Type.Literal('down')]),
  driver: Type.String({ description: 'Which implementation is in use, e.g. pglite or postgres' }),
  latencyMs: Type.Optional(Type.Number()),
  message: Type.Optional(Type.String()),
});

export const StatusResponseSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
  version: Type.String(),
  uptimeSeconds: Type.Number(),
  database: DependencyHealthSchema,
  stream: DependencyHealthSchema,
  analytics: Type.Optional(
    Type.Object(
      {
        pendingEvents: Type.Integer({ minimum: 0, description: 'Events in the store not yet rolled up (counted up to 100,000)' }),
        oldestPendingSeconds: Type.Integer({ minimum: 0, description: 'How long ago the oldest of them arrived; 0 when none waits' }),
      },
      { description: 'How far the statistics (the roll-ups) are behind the events; absent while the database is down' },
    ),
  ),
});
export type StatusResponse = Static<typeof StatusResponseSchema>;
