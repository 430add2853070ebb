import type { Device, DevicePrecheck } from '@newsreel/contracts';
import type { TFunction } from 'i18next';

/** SPEC §3 visitor.device.type values the strings name; any other reads "Screen". */
const KINDS = ['smarttv', 'console', 'tablet', 'mobile', 'desktop', 'wearable', 'embedded', 'xr'] as const;

/** What kind of screen it is, in words ("TV", "Games console", …). */
export function deviceKindLabel(t: TFunction, type: string | null): string {
  const kind = (KINDS as readonly string[]).includes(type ?? '') ? type : 'other';
  return t(`devices.kind.${kind}`);
}

type Described = Pick<Device | DevicePrecheck, 'name' | 'type' | 'vendor' | 'model' | 'osName' | 'osVersion' | 'browserName' | 'browserVersion'>;

/** The name the screen gave or its owner chose; its maker and model, or its kind, when it has none. */
export function deviceName(t: TFunction, device: Described): string {
  return device.name?.trim() || [device.vendor, device.model].filter(Boolean).join(' ') || deviceKindLabel(t, device.type);
}

/** "Tizen 7.0 · Samsung Internet 22.0": its system and browser, as far as it told them. */
export function deviceSoftware(device: Described): string {
  const os = [device.osName, device.osVersion].filter(Boolean).join(' ');
  const browser = [device.browserName, device.browserVersion].filter(Boolean).join(' ');
  return [os, browser].filter(Boolean).join(' · ');
}
