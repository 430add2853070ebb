import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { VendorApiKeyCreated } from '@newsreel/contracts';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { ApiKeyShownDialog } from '../../../app/components/api-key-shown-dialog';
import { useAppSelector } from '../../../app/state';
import type { User } from '../../../app/state/types';
import { paths } from '../../../lib/paths';
import { useVendorApiKeys } from '../api/vendor-keys';
import { ApiGuide } from '../components/api-guide';
import { CreateVendorKey } from '../components/create-vendor-key';
import { VendorKeyList } from '../components/vendor-key-list';

/**
 * `/vendor`: the vendor area for a signed-in user of a vendor: the vendor's API keys (make one,
 * shown once; rotate; revoke) and a short guide to the API with commands to copy. The server acts
 * for the user's vendor (the first by name when they belong to several), as it does here.
 */
export function VendorPage() {
  const { t } = useTranslation();
  const status = useAppSelector((state) => state.authStatus);
  const user = useAppSelector((state) => state.user);
  if (status === 'restoring') {
    return (
      <Stack sx={{ py: 10, alignItems: 'center' }}>
        <CircularProgress aria-label={t('vendor.loading')} />
      </Stack>
    );
  }
  if (!user) return <Navigate to={paths.signIn.href(paths.vendor.href())} replace />;
  return <VendorArea user={user} />;
}

function Section({ title, intro, action, children }: { title: string; intro?: string; action?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 2 }}>
        <Stack spacing={0.5}>
          <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {title}
          </Typography>
          {intro && <Typography color="text.secondary">{intro}</Typography>}
        </Stack>
        {action && <Stack sx={{ flexShrink: 0, alignItems: 'flex-start' }}>{action}</Stack>}
      </Stack>
      {children}
    </Paper>
  );
}

function VendorArea({ user }: { user: User }) {
  const { t } = useTranslation();
  const vendor = [...user.vendors].sort((a, b) => a.name.localeCompare(b.name))[0];
  const keys = useVendorApiKeys({ enabled: vendor !== undefined });
  const [shown, setShown] = useState<VendorApiKeyCreated | null>(null);
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 }, px: { xs: 2, sm: 3 } }}>
      <Stack spacing={1} sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('vendor.title')}
        </Typography>
        {vendor && (
          <Typography color="text.secondary">
            {t('vendor.actingFor')} <bdi style={{ fontWeight: 700 }}>{vendor.name}</bdi>
          </Typography>
        )}
      </Stack>
      {!vendor ? (
        <Alert severity="info">{t('vendor.noVendor')}</Alert>
      ) : (
        <Stack spacing={3}>
          <Section title={t('vendor.keys.title')} intro={t('vendor.keys.intro')} action={<CreateVendorKey onCreated={setShown} />}>
            {keys.isPending ? (
              <CircularProgress size={28} aria-label={t('vendor.loading')} />
            ) : keys.isError ? (
              <Alert severity="error">{t('vendor.keys.loadFailed')}</Alert>
            ) : (
              <VendorKeyList keys={keys.data.items} onRotated={setShown} />
            )}
          </Section>
          <Section title={t('vendor.guide.title')}>
            <ApiGuide />
          </Section>
        </Stack>
      )}
      {shown && <ApiKeyShownDialog created={shown} owner={vendor?.name ?? ''} onClose={() => setShown(null)} />}
    </Container>
  );
}
