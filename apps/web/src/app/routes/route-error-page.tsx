import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * Shown when a page throws while rendering or its module cannot load (typically a chunk from
 * an older release after a deploy); reloading fetches the current one. The error boundary
 * around it has reported the error.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="md" sx={{ py: 8 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {t('app.errorTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('app.errorBody')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('app.reload')}
      </Button>
    </Container>
  );
}

/** The same message when the shell itself fails, so it brings its own main landmark. */
export function ShellErrorPage() {
  return (
    <Box component="main">
      <RouteErrorPage />
    </Box>
  );
}
