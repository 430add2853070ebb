import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PASSWORD_MIN_LENGTH } from '@newsreel/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useCompletePasswordReset } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { FormError } from '../components/form-error';
import { PasswordField } from '../components/password-field';
import { useFieldProblems } from '../hooks/use-field-problems';
import { confirmationProblem, newPasswordProblem } from '../lib/validation';

/** `/account/reset?key=…`, which the reset mail's link opens: the new password, twice. */
export function ResetPasswordPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const key = params.get('key');
  const reset = useCompletePasswordReset();
  const fields = useFieldProblems<'password' | 'confirmation'>();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');

  if (!key) {
    return (
      <AuthCard icon={<ErrorOutlineRounded />} title={t('accountPages.reset.title')}>
        <Typography role="alert">{t('accountPages.reset.missingKey')}</Typography>
        <Button component={RouterLink} to={paths.forgotPassword.href()} variant="contained" size="large" fullWidth>
          {t('accountPages.reset.requestNew')}
        </Button>
      </AuthCard>
    );
  }
  if (reset.isSuccess) {
    return (
      <AuthCard icon={<TaskAltRounded />} title={t('accountPages.reset.doneTitle')} intro={<span role="status">{t('accountPages.reset.doneBody')}</span>}>
        <Button component={RouterLink} to={paths.signIn.href()} variant="contained" size="large" fullWidth>
          {t('account.signIn')}
        </Button>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fields.check({ password: newPasswordProblem(password), confirmation: confirmationProblem(password, confirmation) })) return;
    // The outcome shows on the page (reset.isSuccess, reset.error).
    reset.mutate({ key, password });
  };

  const min = formatNumber(PASSWORD_MIN_LENGTH, i18n.resolvedLanguage ?? 'en');
  return (
    <AuthCard
      title={t('accountPages.reset.title')}
      intro={t('accountPages.reset.intro')}
      footer={
        <Button component={RouterLink} to={paths.forgotPassword.href()}>
          {t('accountPages.reset.requestNew')}
        </Button>
      }
    >
      <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-label={t('accountPages.reset.title')}>
        <PasswordField
          label={t('accountPages.fields.newPassword')}
          autoComplete="new-password"
          {...fields.bind('password', password, setPassword, t('accountPages.register.passwordHelp', { min }))}
          required
          fullWidth
        />
        <PasswordField
          label={t('accountPages.fields.confirmPassword')}
          autoComplete="new-password"
          {...fields.bind('confirmation', confirmation, setConfirmation)}
          required
          fullWidth
        />
        <FormError error={reset.error} />
        <Button type="submit" variant="contained" size="large" disabled={reset.isPending} fullWidth>
          {reset.isPending ? t('accountPages.reset.sending') : t('accountPages.reset.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
