import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { appActions, useAppDispatch, useAppSelector } from '../../../app/state';
import { paths } from '../../../lib/paths';
import { useSignIn } from '../api/sign-in';
import { safeNextPath } from '../lib/next-path';
import { AuthCard } from '../components/auth-card';
import { FormError } from '../components/form-error';
import { PasswordField } from '../components/password-field';
import { useFieldProblems } from '../hooks/use-field-problems';
import { emailProblem, requiredProblem } from '../lib/validation';
import { EmailField } from '../components/email-field';

/**
 * `/account/signin?next=…`: email and password. Signed in (now, or already), the reader goes on
 * to `next`, the page they were on, or home.
 */
export function SignInPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const { state } = useLocation();
  const expired = (state as { sessionExpired?: unknown } | null)?.sessionExpired === true;
  const signedIn = useAppSelector((appState) => appState.user !== null);
  const signIn = useSignIn();
  const fields = useFieldProblems<'email' | 'password'>();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  if (signedIn) return <Navigate to={next} replace />;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fields.check({ email: emailProblem(email), password: requiredProblem(password) })) return;
    signIn.mutateAsync({ email: email.trim(), password }).then(
      ({ user }) => dispatch(appActions.showNotification(t('accountPages.signIn.welcome', { name: user.name }))),
      // Shown beside the form (signIn.error).
      () => undefined,
    );
  };

  const nextParam = next === paths.home.href() ? undefined : next;
  return (
    <AuthCard
      title={t('accountPages.signIn.title')}
      intro={t('accountPages.signIn.intro')}
      footer={
        <Typography color="text.secondary">
          {t('accountPages.signIn.noAccount')}{' '}
          <Link component={RouterLink} to={paths.register.href(nextParam)} sx={{ fontWeight: 600 }}>
            {t('accountPages.signIn.register')}
          </Link>
        </Typography>
      }
    >
      {expired && (
        <Alert severity="info" role="status" variant="outlined">
          {t('accountPages.signIn.expired')}
        </Alert>
      )}
      <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-label={t('accountPages.signIn.title')}>
        <EmailField
          label={t('accountPages.fields.email')}
          {...fields.bind('email', email, setEmail)}
        />
        <PasswordField
          label={t('accountPages.fields.password')}
          autoComplete="current-password"
          {...fields.bind('password', password, setPassword)}
          required
          fullWidth
        />
        <Link component={RouterLink} to={paths.forgotPassword.href()} sx={{ alignSelf: 'flex-end' }}>
          {t('accountPages.signIn.forgot')}
        </Link>
        <FormError error={signIn.error} />
        <Button type="submit" variant="contained" size="large" disabled={signIn.isPending} fullWidth>
          {signIn.isPending ? t('accountPages.signIn.sending') : t('accountPages.signIn.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
