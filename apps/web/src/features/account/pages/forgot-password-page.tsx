import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { useRequestPasswordReset } from '../api/reset-password';
import { AuthCard } from '../components/auth-card';
import { FormError } from '../components/form-error';
import { useFieldProblems } from '../hooks/use-field-problems';
import { emailProblem } from '../lib/validation';
import { EmailField } from '../components/email-field';

/** `/account/forgot`: asks for a reset link by email (the answer never says whether the address has an account). */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const fields = useFieldProblems<'email'>();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const backToSignIn = (
    <Link component={RouterLink} to={paths.signIn.href()} sx={{ fontWeight: 600 }}>
      {t('accountPages.forgot.backToSignIn')}
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard
        icon={<MarkEmailReadOutlined />}
        title={t('accountPages.forgot.sentTitle')}
        intro={<span role="status">{t('accountPages.forgot.sentBody', { email: sentTo })}</span>}
        footer={backToSignIn}
      />
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fields.check({ email: emailProblem(email) })) return;
    const address = email.trim();
    request.mutateAsync({ email: address }).then(
      () => setSentTo(address),
      // Shown beside the form (request.error).
      () => undefined,
    );
  };

  return (
    <AuthCard title={t('accountPages.forgot.title')} intro={t('accountPages.forgot.intro')} footer={backToSignIn}>
      <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-label={t('accountPages.forgot.title')}>
        <EmailField
          label={t('accountPages.fields.email')}
          {...fields.bind('email', email, setEmail)}
        />
        <FormError error={request.error} />
        <Button type="submit" variant="contained" size="large" disabled={request.isPending} fullWidth>
          {request.isPending ? t('accountPages.forgot.sending') : t('accountPages.forgot.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
