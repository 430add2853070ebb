import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TestCheckoutSession } from '@newsreel/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { serverMessageOf } from '../../../lib/errors';
import { paths } from '../../../lib/paths';
import { RequireSignIn } from '../../account/components/require-sign-in';
import { SettingsCard } from '../../account/components/settings-card';
import { usePayTestCheckout, useTestCheckoutSession } from '../api/subscriptions';
import { formatMoney } from '../lib/money';

/** A path of this app from an address the server answered (the success and cancel addresses are this site's). */
function appPathOf(url: string): string {
  const parsed = URL.parse(url);
  return parsed && parsed.origin === window.location.origin ? `${parsed.pathname}${parsed.search}` : paths.subscription.href();
}

/**
 * `/account/subscription/checkout/{sessionId}`: the built-in test provider's checkout (no
 * STRIPE_SECRET_KEY on the server). No money moves: card 4242 4242 4242 4242 succeeds and
 * 4000 0000 0000 0002 is declined.
 */
export function TestCheckoutPage() {
  return <RequireSignIn>{() => <TestCheckout />}</RequireSignIn>;
}

function TestCheckout() {
  const { t } = useTranslation();
  const { sessionId = '' } = useParams();
  const session = useTestCheckoutSession(sessionId);
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 3 }}>
        {t('subscriptions.checkout.title')}
      </Typography>
      {session.isPending ? (
        <CircularProgress aria-label={t('subscriptions.loading')} />
      ) : session.isError ? (
        <Alert severity="error" action={<Button component={RouterLink} to={paths.subscription.href()}>{t('subscriptions.checkout.back')}</Button>}>
          {isApiError(session.error) && session.error.status === 404 ? t('subscriptions.checkout.notFound') : t('subscriptions.loadFailed')}
        </Alert>
      ) : (
        <CheckoutForm session={session.data} />
      )}
    </Container>
  );
}

function CheckoutForm({ session }: { session: TestCheckoutSession }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const navigate = useNavigate();
  const pay = usePayTestCheckout(session.id);
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const price = t(`subscriptions.pricePer.${session.interval}`, { price: formatMoney(session.amount, session.currency, language) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    pay.mutate(
      { cardNumber: cardNumber.trim(), expiry: expiry.trim(), cvc: cvc.trim() },
      {
        onSuccess: (result) => void navigate(appPathOf(result.redirectUrl)),
        onError: (error) => {
          if (isApiError(error) && error.status === 402) setProblem(t('subscriptions.checkout.declined'));
          else if (isApiError(error) && error.status === 400) setProblem(serverMessageOf(error)?.replace(/^body\.\w+:?\s*/, '') ?? t('subscriptions.checkout.invalid'));
          else setProblem(serverMessageOf(error) ?? t('subscriptions.loadFailed'));
        },
      },
    );
  };

  if (session.status !== 'open') {
    return (
      <Alert severity={session.status === 'complete' ? 'success' : 'warning'} action={<Button component={RouterLink} to={paths.subscription.href()}>{t('subscriptions.checkout.back')}</Button>}>
        {t(session.status === 'complete' ? 'subscriptions.checkout.complete' : 'subscriptions.checkout.expired')}
      </Alert>
    );
  }
  return (
    <SettingsCard title={t('subscriptions.checkout.pay', { price })} intro={t('subscriptions.checkout.testNotice')}>
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        {problem && (
          <Alert severity="error" role="alert">
            {problem}
          </Alert>
        )}
        <TextField
          label={t('subscriptions.checkout.cardNumber')}
          value={cardNumber}
          onChange={(event) => setCardNumber(event.target.value)}
          autoComplete="cc-number"
          slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: 23 } }}
          helperText={t('subscriptions.checkout.cardHint')}
          required
        />
        <Stack direction="row" spacing={2}>
          <TextField
            label={t('subscriptions.checkout.expiry')}
            placeholder={t('subscriptions.checkout.expiryPlaceholder')}
            value={expiry}
            onChange={(event) => setExpiry(event.target.value)}
            autoComplete="cc-exp"
            slotProps={{ htmlInput: { dir: 'ltr', maxLength: 7 } }}
            required
            sx={{ flex: 1 }}
          />
          <TextField
            label={t('subscriptions.checkout.cvc')}
            value={cvc}
            onChange={(event) => setCvc(event.target.value)}
            autoComplete="cc-csc"
            slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: 4 } }}
            required
            sx={{ flex: 1 }}
          />
        </Stack>
        <Stack direction="row" spacing={1.5}>
          <Button type="submit" variant="contained" size="large" disabled={pay.isPending}>
            {t('subscriptions.checkout.submit', { price })}
          </Button>
          <Button component={RouterLink} to={appPathOf(session.cancelUrl)}>
            {t('subscriptions.checkout.cancel')}
          </Button>
        </Stack>
      </Stack>
    </SettingsCard>
  );
}
