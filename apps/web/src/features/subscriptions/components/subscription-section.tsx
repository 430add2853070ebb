import Button from '@mui/material/Button';
import { SubscriptionStatus } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SettingsCard } from '../../account/components/settings-card';
import { paths } from '../../../lib/paths';
import { useSubscriptions, useSubscriptionsEnabled } from '../api/subscriptions';

/** The account page's card for the subscription (when the app config turns subscriptions on): its state, and a link to its page. */
export function SubscriptionSection() {
  const { t } = useTranslation();
  const enabled = useSubscriptionsEnabled();
  const subscriptions = useSubscriptions();
  if (!enabled) return null;
  const active = subscriptions.data?.items.find((item) => item.status === SubscriptionStatus.ACTIVE);
  return (
    <SettingsCard
      title={t('subscriptions.section.title')}
      intro={active ? (active.cancelAtPeriodEnd ? t('subscriptions.section.ending') : t('subscriptions.section.active')) : t('subscriptions.section.none')}
    >
      <Button component={RouterLink} to={paths.subscription.href()} variant="outlined" sx={{ alignSelf: 'flex-start' }}>
        {active ? t('subscriptions.section.open') : t('subscriptions.section.subscribe')}
      </Button>
    </SettingsCard>
  );
}
