import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminVendor } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { isApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { adminPaths } from '../admin-paths';
import { useDeleteAdminVendor } from '../api/delete-admin-vendor';
import { useApiKeys } from '../api/get-api-keys';
import { useAdminVendor } from '../api/get-admin-vendor';
import { useRenameAdminVendor } from '../api/rename-admin-vendor';
import { ApiKeyTable } from '../components/api-key-table';
import { ConfirmDelete } from '../components/confirm-delete';
import { CreateApiKey } from '../components/create-api-key-dialog';
import { EditorSection } from '../components/editor-section';
import { LoadFailed } from '../components/load-failed';
import { MemberUsersSection } from '../components/member-users-section';
import { PageHeading } from '../components/page-heading';
import { SuperusersOnly } from '../components/superusers-only';
import { VendorNameForm } from '../components/vendor-name-form';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { isolate } from '../lib/isolate';
import { apiKeyListSearch, parseApiKeyListParams } from '../lib/people-list-params';
import { refusalOf } from '../lib/refusal';

/** A vendor's page lists its newest keys; the API keys page has them all. */
const KEYS_SHOWN = 10;

/** `/admin/vendors/:vendorId`: a vendor's name, its users (added by email with a role, changed, removed) and its API keys. */
export function VendorPage() {
  return (
    <SuperusersOnly>
      <VendorDetails />
    </SuperusersOnly>
  );
}

function VendorDetails() {
  const { t } = useTranslation();
  const { vendorId = '' } = useParams();
  const vendor = useAdminVendor(vendorId);
  const back = { href: adminPaths.vendors.href(), label: t('adminPeople.vendor.back') };
  if (!vendor.data) {
    if (vendor.isError) {
      const missing = isApiError(vendor.error) && (vendor.error.status === 404 || vendor.error.status === 400);
      return (
        <>
          <PageHeading title={t('adminPeople.vendor.title')} back={back} />
          <LoadFailed message={missing ? t('adminPeople.vendor.notFound') : t('adminPeople.vendor.loadFailed')} onRetry={missing ? undefined : () => void vendor.refetch()} />
        </>
      );
    }
    return (
      <Stack sx={{ py: 10, alignItems: 'center' }}>
        <CircularProgress aria-label={t('adminPeople.loading')} />
      </Stack>
    );
  }
  return <VendorSections vendor={vendor.data} back={back} />;
}

function VendorSections({ vendor, back }: { vendor: AdminVendor; back: { href: string; label: string } }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const rename = useRenameAdminVendor();
  const remove = useDeleteAdminVendor();
  const name = isolate(vendor.name);
  const keysQuery = { vendorId: vendor.id, page: 1, limit: KEYS_SHOWN, sort: 'createdAt', order: 'desc' } as const;
  const keys = useApiKeys(keysQuery);
  const allKeysHref = adminPaths.apiKeys.href(apiKeyListSearch({ ...parseApiKeyListParams(new URLSearchParams()), vendorId: vendor.id }).toString());

  return (
    <>
      <PageHeading
        back={back}
        title={<span dir="auto">{vendor.name}</span>}
        action={
          <ConfirmDelete
            variant="text"
            label={t('adminPeople.vendor.delete')}
            title={t('adminPeople.vendor.deleteTitle', { name })}
            body={t('adminPeople.vendor.deleteBody')}
            disabled={remove.isPending}
            onConfirm={() =>
              remove.mutate(vendor.id, {
                onSuccess: () => {
                  dispatch(appActions.showNotification(t('adminPeople.vendor.deleted', { name })));
                  void navigate(adminPaths.vendors.href(), { replace: true });
                },
              })
            }
          />
        }
      />
      <Typography color="text.secondary" sx={{ mt: -1, mb: 3 }}>
        {t('adminPeople.vendor.summary', { users: formatNumber(vendor.userCount, language), keys: formatNumber(vendor.liveApiKeys, language), date: dateTime(vendor.createdAt) })}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <MemberUsersSection owner={{ kind: 'vendor', id: vendor.id }} ownerName={vendor.name} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <EditorSection id="vendor-name" title={t('adminPeople.vendor.rename')}>
            <VendorNameForm
              key={vendor.name}
              label={t('adminPeople.vendor.rename')}
              initialName={vendor.name}
              submitLabel={t('adminPeople.vendor.save')}
              submitting={rename.isPending}
              refusal={rename.error ? refusalOf(rename.error, t('errors.generic'), { 409: t('adminPeople.vendors.nameTaken', { name: isolate(rename.variables?.name ?? '') }) }) : undefined}
              onSubmit={(text) => rename.mutateAsync({ vendorId: vendor.id, name: text }).then(() => dispatch(appActions.showNotification(t('adminPeople.vendor.renamed'))))}
            />
          </EditorSection>
        </Grid>
        <Grid size={12}>
          <EditorSection
            id="vendor-keys"
            title={t('adminPeople.vendor.keys')}
            intro={t('adminPeople.vendor.keysHelp')}
            action={<CreateApiKey vendor={{ id: vendor.id, name: vendor.name }} />}
          >
            {keys.isError && !keys.data ? (
              <LoadFailed message={t('adminPeople.apiKeys.loadFailed')} onRetry={() => void keys.refetch()} />
            ) : (
              keys.data && (
                <Stack spacing={1.5}>
                  <ApiKeyTable label={t('adminPeople.vendor.keys')} keys={keys.data.items} showOwner={false} empty={t('adminPeople.vendor.noKeys')} />
                  {keys.data.total > KEYS_SHOWN && (
                    <Link component={RouterLink} to={allKeysHref} sx={{ alignSelf: 'flex-start' }}>
                      {t('adminPeople.vendor.allKeys', { total: formatNumber(keys.data.total, language) })}
                    </Link>
                  )}
                </Stack>
              )
            )}
          </EditorSection>
        </Grid>
      </Grid>
    </>
  );
}
