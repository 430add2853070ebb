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
});
export type StatusResponse = Static<typeof StatusResponseSchema>;
