import { describe, it, expect, expectTypeOf } from 'vitest';
import type { Static } from 'typebox';
import { Value } from 'typebox/value';
import {
  APP_CONFIG_TYPES,
  DEFAULT_AD_PROVIDER,
  DEFAULT_AD_RULES,
  DEFAULT_METER_SETTINGS,
  DEFAULT_VIDEO_PROVIDER,
  defaultAppConfig,
  isFeatureEnabled,
  meterSettingsOf,
  withConfigDefaults,
  type AppConfig,
} from './app-config';
import { AppConfigSchema } from './schemas/config';

type AppConfigStatic = Static<typeof AppConfigSchema>;

// Type-level agreement of the schema and the interface. `tsc -p packages/contracts` fails here if
// either side gains, loses or changes a field.
function schemaToInterface(value: AppConfigStatic): AppConfig {
  return value;
}
function interfaceToSchema(value: AppConfig): AppConfigStatic {
  return value;
}

describe('AppConfigSchema and the AppConfig interface', () => {
  it('agree in both directions', () => {
    // Identical types: neither side has a field, optionality or member type the other lacks.
    expectTypeOf<AppConfigStatic>().toEqualTypeOf<AppConfig>();

    const config = defaultAppConfig();
    expect(schemaToInterface(interfaceToSchema(config))).toBe(config);
  });

  it('agree on the config types', () => {
    expectTypeOf<AppConfigStatic['type']>().toEqualTypeOf<(typeof APP_CONFIG_TYPES)[number]>();
  });
});

describe('DEFAULT_AD_RULES (SPEC §9)', () => {
  it('start on 1, frequency 0, 600 seconds between ads', () => {
    expect(DEFAULT_AD_RULES).toMatchObject({ startOn: 1, frequency: 0, timeBetweenAds: 600 });
  });

  it('has a boolean deferAds (its default is not shown in SPEC)', () => {
    expect(typeof DEFAULT_AD_RULES.deferAds).toBe('boolean');
  });
});

describe('defaultAppConfig (SPEC §9 default config)', () => {
  const config = defaultAppConfig();

  it('is of type web', () => {
    expect(config.type).toBe('web');
  });

  it('has ads enabled with a named provider and the default ad rules', () => {
    expect(config.advertising.enabled).toBe(true);
    expect(config.advertising.provider).toBe(DEFAULT_AD_PROVIDER);
    expect(config.advertising.provider.trim()).not.toBe('');
    expect(config.advertising.rules).toEqual(DEFAULT_AD_RULES);
    expect(config.advertising.rules).toMatchObject({ startOn: 1, frequency: 0, timeBetweenAds: 600 });
  });

  it('has video enabled with the video-player provider', () => {
    expect(config.video.enabled).toBe(true);
    expect(config.video.provider).toBe(DEFAULT_VIDEO_PROVIDER);
    expect(config.video.provider.trim()).not.toBe('');
  });

  it('has subscription disabled, with the usage meter at 5 free articles in any 30 days', () => {
    expect(config.subscription).toEqual({ enabled: false, meter: { freeArticles: 5, periodDays: 30 } });
  });

  it('has the features articlePoints and aiSearch on', () => {
    expect(config.features).toEqual([
      { name: 'articlePoints', enabled: true },
      { name: 'aiSearch', enabled: true },
    ]);
    expect(isFeatureEnabled(config, 'articlePoints')).toBe(true);
    expect(isFeatureEnabled(config, 'aiSearch')).toBe(true);
  });

  it('takes another client type when asked', () => {
    for (const type of APP_CONFIG_TYPES) expect(defaultAppConfig(type).type).toBe(type);
  });

  it('returns a fresh object each call, so callers cannot change the shared ad rules', () => {
    const first = defaultAppConfig();
    first.advertising.rules.timeBetweenAds = 5;
    expect(DEFAULT_AD_RULES.timeBetweenAds).toBe(600);
    expect(defaultAppConfig().advertising.rules.timeBetweenAds).toBe(600);
    expect(defaultAppConfig()).not.toBe(defaultAppConfig());
  });

  it('validates against AppConfigSchema', () => {
    expect([...Value.Errors(AppConfigSchema, config)]).toEqual([]);
    expect(Value.Check(AppConfigSchema, config)).toBe(true);
  });

  it.each(APP_CONFIG_TYPES)('validates against AppConfigSchema for type %s', (type) => {
    expect(Value.Check(AppConfigSchema, defaultAppConfig(type))).toBe(true);
  });
});

describe('AppConfigSchema', () => {
  const valid = () => defaultAppConfig();

  it('rejects an unknown config type', () => {
    expect(Value.Check(AppConfigSchema, { ...valid(), type: 'desktop' })).toBe(false);
  });

  it('rejects a config missing a section', () => {
    const { video: _video, ...withoutVideo } = valid();
    expect(Value.Check(AppConfigSchema, withoutVideo)).toBe(false);
  });

  it('rejects ad rules with a negative or fractional number', () => {
    const negative = valid();
    negative.advertising.rules.timeBetweenAds = -1;
    expect(Value.Check(AppConfigSchema, negative)).toBe(false);

    const fractional = valid();
    fractional.advertising.rules.startOn = 1.5;
    expect(Value.Check(AppConfigSchema, fractional)).toBe(false);
  });

  it('rejects a feature without a boolean enabled flag', () => {
    expect(
      Value.Check(AppConfigSchema, { ...valid(), features: [{ name: 'aiSearch', enabled: 'yes' }] }),
    ).toBe(false);
  });
});

describe('meterSettingsOf and withConfigDefaults', () => {
  it('read a config stored without meter settings, or with bad ones, as the default', () => {
    const old: AppConfig = { ...defaultAppConfig(), subscription: { enabled: true } };
    expect(meterSettingsOf(old)).toEqual(DEFAULT_METER_SETTINGS);
    expect(withConfigDefaults(old).subscription).toEqual({ enabled: true, meter: DEFAULT_METER_SETTINGS });
    const bad = { ...defaultAppConfig(), subscription: { enabled: true, meter: { freeArticles: -1, periodDays: 0.5 } } };
    expect(meterSettingsOf(bad)).toEqual(DEFAULT_METER_SETTINGS);
    expect(meterSettingsOf({ subscription: { enabled: true, meter: { freeArticles: 0, periodDays: 7 } } })).toEqual({ freeArticles: 0, periodDays: 7 });
  });

  it('reject meter settings out of range in the schema', () => {
    const config = defaultAppConfig();
    config.subscription.meter = { freeArticles: 101, periodDays: 30 };
    expect(Value.Check(AppConfigSchema, config)).toBe(false);
    config.subscription.meter = { freeArticles: 5, periodDays: 0 };
    expect(Value.Check(AppConfigSchema, config)).toBe(false);
  });
});

describe('isFeatureEnabled', () => {
  it('is false for a feature that is switched off or absent', () => {
    const config: AppConfig = {
      ...defaultAppConfig(),
      features: [
        { name: 'articlePoints', enabled: false },
        { name: 'aiSearch', enabled: true },
      ],
    };
    expect(isFeatureEnabled(config, 'articlePoints')).toBe(false);
    expect(isFeatureEnabled(config, 'aiSearch')).toBe(true);
    expect(isFeatureEnabled(config, 'unknown')).toBe(false);
  });
});
