import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { PASSWORD_MIN_LENGTH } from '@newsreel/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatNumber } from '../../../lib/format';
import { useUpdateUser } from '../api/update-user';
import { useFieldProblems } from '../hooks/use-field-problems';
import { confirmationProblem, newPasswordProblem, requiredProblem } from '../lib/validation';
import { FormError } from './form-error';
import { PasswordField } from './password-field';
import { SettingsCard } from './settings-card';

type Field = 'currentPassword' | 'password' | 'confirmation';

/** A new password (twice), confirmed with the current one. */
export function PasswordSection() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const update = useUpdateUser();
  const fields = useFieldProblems<Field>();
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', password: '', confirmation: '' });
  const min = formatNumber(PASSWORD_MIN_LENGTH, i18n.resolvedLanguage ?? 'en');

  const bind = (field: Field, help?: string) =>
    fields.bind(field, values[field], (value) => setValues((current) => ({ ...current, [field]: value })), help);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { currentPassword, password, confirmation } = values;
    const problems = {
      currentPassword: requiredProblem(currentPassword),
      password: newPasswordProblem(password),
      confirmation: confirmationProblem(password, confirmation),
    };
    if (!fields.check(problems)) return;
    update.mutateAsync({ password, currentPassword }).then(
      () => {
        setValues({ currentPassword: '', password: '', confirmation: '' });
        dispatch(appActions.showNotification(t('accountPages.account.password.changed')));
      },
      // Shown beside the form (update.error).
      () => undefined,
    );
  };

  return (
    <SettingsCard title={t('accountPages.account.password.title')}>
      <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-label={t('accountPages.account.password.title')}>
        <PasswordField
          label={t('accountPages.fields.currentPassword')}
          autoComplete="current-password"
          {...bind('currentPassword')}
          required
          fullWidth
        />
        <PasswordField
          label={t('accountPages.fields.newPassword')}
          autoComplete="new-password"
          {...bind('password', t('accountPages.register.passwordHelp', { min }))}
          required
          fullWidth
        />
        <PasswordField
          label={t('accountPages.fields.confirmPassword')}
          autoComplete="new-password"
          {...bind('confirmation')}
          required
          fullWidth
        />
        <FormError error={update.error} />
        <Button type="submit" variant="contained" disabled={update.isPending} sx={{ alignSelf: 'flex-start' }}>
          {update.isPending ? t('accountPages.account.saving') : t('accountPages.account.password.submit')}
        </Button>
      </Stack>
    </SettingsCard>
  );
}
