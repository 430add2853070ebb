import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete'> & {
  /** current-password to sign in or confirm, new-password to choose one (password managers read it). */
  autoComplete: 'current-password' | 'new-password';
};

/**
 * A password field with a button that shows what was typed (phones make typos easy). `required`
 * goes to the input (for assistive technology) without MUI's asterisk: every field of these
 * forms is required, so the mark would say nothing.
 */
export function PasswordField({ autoComplete, slotProps, required, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const label = shown ? t('accountPages.fields.hidePassword') : t('accountPages.fields.showPassword');
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      slotProps={{
        ...slotProps,
        htmlInput: { required, spellCheck: false, autoCapitalize: 'none', ...(slotProps?.htmlInput as object) },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={label} aria-pressed={shown} onClick={() => setShown((value) => !value)} edge="end" size="small">
                {shown ? <VisibilityOffOutlined fontSize="small" /> : <VisibilityOutlined fontSize="small" />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
