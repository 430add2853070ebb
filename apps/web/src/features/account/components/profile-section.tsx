import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { NAME_MAX_LENGTH } from '@newsreel/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch } from '../../../app/state';
import type { User } from '../../../app/state/types';
import { useUpdateUser } from '../api/update-user';
import { useFieldProblems } from '../hooks/use-field-problems';
import { requiredProblem } from '../lib/validation';
import { FormError } from './form-error';
import { SettingsCard } from './settings-card';

/** The user's name, how the app greets them. */
export function ProfileSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const update = useUpdateUser();
  const fields = useFieldProblems<'name'>();
  const [name, setName] = useState(user.name);
  const unchanged = name.trim() === user.name;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fields.check({ name: requiredProblem(name) })) return;
    update.mutateAsync({ name: name.trim() }).then(
      () => dispatch(appActions.showNotification(t('accountPages.account.profile.saved'))),
      // Shown beside the form (update.error).
      () => undefined,
    );
  };

  return (
    <SettingsCard title={t('accountPages.account.profile.title')}>
      <Stack component="form" spacing={2} noValidate onSubmit={submit} aria-label={t('accountPages.account.profile.title')}>
        <TextField
          label={t('accountPages.fields.name')}
          autoComplete="name"
          {...fields.bind('name', name, setName, t('accountPages.register.nameHelp'))}
          fullWidth
          slotProps={{ htmlInput: { required: true, maxLength: NAME_MAX_LENGTH } }}
        />
        <FormError error={update.error} />
        <Button type="submit" variant="contained" disabled={update.isPending || unchanged} sx={{ alignSelf: 'flex-start' }}>
          {update.isPending ? t('accountPages.account.saving') : t('accountPages.account.profile.save')}
        </Button>
      </Stack>
    </SettingsCard>
  );
}
