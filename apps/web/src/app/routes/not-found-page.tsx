import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../lib/paths';

/** Any address no route matches. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container maxWidth="md" sx={{ py: 8 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('notFound.body')}
      </Typography>
      <Link component={RouterLink} to={paths.home.href()}>
        {t('common.backHome')}
      </Link>
    </Container>
  );
}
