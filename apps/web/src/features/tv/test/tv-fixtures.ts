import type { Device } from '@newsreel/contracts';

/** The screen the TV tests register: its id, and the device its owner paired. */
export const TV_ID = 'f0a80101-0000-4000-8000-000000000001';

export const pairedTv: Device = {
  id: TV_ID,
  name: 'Chrome on Linux',
  type: 'desktop',
  vendor: null,
  model: null,
  osName: 'Linux',
  osVersion: null,
  browserName: 'Chrome',
  browserVersion: '140',
  cpuArch: null,
  pairedAt: '2030-01-01T00:01:00.000Z',
  lastSeenAt: '2030-01-01T00:01:00.000Z',
  leaseExpiresAt: '2030-01-01T00:02:30.000Z',
  streaming: true,
};
