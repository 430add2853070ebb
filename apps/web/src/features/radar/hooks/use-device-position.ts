import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { roundPosition, type LatLon } from '../radar-centre';

const DEVICE_POSITION_KEY = ['device-position'] as const;

/** Why the browser gave no position. */
export type DevicePositionFailure = 'unsupported' | 'denied' | 'unavailable';

export class DevicePositionError extends Error {
  constructor(readonly reason: DevicePositionFailure) {
    super(`The device position is ${reason}`);
    this.name = 'DevicePositionError';
  }
}

function readDevicePosition(): Promise<LatLon> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      reject(new DevicePositionError('unsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve(roundPosition({ lat: position.coords.latitude, lon: position.coords.longitude })),
      (error) => reject(new DevicePositionError(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable')),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  });
}

export interface DevicePosition {
  position: LatLon | undefined;
  isLocating: boolean;
  failure: DevicePositionFailure | undefined;
  /** Asks the browser (and so the reader) for the position; nothing is asked before this is called. */
  locate: () => void;
}

/**
 * The browser's position of the reader, asked for only when they press "Use my location". It is
 * kept for the session (in the query cache), so coming back to the radar does not ask again, and
 * rounded to about 100 m before anything uses it.
 */
export function useDevicePosition(): DevicePosition {
  const queryClient = useQueryClient();
  const [requested, setRequested] = useState(false);
  const query = useQuery({
    queryKey: DEVICE_POSITION_KEY,
    queryFn: readDevicePosition,
    enabled: requested,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });
  const locate = useCallback(() => {
    if (requested) void queryClient.refetchQueries({ queryKey: DEVICE_POSITION_KEY });
    else setRequested(true);
  }, [queryClient, requested]);
  return {
    position: query.data,
    isLocating: query.isFetching,
    failure: query.error instanceof DevicePositionError ? query.error.reason : query.error ? 'unavailable' : undefined,
    locate,
  };
}
