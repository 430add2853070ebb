import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface InlineTextFieldProps extends Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'onKeyDown'> {
  /** The saved text. */
  value: string;
  maxLength: number;
  /** Called with the new text when it changed and is not empty: on Enter, or on leaving the field. */
  onSave: (value: string) => void;
}

/** A text that is saved where it stands: Enter or leaving the field saves it, Escape puts it back. */
export function InlineTextField({ value, maxLength, onSave, helperText, ...field }: InlineTextFieldProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  const [saved, setSaved] = useState(value);
  // The saved text changed elsewhere (read again after a save): the field follows.
  if (value !== saved) {
    setSaved(value);
    setDraft(value);
  }
  const empty = draft.trim() === '';
  const commit = () => {
    const text = draft.trim();
    if (!text) return;
    if (text !== value) onSave(text);
  };
  return (
    <TextField
      {...field}
      value={draft}
      error={empty}
      helperText={empty ? t('adminPolls.validation.required') : helperText}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        } else if (event.key === 'Escape') {
          setDraft(value);
        }
      }}
      // People's own words, each in its own direction (an English question in the Arabic console).
      slotProps={{ htmlInput: { maxLength, dir: 'auto' } }}
    />
  );
}
