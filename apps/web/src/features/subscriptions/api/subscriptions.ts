import {
  subscriptionApiPaths as paths,
  type CheckoutBody,
  type PaymentRedirect,
  type Subscription,
  type SubscriptionList,
  type SubscriptionPrice,
  type TestCheckoutBody,
  type TestCheckoutResult,
  type TestCheckoutSession,
} from '@newsreel/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi, useAppSelector } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

/** The query keys of the subscription calls. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  list: (userId: string | null) => ['subscriptions', 'list', userId] as const,
  price: (countryCode: string | null) => ['subscriptions', 'price', countryCode] as const,
  testCheckout: (sessionId: string) => ['subscriptions', 'test-checkout', sessionId] as const,
};

/** GET /v1/subscriptions: the signed-in reader's subscriptions, whether one is active, and the payment provider. */
export function subscriptionsQueryOptions(api: ApiClient, userId: string | null, enabled: boolean) {
  return queryOptions({
    queryKey: subscriptionKeys.list(userId),
    queryFn: ({ signal }) => api.get<SubscriptionList>(paths.subscriptions, { signal }),
    enabled: enabled && userId !== null,
    staleTime: 60_000,
  });
}

/** Whether subscriptions are on (the app config's subscription.enabled). */
export function useSubscriptionsEnabled(): boolean {
  return useAppSelector((state) => state.config.subscription.enabled);
}

export function useSubscriptions() {
  const userId = useAppSelector((state) => state.user?.id ?? null);
  return useQuery(subscriptionsQueryOptions(useApi(), userId, useSubscriptionsEnabled()));
}

/** GET /v1/subscriptions/price: the price for the country (the default row for an unknown or missing one). */
export function useSubscriptionPrice(countryCode: string | null) {
  const api = useApi();
  return useQuery({
    queryKey: subscriptionKeys.price(countryCode),
    queryFn: ({ signal }) => api.get<SubscriptionPrice>(paths.price, { query: countryCode ? { countryCode } : {}, signal }),
    enabled: useSubscriptionsEnabled(),
    staleTime: 10 * 60_000,
  });
}

/** POST /v1/stripe/checkout: the address of the checkout page (Stripe's, or the test provider's here). */
export function useCheckout() {
  const api = useApi();
  return useMutation({ mutationFn: (body: CheckoutBody) => api.post<PaymentRedirect>(paths.checkout, body) });
}

/** POST /v1/stripe/portal: Stripe's billing portal for the reader. */
export function usePortal() {
  const api = useApi();
  return useMutation({ mutationFn: (urlBase: string) => api.post<PaymentRedirect>(paths.portal, { urlBase }) });
}

/** DELETE /v1/subscriptions/{id}: cancels at the period's end. */
export function useCancelSubscription() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscriptionId: string) => api.delete<Subscription>(paths.subscription(subscriptionId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}

/** GET /v1/stripe/test-checkout/{id}: a test checkout session of the reader's. */
export function useTestCheckoutSession(sessionId: string) {
  const api = useApi();
  return useQuery({
    queryKey: subscriptionKeys.testCheckout(sessionId),
    queryFn: ({ signal }) => api.get<TestCheckoutSession>(paths.testCheckout(sessionId), { signal }),
    retry: false,
  });
}

/** POST /v1/stripe/test-checkout/{id}: pays it with a test card (402: declined). */
export function usePayTestCheckout(sessionId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: TestCheckoutBody) => api.post<TestCheckoutResult>(paths.testCheckout(sessionId), card),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
