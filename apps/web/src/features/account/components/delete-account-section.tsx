import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { paths } from '../../../lib/paths';
import { useDeleteAccount } from '../api/delete-account';
import { useFieldProblems } from '../hooks/use-field-problems';
import { requiredProblem } from '../lib/validation';
import { FormError } from './form-error';
import { PasswordField } from './password-field';
import { SettingsCard } from './settings-card';

/** Deleting the account, confirmed in a dialog with the password. */
export function DeleteAccountSection() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <SettingsCard title={t('accountPages.account.delete.title')} intro={t('accountPages.account.delete.body')} tone="danger">
      <Button variant="outlined" color="error" onClick={() => setOpen(true)} sx={{ alignSelf: 'flex-start' }} aria-haspopup="dialog">
        {t('accountPages.account.delete.button')}
      </Button>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </SettingsCard>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const destroy = useDeleteAccount();
  const fields = useFieldProblems<'password'>();
  const [password, setPassword] = useState('');
  const titleId = useId();
  const bodyId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!fields.check({ password: requiredProblem(password) })) return;
    destroy.mutateAsync({ password }).then(
      async () => {
        dispatch(appActions.showNotification(t('accountPages.account.delete.done')));
        await navigate(paths.home.href(), { replace: true });
      },
      // Shown in the dialog (destroy.error).
      () => undefined,
    );
  };

  const close = () => {
    if (!destroy.isPending) onClose();
  };
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} aria-describedby={bodyId} maxWidth="xs" fullWidth>
      <Stack component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('accountPages.account.delete.dialogTitle')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id={bodyId}>{t('accountPages.account.delete.dialogBody')}</DialogContentText>
            <PasswordField
              label={t('accountPages.fields.password')}
              autoComplete="current-password"
              {...fields.bind('password', password, setPassword)}
              required
              fullWidth
              autoFocus
            />
            <FormError error={destroy.error} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={destroy.isPending}>
            {t('accountPages.account.delete.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={destroy.isPending}>
            {destroy.isPending ? t('accountPages.account.delete.sending') : t('accountPages.account.delete.confirm')}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
