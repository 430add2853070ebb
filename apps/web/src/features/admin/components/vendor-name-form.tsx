import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { VENDOR_NAME_MAX } from '@newsreel/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface VendorNameFormProps {
  /** The form's accessible name. */
  label: string;
  initialName?: string;
  submitLabel: string;
  /** Sends the name; resolves once done, rejects when refused. */
  onSubmit: (name: string) => Promise<unknown>;
  submitting: boolean;
  refusal?: string;
  /** Empties the field once the name is sent (a new vendor), or keeps it (a rename). */
  clearOnDone?: boolean;
}

/** A vendor's name, checked as the API checks it (not empty, at most VENDOR_NAME_MAX characters). */
export function VendorNameForm({ label, initialName = '', submitLabel, onSubmit, submitting, refusal, clearOnDone = false }: VendorNameFormProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = name.trim() === '' ? t('adminPeople.validation.nameRequired') : undefined;
    setProblem(found);
    if (found) return;
    onSubmit(name.trim()).then(
      () => clearOnDone && setName(''),
      () => {
        // The refusal is shown under the form; the name stays to be corrected.
      },
    );
  };
  return (
    <Stack component="form" noValidate aria-label={label} onSubmit={submit} spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('adminPeople.fields.vendorName')}
          size="small"
          required
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            if (problem && event.target.value.trim()) setProblem(undefined);
          }}
          error={Boolean(problem)}
          helperText={problem}
          slotProps={{ htmlInput: { maxLength: VENDOR_NAME_MAX, dir: 'auto' } }}
          sx={{ flex: { sm: '1 1 260px' }, maxWidth: { sm: 420 } }}
        />
        <Button type="submit" variant="contained" disabled={submitting} sx={{ minHeight: 40, flexShrink: 0 }}>
          {submitLabel}
        </Button>
      </Stack>
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
    </Stack>
  );
}
