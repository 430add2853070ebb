import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { API_KEY_DEFAULT_NAME, API_KEY_NAME_MAX, type VendorApiKeyCreated } from '@newsreel/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../../lib/errors';
import { useCreateVendorApiKey } from '../api/vendor-keys';

/** "New key" and its dialog: a name ('Access Key' by default); the made key goes to `onCreated`, to be shown once. */
export function CreateVendorKey({ onCreated }: { onCreated: (created: VendorApiKeyCreated) => void }) {
  const { t } = useTranslation();
  const create = useCreateVendorApiKey();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(API_KEY_DEFAULT_NAME);
  const [problem, setProblem] = useState<string | undefined>();
  const titleId = useId();

  const close = () => {
    if (create.isPending) return;
    setOpen(false);
    create.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setProblem(t('vendor.create.nameRequired'));
      return;
    }
    setProblem(undefined);
    create.mutate(name.trim(), {
      onSuccess: (created) => {
        setOpen(false);
        setName(API_KEY_DEFAULT_NAME);
        // The key stays only in the dialog that shows it.
        create.reset();
        onCreated(created);
      },
    });
  };

  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        {t('vendor.create.open')}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{t('vendor.create.title')}</DialogTitle>
        <form noValidate onSubmit={submit} aria-labelledby={titleId}>
          <DialogContent sx={{ pt: 0 }}>
            <TextField
              sx={{ mt: 1 }}
              label={t('vendor.create.name')}
              required
              fullWidth
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={Boolean(problem)}
              helperText={problem ?? t('vendor.create.nameHelp')}
              slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX, dir: 'auto' } }}
            />
            {create.error && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }}>
                {serverMessageOf(create.error) ?? t('vendor.keys.changeFailed')}
              </Alert>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={create.isPending}>
              {t('vendor.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={create.isPending}>
              {t('vendor.create.submit')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
