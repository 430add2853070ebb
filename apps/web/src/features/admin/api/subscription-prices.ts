import { adminApiPaths, subscriptionApiPaths, type MeterSettings, type SubscriptionPriceRow, type SubscriptionPriceTable } from '@newsreel/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAdminApi } from '../hooks/use-admin-api';

const pricesKey = ['admin', 'subscription-prices'] as const;

/** GET /v1/admin/subscription-prices: the price table, the default row first. */
export function useSubscriptionPrices() {
  const api = useAdminApi();
  return useQuery({ queryKey: pricesKey, queryFn: ({ signal }) => api.get<SubscriptionPriceTable>(subscriptionApiPaths.adminPrices, { signal }) });
}

/** PUT /v1/admin/subscription-prices: replaces the whole table (it must keep the default row). */
export function useSaveSubscriptionPrices() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: SubscriptionPriceRow[]) => api.put<SubscriptionPriceTable>(subscriptionApiPaths.adminPrices, { items }),
    onSuccess: (table) => queryClient.setQueryData(pricesKey, table),
  });
}

const meterKey = ['admin', 'subscription-meter'] as const;

/** GET /v1/admin/subscription-meter: the usage meter's settings (free articles in any period of days). */
export function useMeterSettings() {
  const api = useAdminApi();
  return useQuery({ queryKey: meterKey, queryFn: ({ signal }) => api.get<MeterSettings>(adminApiPaths.subscriptionMeter, { signal }) });
}

/** PUT /v1/admin/subscription-meter: sets them. */
export function useSaveMeterSettings() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: MeterSettings) => api.put<MeterSettings>(adminApiPaths.subscriptionMeter, settings),
    onSuccess: (settings) => queryClient.setQueryData(meterKey, settings),
  });
}
