import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useSession } from '../../../app/session/session-context';
import { useAppSelector } from '../../../app/state';
import { paths } from '../../../lib/paths';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';
import { errorTextOf } from '../lib/server-message';

/**
 * `/account/verify?key=…`, which the confirmation mail's link opens: it sends the key at once and
 * says how that went, with the way on (sign in, or the account when someone is signed in).
 */
export function VerifyEmailPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const key = params.get('key');
  const verify = useVerifyEmail(key);
  const signedIn = useAppSelector((state) => state.user !== null);
  const session = useSession();
  const confirmed = verify.isSuccess;

  // A new address confirmed while signed in: the user the app holds still has the old one.
  useEffect(() => {
    if (confirmed && signedIn) void session.refresh();
  }, [confirmed, signedIn, session]);

  const onward = signedIn ? (
    <Button component={RouterLink} to={paths.account.href()} variant="contained" size="large" fullWidth>
      {t('accountPages.verify.toAccount')}
    </Button>
  ) : (
    <Button component={RouterLink} to={paths.signIn.href()} variant="contained" size="large" fullWidth>
      {t('account.signIn')}
    </Button>
  );

  if (!key) {
    return (
      <AuthCard icon={<ErrorOutlineRounded />} title={t('accountPages.verify.failedTitle')}>
        <Typography role="alert">{t('accountPages.verify.missingKey')}</Typography>
        {onward}
      </AuthCard>
    );
  }
  if (verify.isPending) {
    return (
      <AuthCard title={t('accountPages.verify.title')}>
        <Stack direction="row" spacing={2} role="status" sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('accountPages.verify.checking')}</Typography>
        </Stack>
      </AuthCard>
    );
  }
  if (verify.isError) {
    const failure = errorTextOf(verify.error, t, i18n.resolvedLanguage ?? 'en');
    return (
      <AuthCard icon={<ErrorOutlineRounded />} title={t('accountPages.verify.failedTitle')}>
        {/* The reason in the reader's language; else the server's English, which dir="auto" keeps in order on a right-to-left page. */}
        <Typography role="alert" dir={failure?.fromServer ? 'auto' : undefined}>
          {failure?.text ?? t('errors.generic')}
        </Typography>
        {onward}
      </AuthCard>
    );
  }
  return (
    <AuthCard icon={<TaskAltRounded />} title={t('accountPages.verify.doneTitle')}>
      <Typography role="status">{signedIn ? t('accountPages.verify.doneBodySignedIn') : t('accountPages.verify.doneBody')}</Typography>
      {onward}
    </AuthCard>
  );
}
