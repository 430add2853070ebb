import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { SubscriptionStatus, type Subscription, type SubscriptionInterval, type SubscriptionPrice } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useErrorHandlers } from '../../../app/state';
import { formatDate } from '../../../lib/format';
import { RequireSignIn } from '../../account/components/require-sign-in';
import { SettingsCard } from '../../account/components/settings-card';
import { useDetectedRegion } from '../../regions/api/detect-region';
import { useCancelSubscription, useCheckout, usePortal, useSubscriptionPrice, useSubscriptions, useSubscriptionsEnabled } from '../api/subscriptions';
import { formatMoney } from '../lib/money';
import { subscribeReturnTo } from '../lib/return-to';

const STATUS_KEYS: Record<Subscription['status'], string> = {
  [SubscriptionStatus.ACTIVE]: 'active',
  [SubscriptionStatus.EXPIRED]: 'expired',
  [SubscriptionStatus.DISABLED]: 'disabled',
  [SubscriptionStatus.CANCELLED]: 'cancelled',
  [SubscriptionStatus.BILLING_ERROR]: 'billingError',
};

/** This site's address, for the payment provider to send the reader back to. */
const siteAddress = () => window.location.origin;

/** Opens a payment page: the test provider's is this app's own (no reload); Stripe's is elsewhere. */
function useOpenPaymentPage() {
  const navigate = useNavigate();
  return (url: string) => {
    const target = URL.parse(url);
    if (target?.origin === window.location.origin) void navigate(`${target.pathname}${target.search}`);
    else window.location.assign(url);
  };
}

/** `/account/subscription`: the reader's subscription: its status, the price for their country, subscribing, cancelling, the billing portal. */
export function SubscriptionPage() {
  return <RequireSignIn>{() => <SubscriptionSettings />}</RequireSignIn>;
}

function SubscriptionSettings() {
  const { t } = useTranslation();
  const enabled = useSubscriptionsEnabled();
  const [search] = useSearchParams();
  const checkout = search.get('checkout');
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
        {t('subscriptions.title')}
      </Typography>
      {!enabled ? (
        <Alert severity="info">{t('subscriptions.off')}</Alert>
      ) : (
        <Stack spacing={3}>
          {checkout === 'success' && <CheckoutSucceeded />}
          {checkout === 'cancelled' && <Alert severity="info">{t('subscriptions.checkoutCancelled')}</Alert>}
          <SubscriptionState />
        </Stack>
      )}
    </Container>
  );
}

/** The paid checkout's thanks, with the way back to the article the paywall stood in front of. */
function CheckoutSucceeded() {
  const { t } = useTranslation();
  const [article] = useState(() => subscribeReturnTo.get());
  return (
    <Alert
      severity="success"
      action={
        article && (
          <Button component={RouterLink} to={article} color="inherit" size="small" onClick={() => subscribeReturnTo.clear()}>
            {t('subscriptions.backToArticle')}
          </Button>
        )
      }
    >
      {t('subscriptions.checkoutSucceeded')}
    </Alert>
  );
}

function SubscriptionState() {
  const { t } = useTranslation();
  const subscriptions = useSubscriptions();
  if (subscriptions.isPending) return <CircularProgress aria-label={t('subscriptions.loading')} sx={{ alignSelf: 'center' }} />;
  if (subscriptions.isError) {
    return (
      <Alert severity="error" action={<Button onClick={() => void subscriptions.refetch()}>{t('subscriptions.retry')}</Button>}>
        {t('subscriptions.loadFailed')}
      </Alert>
    );
  }
  const { items, provider } = subscriptions.data;
  const current = items.find((item) => item.status === SubscriptionStatus.ACTIVE || item.status === SubscriptionStatus.BILLING_ERROR);
  const past = items.filter((item) => item !== current);
  return (
    <>
      {current ? <CurrentSubscription subscription={current} portal={provider === 'stripe'} /> : <Subscribe noProvider={provider === null} />}
      {past.length > 0 && <History items={past} />}
    </>
  );
}

function StatusChip({ status }: { status: Subscription['status'] }) {
  const { t } = useTranslation();
  const color = status === SubscriptionStatus.ACTIVE ? 'success' : status === SubscriptionStatus.BILLING_ERROR ? 'error' : 'default';
  return <Chip size="small" color={color} label={t(`subscriptions.status.${STATUS_KEYS[status]}`)} data-status={status} />;
}

