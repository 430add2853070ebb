import { Type, type Static } from 'typebox';
import { ListSchema } from './common';

export const RegionSchema = Type.Object({
  id: Type.Integer({ minimum: 0 }),
  code: Type.String(),
  name: Type.String(),
  grouped: Type.Boolean({ description: 'True for a region that stands for a group of countries (EU, SAM)' }),
});
export type RegionResponse = Static<typeof RegionSchema>;

export const RegionListResponseSchema = ListSchema(RegionSchema);

export const RegionDetectResponseSchema = Type.Object({
  regionId: Type.Integer({ minimum: 0, description: '0 (Global) when the country is unknown' }),
  region: RegionSchema,
  countryCode: Type.Union([Type.String(), Type.Null()]),
});
export type RegionDetectResponse = Static<typeof RegionDetectResponseSchema>;
