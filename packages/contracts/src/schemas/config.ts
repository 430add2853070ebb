import { Type, type Static } from 'typebox';
import { APP_CONFIG_TYPES, METER_FREE_ARTICLES_MAX, METER_PERIOD_DAYS_MAX } from '../app-config';
import { LiteralUnion } from './common';

export const AppConfigQuerySchema = Type.Object({
  type: LiteralUnion(APP_CONFIG_TYPES, { description: 'Which client the config is for' }),
});
export type AppConfigQuery = Static<typeof AppConfigQuerySchema>;

/** The usage meter's settings (app-config.ts, MeterSettings): what PUT /v1/admin/subscription-meter takes. */
export const MeterSettingsSchema = Type.Object(
  {
    freeArticles: Type.Integer({ minimum: 0, maximum: METER_FREE_ARTICLES_MAX, description: 'Different articles a reader without a subscription may open in the window; 0: none' }),
    periodDays: Type.Integer({ minimum: 1, maximum: METER_PERIOD_DAYS_MAX, description: 'The rolling window’s length, in days' }),
  },
  { additionalProperties: false },
);
export type MeterSettingsBody = Static<typeof MeterSettingsSchema>;

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
  subscription: Type.Object({
    enabled: Type.Boolean(),
    meter: Type.Optional(
      Type.Object(
        { freeArticles: MeterSettingsSchema.properties.freeArticles, periodDays: MeterSettingsSchema.properties.periodDays },
        { description: 'The usage meter (GET /v1/config/app always answers it; a client reading an older stored config without it uses the default, 5 in 30 days)' },
      ),
    ),
  }),
  features: Type.Array(Type.Object({ name: Type.String(), enabled: Type.Boolean() })),
});
