import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { API_KEY_DEFAULT_NAME, API_KEY_NAME_MAX, type AdminApiKeyCreated } from '@newsreel/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiKeyShownDialog } from '../../../app/components/api-key-shown-dialog';
import { useCreateApiKey } from '../api/create-api-key';
import { isolate } from '../lib/isolate';
import { refusalOf } from '../lib/refusal';
import { UserPicker, VendorPicker } from './entity-pickers';

type Owner = 'vendor' | 'user';

export interface CreateApiKeyProps {
  /** The vendor the key is for (a vendor's own page); left out, the superuser chooses a vendor or a user. */
  vendor?: { id: string; name: string };
}

/**
 * "New API key" and its dialog (SPEC §3: vendorId or userId, plus a name, 'Access Key' by default);
 * once made, the key itself is shown this once (ApiKeyShownDialog).
 */
export function CreateApiKey({ vendor }: CreateApiKeyProps) {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [open, setOpen] = useState(false);
  const [created, setCreated] = useState<AdminApiKeyCreated | null>(null);
  const titleId = useId();
  return (
    <>
      <Button variant="contained" onClick={() => setOpen(true)}>
        {t('adminPeople.apiKeys.new')}
      </Button>
      <Dialog open={open} onClose={() => !create.isPending && setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <DialogTitle id={titleId}>{t('adminPeople.apiKeys.newTitle')}</DialogTitle>
        {open && (
          <KeyForm
            vendor={vendor}
            submitting={create.isPending}
            refusal={
              create.error
                ? refusalOf(create.error, t('errors.generic'), { 409: t('adminPeople.apiKeys.noVendor'), 404: t('adminPeople.apiKeys.ownerGone') })
                : undefined
            }
            onCancel={() => {
              setOpen(false);
              create.reset();
            }}
            onSubmit={(body) =>
              create.mutate(body, {
                onSuccess: (key) => {
                  setOpen(false);
                  setCreated(key);
                  // The key stays only in the dialog that shows it.
                  create.reset();
                },
              })
            }
          />
        )}
      </Dialog>
      {created && <ApiKeyShownDialog created={created} owner={created.vendor?.name ?? created.user?.email ?? ''} onClose={() => setCreated(null)} />}
    </>
  );
}

interface KeyFormProps {
  vendor?: { id: string; name: string };
  submitting: boolean;
  refusal?: string;
  onCancel: () => void;
  onSubmit: (body: { vendorId?: string; userId?: string; name: string }) => void;
}

function KeyForm({ vendor, submitting, refusal, onCancel, onSubmit }: KeyFormProps) {
  const { t } = useTranslation();
  const [owner, setOwner] = useState<Owner>('vendor');
  const [vendorId, setVendorId] = useState<string | undefined>(vendor?.id);
  const [userId, setUserId] = useState<string | undefined>();
  const [name, setName] = useState(API_KEY_DEFAULT_NAME);
  const [problems, setProblems] = useState<{ owner?: string; name?: string }>({});
  const ownerLabelId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      owner: owner === 'vendor' && !vendorId ? t('adminPeople.validation.vendorRequired') : owner === 'user' && !userId ? t('adminPeople.validation.userRequired') : undefined,
      name: name.trim() === '' ? t('adminPeople.validation.nameRequired') : undefined,
    };
    setProblems(found);
    if (found.owner || found.name) return;
    onSubmit({ ...(owner === 'vendor' ? { vendorId } : { userId }), name: name.trim() });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={t('adminPeople.apiKeys.newTitle')}>
      <DialogContent sx={{ pt: 0 }}>
        <Stack spacing={2.5}>
          {vendor ? (
            <DialogContentText>{t('adminPeople.apiKeys.forVendor', { name: isolate(vendor.name) })}</DialogContentText>
          ) : (
            <>
              <FormControl>
                <FormLabel id={ownerLabelId}>{t('adminPeople.apiKeys.ownerLabel')}</FormLabel>
                <RadioGroup row aria-labelledby={ownerLabelId} value={owner} onChange={(_event, value) => setOwner(value as Owner)}>
                  <FormControlLabel value="vendor" control={<Radio />} label={t('adminPeople.apiKeys.ownerVendor')} />
                  <FormControlLabel value="user" control={<Radio />} label={t('adminPeople.apiKeys.ownerUser')} />
                </RadioGroup>
              </FormControl>
              {owner === 'vendor' ? (
                <VendorPicker size="medium" label={t('adminPeople.fields.vendor')} value={vendorId} onChange={setVendorId} required error={problems.owner} />
              ) : (
                <Stack spacing={1}>
                  <UserPicker size="medium" label={t('adminPeople.fields.user')} value={userId} onChange={setUserId} required error={problems.owner} />
                  <DialogContentText variant="body2">{t('adminPeople.apiKeys.userKeyHelp')}</DialogContentText>
                </Stack>
              )}
            </>
          )}
          <TextField
            label={t('adminPeople.fields.keyName')}
            required
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(problems.name)}
            helperText={problems.name ?? t('adminPeople.apiKeys.nameHelp')}
            slotProps={{ htmlInput: { maxLength: API_KEY_NAME_MAX, dir: 'auto' } }}
          />
          {refusal && (
            <Alert severity="error" role="alert">
              {refusal}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={submitting}>
          {t('adminPolls.cancel')}
        </Button>
        <Button type="submit" variant="contained" disabled={submitting}>
          {t('adminPeople.apiKeys.create')}
        </Button>
      </DialogActions>
    </form>
  );
}
