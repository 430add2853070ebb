import { subscriptionApiPaths, type MeterOpenResult } from '@newsreel/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';

/**
 * POST /v1/subscriptions/meter: the signed-in reader opens an article against their meter. Under
 * the subscription calls' key (subscriptionKeys.all), so a payment asks again. This file stays
 * small: the article page's first screen carries it.
 */
export function meterOpenQueryOptions(api: ApiClient, userId: string | null, articleId: string, enabled: boolean) {
  return queryOptions({
    queryKey: ['subscriptions', 'meter', userId, articleId.toLowerCase()] as const,
    queryFn: () => api.post<MeterOpenResult>(subscriptionApiPaths.meter, { articleId }),
    enabled: enabled && userId !== null,
    // Opening the same article again is free, so the answer stands until a payment or sign-in changes it.
    staleTime: Infinity,
    retry: false,
  });
}
