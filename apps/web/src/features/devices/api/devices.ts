import { apiPaths, type Device, type DeviceList, type DevicePrecheck } from '@newsreel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useAppSelector } from '../../../app/state';

/** The query keys of the reader's device calls. */
export const deviceKeys = {
  all: ['devices'] as const,
  list: (userId: string | null) => ['devices', 'list', userId] as const,
  precheck: (code: string) => ['devices', 'precheck', code] as const,
};

/** How many screens the devices page lists: more than anyone pairs. */
const LIST_LIMIT = 100;

/** GET /v1/devices: the signed-in reader's paired screens, most recently paired first. */
export function useDevices() {
  const api = useApi();
  const userId = useAppSelector((state) => state.user?.id ?? null);
  return useQuery({
    queryKey: deviceKeys.list(userId),
    queryFn: ({ signal }) => api.get<DeviceList>(apiPaths.devices, { query: { limit: LIST_LIMIT }, signal }),
    enabled: userId !== null,
    // "Playing now" follows the screens' leases, which change on their own.
    staleTime: 0,
    refetchInterval: 30_000,
  });
}

/** GET /v1/devices/{code}/precheck: what the screen showing `code` is, and whether it can be paired. Changes nothing. */
export function useDevicePrecheck(code: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: deviceKeys.precheck(code ?? ''),
    queryFn: ({ signal }) => api.get<DevicePrecheck>(apiPaths.devicePrecheck(code ?? ''), { signal }),
    enabled: code !== null,
    retry: false,
    staleTime: 0,
  });
}

/** GET /v1/devices/{code}/verify: pairs the screen to the reader (a GET, as SPEC §7 has it). */
export function usePairDevice() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.get<Device>(apiPaths.deviceVerify(code)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

/** PUT /v1/devices/{id}: renames one of the reader's screens. */
export function useRenameDevice() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => api.put<Device>(apiPaths.device(id), { name }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}

/** DELETE /v1/devices/{id}: unpairs one of the reader's screens; it then shows a new code. */
export function useUnpairDevice() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(apiPaths.device(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
