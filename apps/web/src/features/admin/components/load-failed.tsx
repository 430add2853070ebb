import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/** A read that failed, said in words, with a button that tries it again (none when trying again cannot help). */
export function LoadFailed({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('admin.retry')}
          </Button>
        )
      }
    >
      {message}
    </Alert>
  );
}
