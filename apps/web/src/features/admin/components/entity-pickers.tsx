import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdminUser } from '../api/get-admin-user';
import { useAdminUsers } from '../api/get-admin-users';
import { useAdminVendor } from '../api/get-admin-vendor';
import { useAdminVendors } from '../api/get-admin-vendors';

/** A user or a vendor to choose: what is shown of it, and its id. */
export interface PickedEntity {
  id: string;
  label: string;
  /** Under the label: a user's name. */
  detail?: string;
}

/** How many matches a picker lists as the superuser types. */
const MATCHES = 10;

/** The text typed, once typing pauses (the API is asked for that, not for every key). */
function usePaused(text: string): string {
  const [paused, setPaused] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  return paused;
}

interface PickerFieldProps {
  label: string;
  value: PickedEntity | null;
  onChange: (picked: PickedEntity | null) => void;
  options: PickedEntity[];
  loading: boolean;
  input: string;
  onInput: (text: string) => void;
  required?: boolean;
  error?: string;
  size?: 'small' | 'medium';
}

function PickerField({ label, value, onChange, options, loading, input, onInput, required, error, size = 'small' }: PickerFieldProps) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      size={size}
      value={value}
      onChange={(_event, picked) => onChange(picked)}
      inputValue={input}
      onInputChange={(_event, text) => onInput(text)}
      options={value && !options.some((option) => option.id === value.id) ? [value, ...options] : options}
      // The API has matched the text already.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.label}
      getOptionKey={(option) => option.id}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={loading}
      loadingText={t('adminPeople.picker.loading')}
      noOptionsText={t('adminPeople.picker.none')}
      clearText={t('adminPeople.picker.clear')}
      openText={t('adminPeople.picker.open')}
      closeText={t('adminPeople.picker.close')}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ flexDirection: 'column', alignItems: 'flex-start !important' }}>
          <bdi>{option.label}</bdi>
          {option.detail && (
            <Typography variant="caption" color="text.secondary">
              <bdi>{option.detail}</bdi>
            </Typography>
          )}
        </Box>
      )}
      renderInput={(params) => <TextField {...params} label={label} required={required} error={Boolean(error)} helperText={error} />}
      sx={{ minWidth: { xs: '100%', sm: 240 }, flex: { xs: '1 1 100%', sm: '0 1 300px' } }}
    />
  );
}

export interface EntityPickerProps {
  label: string;
  /** The chosen one's id; undefined for none. */
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  required?: boolean;
  error?: string;
  size?: 'small' | 'medium';
}

/** A vendor, found by part of its name. */
export function VendorPicker({ value, onChange, ...field }: EntityPickerProps) {
  const [input, setInput] = useState('');
  const q = usePaused(input);
  const chosen = useAdminVendor(value);
  const picked = value && chosen.data ? { id: value, label: chosen.data.name } : null;
  const typed = picked && input === picked.label ? '' : q;
  const matches = useAdminVendors({ limit: MATCHES, sort: 'name', ...(typed ? { q: typed } : {}) });
  const options = (matches.data?.items ?? []).map((vendor) => ({ id: vendor.id, label: vendor.name }));
  return (
    <PickerField
      {...field}
      value={picked}
      onChange={(entity) => onChange(entity?.id)}
      options={options}
      loading={matches.isFetching}
      input={input}
      onInput={setInput}
    />
  );
}

/** A user, found by part of their email address or name, and shown by their email address (which is theirs alone). */
export function UserPicker({ value, onChange, ...field }: EntityPickerProps) {
  const [input, setInput] = useState('');
  const q = usePaused(input);
  const chosen = useAdminUser(value);
  const picked = value && chosen.data ? { id: value, label: chosen.data.email, detail: chosen.data.name } : null;
  const typed = picked && input === picked.label ? '' : q;
  const matches = useAdminUsers({ limit: MATCHES, sort: 'email', order: 'asc', ...(typed ? { q: typed } : {}) });
  const options = (matches.data?.items ?? []).map((user) => ({ id: user.id, label: user.email, detail: user.name }));
  return (
    <PickerField
      {...field}
      value={picked}
      onChange={(entity) => onChange(entity?.id)}
      options={options}
      loading={matches.isFetching}
      input={input}
      onInput={setInput}
    />
  );
}
