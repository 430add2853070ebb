import { useSubscriptions, useSubscriptionsEnabled } from '../api/subscriptions';

/**
 * Whether the signed-in reader has an active subscription now (for the usage meter and ads).
 * False while it loads, when signed out, and when subscriptions are off. An account an admin
 * exempted (settings.subscriptionExempt) is a separate question.
 */
export function useHasActiveSubscription(): boolean {
  const enabled = useSubscriptionsEnabled();
  const { data } = useSubscriptions();
  return enabled && data?.active === true;
}
