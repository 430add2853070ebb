import { Type, type Static } from 'typebox';
import { APP_CONFIG_TYPES } from '../app-config';
import { LiteralUnion } from './common';

export const AppConfigQuerySchema = Type.Object({
  type: LiteralUnion(APP_CONFIG_TYPES, { description: 'Which client the config is for' }),
});
export type AppConfigQuery = Static<typeof AppConfigQuerySchema>;

export const AppConfigSchema = Type.Object({
  type: LiteralUnion(APP_CONFIG_TYPES),
  advertising: Type.Object({
    enabled: Type.Boolean(),
    provider: Type.String(),
    rules: Type.Object({
      startOn: Type.Integer({ minimum: 0 }),
      frequency: Type.Integer({ minimum: 0 }),
      timeBetweenAds: Type.Integer({ minimum: 0, description: 'Seconds' }),
      deferAds: Type.Boolean(),
    }),
  }),
  video: Type.Object({ enabled: Type.Boolean(), provider: Type.String() }),
  subscription: Type.Object({ enabled: Type.Boolean() }),
  features: Type.Array(Type.Object({ name: Type.String(), enabled: Type.Boolean() })),
});
