import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AccountRole, enumValues, type AdminVendor, type MemberUser } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { isApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { adminPaths } from '../admin-paths';
import { useAddVendorUser } from '../api/add-vendor-user';
import { useChangeVendorUser } from '../api/change-vendor-user';
import { useDeleteAdminVendor } from '../api/delete-admin-vendor';
import { useApiKeys } from '../api/get-api-keys';
import { useAdminVendor } from '../api/get-admin-vendor';
import { useVendorUsers } from '../api/get-vendor-users';
import { useRemoveVendorUser } from '../api/remove-vendor-user';
import { useRenameAdminVendor } from '../api/rename-admin-vendor';
import { ApiKeyTable } from '../components/api-key-table';
import { ConfirmDelete } from '../components/confirm-delete';
import { CreateApiKey } from '../components/create-api-key-dialog';
import { DataTable, type DataColumn } from '../components/data-table';
import { EditorSection } from '../components/editor-section';
import { EmailRoleForm } from '../components/email-role-form';
import { EnumSelect } from '../components/enum-select';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { SuperusersOnly } from '../components/superusers-only';
import { VendorNameForm } from '../components/vendor-name-form';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { isolate } from '../lib/isolate';
import { apiKeyListSearch, parseApiKeyListParams, type Paging } from '../lib/people-list-params';
import { DEFAULT_PAGE_SIZE } from '../lib/page-sizes';
import { refusalOf } from '../lib/refusal';

const ACCOUNT_ROLES = enumValues(AccountRole);
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
          <VendorUsers vendor={vendor} />
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

function VendorUsers({ vendor }: { vendor: AdminVendor }) {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const [paging, setPaging] = useState<Paging>({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const users = useVendorUsers(vendor.id, paging);
  const add = useAddVendorUser();
  const change = useChangeVendorUser();
  const remove = useRemoveVendorUser();
  const roleName = (role: AccountRole) => t(`adminPeople.accountRole.${role}`);

  const columns: DataColumn<MemberUser>[] = [
    {
      key: 'user',
      label: t('adminPeople.columns.user'),
      fit: 'wrap',
      render: (member) => (
        <>
          <Link component={RouterLink} to={adminPaths.user.href(member.userId)} sx={{ fontWeight: 600 }} dir="ltr">
            {member.email}
          </Link>
          <Typography variant="body2" color="text.secondary">
            <bdi>{member.name}</bdi>
          </Typography>
        </>
      ),
    },
    {
      key: 'role',
      label: t('adminPeople.columns.role'),
      render: (member) => (
        <EnumSelect
          size="small"
          label={t('adminPeople.vendor.roleOf', { email: member.email })}
          value={member.role}
          options={ACCOUNT_ROLES}
          labelOf={roleName}
          disabled={change.isPending}
          onChange={(role) =>
            role !== '' &&
            role !== member.role &&
            change.mutate(
              { vendorId: vendor.id, userId: member.userId, role },
              { onSuccess: () => dispatch(appActions.showNotification(t('adminPeople.vendor.roleChanged', { email: isolate(member.email), role: roleName(role) }))) },
            )
          }
          slotProps={{ inputLabel: { sx: visuallyHidden } }}
          sx={{ minWidth: { xs: 110, sm: 130 }, '& legend': { display: 'none' }, '& fieldset': { top: 0 } }}
        />
      ),
    },
    { key: 'joined', label: t('adminPeople.columns.joined'), hideBelow: 'sm', fit: 'nowrap', render: (member) => dateTime(member.createdAt) },
    {
      key: 'remove',
      label: t('adminPeople.columns.actions'),
      hideLabel: true,
      numeric: true,
      render: (member) => (
        <ConfirmDelete
          label={t('adminPeople.vendor.removeUser', { email: member.email })}
          title={t('adminPeople.vendor.removeUserTitle')}
          body={t('adminPeople.vendor.removeUserBody', { email: isolate(member.email), name: isolate(vendor.name) })}
          disabled={remove.isPending}
          onConfirm={() =>
            remove.mutate(
              { vendorId: vendor.id, userId: member.userId },
              { onSuccess: () => dispatch(appActions.showNotification(t('adminPeople.vendor.userRemoved', { email: isolate(member.email) }))) },
            )
          }
        />
      ),
    },
  ];

  return (
    <EditorSection id="vendor-users" title={t('adminPeople.vendor.users')} intro={t('adminPeople.vendor.usersHelp')}>
      <Stack spacing={2}>
        <EmailRoleForm
          label={t('adminPeople.vendor.addUser')}
          roles={ACCOUNT_ROLES}
          roleLabel={roleName}
          initialRole={AccountRole.MEMBER}
          submitLabel={t('adminPeople.vendor.add')}
          submitting={add.isPending}
          refusal={
            add.error
              ? refusalOf(add.error, t('errors.generic'), {
                  404: t('adminPeople.validation.noAccount', { email: isolate(add.variables?.body.email ?? '') }),
                  409: t('adminPeople.vendor.alreadyUser', { email: isolate(add.variables?.body.email ?? '') }),
                })
              : undefined
          }
          onSubmit={(body) =>
            add.mutateAsync({ vendorId: vendor.id, body }).then((member) => dispatch(appActions.showNotification(t('adminPeople.vendor.userAdded', { email: isolate(member.email) }))))
          }
        />
        {users.isFetching && <LinearProgress aria-label={t('adminPeople.loading')} />}
        {users.isError && !users.data ? (
          <LoadFailed message={t('adminPeople.vendor.usersFailed')} onRetry={() => void users.refetch()} />
        ) : (
          users.data && (
            <DataTable
              label={t('adminPeople.vendor.users')}
              rows={users.data.items}
              rowKey={(member) => member.userId}
              columns={columns}
              empty={t('adminPeople.vendor.noUsers')}
              paging={users.data.total > DEFAULT_PAGE_SIZE ? { total: users.data.total, page: paging.page, limit: paging.limit, onPage: (page, limit) => setPaging({ page, limit }) } : undefined}
            />
          )
        )}
      </Stack>
    </EditorSection>
  );
}
