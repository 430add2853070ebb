import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../lib/server-message';

/**
 * What went wrong with a form's request, next to the form: the server's message (it says what to
 * do: a wrong password, an address already in use), or the generic text. An alert, so screen
 * readers announce it as it appears. The server writes English: `dir="auto"` keeps its sentence
 * in order inside a right-to-left page.
 */
export function FormError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  const message = messageOf(error);
  return (
    <Alert severity="error" role="alert" variant="outlined">
      {message ? <div dir="auto">{message}</div> : t('errors.generic')}
    </Alert>
  );
}
