import TextField, { type TextFieldProps } from '@mui/material/TextField';

/**
 * An email address field as every account form needs it: the email keyboard, no capitals or
 * spelling fixes on phones, and left to right on right-to-left pages (an address reads that way).
 */
export function EmailField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'slotProps'>) {
  return (
    <TextField
      {...props}
      type="email"
      autoComplete="email"
      fullWidth
      slotProps={{ htmlInput: { required: true, inputMode: 'email', autoCapitalize: 'none', spellCheck: false, dir: 'ltr' } }}
    />
  );
}
