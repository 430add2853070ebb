import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { NAME_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@newsreel/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { useAppSelector } from '../../../app/state';
import { formatNumber } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useRegister } from '../api/register';
import { safeNextPath } from '../lib/next-path';
import { AuthCard } from '../components/auth-card';
import { FormError } from '../components/form-error';
import { PasswordField } from '../components/password-field';
import { useFieldProblems } from '../hooks/use-field-problems';
import { emailProblem, newPasswordProblem, requiredProblem } from '../lib/validation';
import { EmailField } from '../components/email-field';

/** `/account/register`: name, email and password; then "check your email" for the confirmation link. */
export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const signedIn = useAppSelector((state) => state.user !== null);
  const register = useRegister();
  const fields = useFieldProblems<'name' | 'email' | 'password'>();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (signedIn) return <Navigate to={next} replace />;
  const nextParam = next === paths.home.href() ? undefined : next;

  if (sentTo) {
    return (
      <AuthCard icon={<MarkEmailReadOutlined />} title={t('accountPages.register.checkTitle')} intro={t('accountPages.register.checkBody', { email: sentTo })}>
        <Typography variant="body2" color="text.secondary">
          {t('accountPages.register.checkHint')}
        </Typography>
        <Button component={RouterLink} to={paths.signIn.href(nextParam)} variant="contained" size="large" fullWidth>
          {t('accountPages.register.toSignIn')}
        </Button>
      </AuthCard>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = { name: requiredProblem(name), email: emailProblem(email), password: newPasswordProblem(password) };
    if (!fields.check(problems)) return;
    const address = email.trim();
    register.mutateAsync({ name: name.trim(), email: address, password }).then(
      () => setSentTo(address),
      // Shown beside the form (register.error).
      () => undefined,
    );
  };

  const min = formatNumber(PASSWORD_MIN_LENGTH, i18n.resolvedLanguage ?? 'en');
  return (
    <AuthCard
      title={t('accountPages.register.title')}
      intro={t('accountPages.register.intro')}
      footer={
        <Typography color="text.secondary">
          {t('accountPages.register.haveAccount')}{' '}
          <Link component={RouterLink} to={paths.signIn.href(nextParam)} sx={{ fontWeight: 600 }}>
            {t('accountPages.register.signIn')}
          </Link>
        </Typography>
      }
    >
      <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-label={t('accountPages.register.title')}>
        <TextField
          label={t('accountPages.fields.name')}
          autoComplete="name"
          {...fields.bind('name', name, setName, t('accountPages.register.nameHelp'))}
          fullWidth
          slotProps={{ htmlInput: { required: true, maxLength: NAME_MAX_LENGTH } }}
        />
        <EmailField
          label={t('accountPages.fields.email')}
          {...fields.bind('email', email, setEmail)}
        />
        <PasswordField
          label={t('accountPages.fields.password')}
          autoComplete="new-password"
          {...fields.bind('password', password, setPassword, t('accountPages.register.passwordHelp', { min }))}
          required
          fullWidth
        />
        <FormError error={register.error} />
        <Button type="submit" variant="contained" size="large" disabled={register.isPending} fullWidth>
          {register.isPending ? t('accountPages.register.sending') : t('accountPages.register.submit')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
