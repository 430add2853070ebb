import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch } from '../../../app/state';
import type { User } from '../../../app/state/types';
import { useUpdateUser } from '../api/update-user';
import { useFieldProblems } from '../hooks/use-field-problems';
import { emailProblem, requiredProblem } from '../lib/validation';
import { FormError } from './form-error';
import { PasswordField } from './password-field';
import { SettingsCard } from './settings-card';
import { EmailField } from './email-field';

/** A new email address, confirmed with the current password; it takes effect once the link mailed to it is opened. */
export function EmailSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const update = useUpdateUser();
  const fields = useFieldProblems<'email' | 'currentPassword'>();
  const [email, setEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fields.check({ email: emailProblem(email), currentPassword: requiredProblem(currentPassword) })) return;
    const address = email.trim();
    update.mutateAsync({ email: address, currentPassword }).then(
      () => {
        setEmail('');
        setCurrentPassword('');
        dispatch(appActions.showNotification(t('accountPages.account.email.sent', { email: address })));
      },
      // Shown beside the form (update.error).
      () => undefined,
    );
  };

  return (
    <SettingsCard title={t('accountPages.account.email.title')} intro={t('accountPages.account.email.current', { email: user.email })}>
      {user.pendingEmail && (
        <Alert severity="info" role="status" variant="outlined">
          {t('accountPages.account.email.pending', { email: user.pendingEmail })}
        </Alert>
      )}
      <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-label={t('accountPages.account.email.title')}>
        <EmailField
          label={t('accountPages.fields.newEmail')}
          {...fields.bind('email', email, setEmail)}
        />
        <PasswordField
          label={t('accountPages.fields.currentPassword')}
          autoComplete="current-password"
          {...fields.bind('currentPassword', currentPassword, setCurrentPassword)}
          required
          fullWidth
        />
        <FormError error={update.error} />
        <Button type="submit" variant="contained" disabled={update.isPending} sx={{ alignSelf: 'flex-start' }}>
          {update.isPending ? t('accountPages.account.saving') : t('accountPages.account.email.submit')}
        </Button>
      </Stack>
    </SettingsCard>
  );
}