function CurrentSubscription({ subscription, portal }: { subscription: Subscription; portal: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const cancel = useCancelSubscription();
  const openPortal = usePortal();
  const openPaymentPage = useOpenPaymentPage();
  const { handleError } = useErrorHandlers();
  const [confirming, setConfirming] = useState(false);
  const price = formatMoney(subscription.amount, subscription.currency, language);
  const end = formatDate(subscription.currentPeriodEnd, language);
  return (
    <SettingsCard title={t('subscriptions.current.title')}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <StatusChip status={subscription.status} />
        <Typography>{t(`subscriptions.pricePer.${subscription.interval}`, { price })}</Typography>
      </Stack>
      <Typography color="text.secondary" data-testid="subscription-period">
        {subscription.status === SubscriptionStatus.BILLING_ERROR
          ? t('subscriptions.current.billingError')
          : subscription.cancelAtPeriodEnd
            ? t('subscriptions.current.endsOn', { date: end })
            : t('subscriptions.current.renewsOn', { date: end })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        {portal && (
          <Button
            variant="contained"
            disabled={openPortal.isPending}
            onClick={() => openPortal.mutate(siteAddress(), { onSuccess: ({ url }) => openPaymentPage(url), onError: handleError })}
          >
            {t('subscriptions.current.manage')}
          </Button>
        )}
        {subscription.status === SubscriptionStatus.ACTIVE && !subscription.cancelAtPeriodEnd && (
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            {t('subscriptions.current.cancel')}
          </Button>
        )}
      </Stack>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="cancel-subscription-title">
        <DialogTitle id="cancel-subscription-title">{t('subscriptions.cancelDialog.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('subscriptions.cancelDialog.body', { date: end })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('subscriptions.cancelDialog.keep')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(subscription.id, { onSuccess: () => setConfirming(false), onError: handleError })}
          >
            {t('subscriptions.cancelDialog.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </SettingsCard>
  );
}

function Subscribe({ noProvider }: { noProvider: boolean }) {
  const { t } = useTranslation();
  const region = useDetectedRegion();
  const price = useSubscriptionPrice(region.isPending ? null : (region.data?.countryCode ?? null));
  return (
    <SettingsCard title={t('subscriptions.subscribe.title')} intro={t('subscriptions.subscribe.intro')}>
      {price.isError ? (
        <Alert severity="error" action={<Button onClick={() => void price.refetch()}>{t('subscriptions.retry')}</Button>}>
          {t('subscriptions.loadFailed')}
        </Alert>
      ) : !price.data ? (
        <CircularProgress size={28} aria-label={t('subscriptions.loading')} />
      ) : (
        <SubscribeForm price={price.data} noProvider={noProvider} />
      )}
    </SettingsCard>
  );
}

function SubscribeForm({ price, noProvider }: { price: SubscriptionPrice; noProvider: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const [interval, setInterval] = useState<SubscriptionInterval>('month');
  const checkout = useCheckout();
  const openPaymentPage = useOpenPaymentPage();
  const { handleError } = useErrorHandlers();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <ToggleButtonGroup
        exclusive
        value={interval}
        onChange={(_event, next: SubscriptionInterval | null) => next && setInterval(next)}
        aria-label={t('subscriptions.subscribe.interval')}
      >
        {(['month', 'year'] as const).map((option) => (
          <ToggleButton key={option} value={option} sx={{ textTransform: 'none', px: 2 }}>
            {t(`subscriptions.pricePer.${option}`, { price: formatMoney(price[option], price.currency, language) })}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {noProvider && <Alert severity="warning">{t('subscriptions.subscribe.noProvider')}</Alert>}
      <Button
        variant="contained"
        size="large"
        disabled={noProvider || checkout.isPending}
        onClick={() =>
          checkout.mutate({ currency: price.currency, interval, urlBase: siteAddress() }, { onSuccess: ({ url }) => openPaymentPage(url), onError: handleError })
        }
      >
        {t('subscriptions.subscribe.button')}
      </Button>
    </Stack>
  );
}

function History({ items }: { items: Subscription[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <SettingsCard title={t('subscriptions.history.title')}>
      <Stack component="ul" spacing={1} sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {items.map((item) => (
          <Stack component="li" key={item.id} direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <StatusChip status={item.status} />
            <Typography>{t(`subscriptions.pricePer.${item.interval}`, { price: formatMoney(item.amount, item.currency, language) })}</Typography>
            <Typography color="text.secondary">{t('subscriptions.history.until', { date: formatDate(item.currentPeriodEnd, language) })}</Typography>
          </Stack>
        ))}
      </Stack>
    </SettingsCard>
  );
}
