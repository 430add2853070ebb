import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { EMAIL_MAX_LENGTH } from '@newsreel/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATTERN } from '../lib/refusal';
import { EnumSelect } from './enum-select';

export interface EmailRoleFormProps<R extends number> {
  /** The form's accessible name ("Grant an admin role"). */
  label: string;
  roles: readonly R[];
  roleLabel: (role: R) => string;
  initialRole: R;
  submitLabel: string;
  /** Sends the email address and role; resolves once done (the field empties), rejects when refused. */
  onSubmit: (body: { email: string; role: R }) => Promise<unknown>;
  submitting: boolean;
  /** Why the last try was refused, in words. */
  refusal?: string;
}

/** An email address and a role (SPEC §3 "admin-role users, vendor users: email, role"), checked as the API checks them. */
export function EmailRoleForm<R extends number>({ label, roles, roleLabel, initialRole, submitLabel, onSubmit, submitting, refusal }: EmailRoleFormProps<R>) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<R>(initialRole);
  const [problem, setProblem] = useState<string | undefined>();

  const check = (value: string) =>
    value.trim() === '' ? t('adminPeople.validation.emailRequired') : EMAIL_PATTERN.test(value.trim()) ? undefined : t('adminPeople.validation.email');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(email);
    setProblem(found);
    if (found) return;
    onSubmit({ email: email.trim(), role }).then(
      () => setEmail(''),
      () => {
        // The refusal is shown under the form; what was typed stays to be corrected.
      },
    );
  };

  return (
    <Stack component="form" noValidate aria-label={label} onSubmit={submit} spacing={1.5}>
      <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('adminPeople.fields.email')}
          type="email"
          size="small"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (problem) setProblem(check(event.target.value));
          }}
          error={Boolean(problem)}
          helperText={problem}
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH, dir: 'ltr' } }}
          // (A row from the small breakpoint; a column below it, where a flex basis would be a height.)
          sx={{ flex: { sm: '1 1 260px' }, maxWidth: { sm: 420 } }}
        />
        <EnumSelect
          size="small"
          label={t('adminPeople.fields.role')}
          value={role}
          options={roles}
          labelOf={roleLabel}
          onChange={(value) => value !== '' && setRole(value)}
          sx={{ minWidth: 160 }}
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
