import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { errorTextOf } from '../lib/server-message';

/**
 * What went wrong with a form's request, next to the form: the reason the server names in its
 * `code`, in the reader's language; else the server's message (it says what to do); else the
 * generic text. An alert, so screen readers announce it as it appears. The server writes English:
 * `dir="auto"` keeps its sentence in order inside a right-to-left page.
 */
export function FormError({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  const text = errorTextOf(error, t, i18n.resolvedLanguage ?? 'en');
  return (
    <Alert severity="error" role="alert" variant="outlined">
      {text?.fromServer ? <div dir="auto">{text.text}</div> : (text?.text ?? t('errors.generic'))}
    </Alert>
  );
}
