import { Type, type Static } from 'typebox';
import { LatitudeSchema, LongitudeSchema } from './common';

export const LocationDetectQuerySchema = Type.Object({
  ipAddress: Type.Optional(
    Type.String({
      minLength: 2,
      maxLength: 45,
      description: "An IPv4 or IPv6 address; the caller's own address when left out",
    }),
  ),
});
export type LocationDetectQuery = Static<typeof LocationDetectQuerySchema>;

export const DetectedLocationSchema = Type.Object({
  ipAddress: Type.String(),
  label: Type.String({ description: 'A human label, e.g. "Berlin, Germany"; empty when unknown' }),
  countryCode: Type.Union([Type.String(), Type.Null()]),
  countryName: Type.Union([Type.String(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
  lat: Type.Union([Type.Number(), Type.Null()]),
  lon: Type.Union([Type.Number(), Type.Null()]),
  regionId: Type.Integer({ minimum: 0 }),
});
export type DetectedLocation = Static<typeof DetectedLocationSchema>;

export const LocationCreateBodySchema = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: 200 }),
    countryName: Type.String({ minLength: 1, maxLength: 100 }),
    city: Type.String({ minLength: 1, maxLength: 100 }),
    lat: LatitudeSchema,
    lon: LongitudeSchema,
  },
  { additionalProperties: false },
);
export type LocationCreateBody = Static<typeof LocationCreateBodySchema>;

export const LocationSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  label: Type.String(),
  countryName: Type.String(),
  city: Type.String(),
  lat: Type.Number(),
  lon: Type.Number(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type Location = Static<typeof LocationSchema>;
