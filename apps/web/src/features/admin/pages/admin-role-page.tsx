import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { AdminRole, enumValues, type AdminRoleHolder } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { appActions, useAppDispatch, useAppSelector } from '../../../app/state';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { adminPaths } from '../admin-paths';
import { useChangeAdminRole } from '../api/change-admin-role';
import { useAdminRoles } from '../api/get-admin-roles';
import { useGrantAdminRole } from '../api/grant-admin-role';
import { useRevokeAdminRole } from '../api/revoke-admin-role';
import { ConfirmDelete } from '../components/confirm-delete';
import { DataTable, type DataColumn } from '../components/data-table';
import { EditorSection } from '../components/editor-section';
import { EmailRoleForm } from '../components/email-role-form';
import { EnumSelect } from '../components/enum-select';
import { FilterBar, filterFieldSx } from '../components/filter-bar';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { AccountStatusChip } from '../components/people-chips';
import { SearchField } from '../components/search-field';
import { SuperusersOnly } from '../components/superusers-only';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { isolate } from '../lib/isolate';
import { nextSorting, parseRoleListParams, roleListQuery, roleListSearch, type RoleListParams, type RoleSort } from '../lib/people-list-params';
import { refusalOf } from '../lib/refusal';

const ROLES = enumValues(AdminRole);

/** `/admin/admin-roles`: who holds an admin role; grant one by email, change it, or take it away. */
export function AdminRolePage() {
  return (
    <SuperusersOnly>
      <AdminRoles />
    </SuperusersOnly>
  );
}

function AdminRoles() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const dateTime = useDateTimeFormat();
  const ownId = useAppSelector((state) => state.user?.id);
  const [search, setSearch] = useSearchParams();
  const params = parseRoleListParams(search);
  const holders = useAdminRoles(roleListQuery(params));
  const grant = useGrantAdminRole();
  const change = useChangeAdminRole();
  const revoke = useRevokeAdminRole();
  const update = (next: RoleListParams) => setSearch(roleListSearch(next), { replace: true });
  const roleName = (role: AdminRole) => t(`adminPeople.adminRole.${role}`);

  const columns: DataColumn<AdminRoleHolder, RoleSort>[] = [
    {
      key: 'email',
      label: t('adminPeople.columns.user'),
      sort: 'email',
      fit: 'wrap',
      render: (holder) => (
        <>
          <Link component={RouterLink} to={adminPaths.user.href(holder.userId)} sx={{ fontWeight: 600 }} dir="ltr">
            {holder.email}
          </Link>
          <Typography variant="body2" color="text.secondary">
            <bdi>{holder.name}</bdi>
          </Typography>
        </>
      ),
    },
    {
      key: 'role',
      label: t('adminPeople.columns.adminRole'),
      sort: 'role',
      render: (holder) => (
        <EnumSelect
          size="small"
          label={t('adminPeople.roles.roleOf', { email: holder.email })}
          value={holder.role}
          options={ROLES}
          labelOf={roleName}
          disabled={change.isPending}
          onChange={(role) =>
            role !== '' &&
            role !== holder.role &&
            change.mutate(
              { userId: holder.userId, role },
              {
                onSuccess: () => {
                  // A superuser who made themselves a moderator sees the console as one from now on.
                  if (holder.userId === ownId) dispatch(appActions.setAdminRole(role));
                  dispatch(appActions.showNotification(t('adminPeople.roles.changed', { email: isolate(holder.email), role: roleName(role) })));
                },
              },
            )
          }
          // The select is named for screen readers by its row; sighted people read the column's heading.
          slotProps={{ inputLabel: { sx: visuallyHidden } }}
          sx={{ minWidth: { xs: 120, sm: 150 }, '& legend': { display: 'none' }, '& fieldset': { top: 0 } }}
        />
      ),
    },
    { key: 'status', label: t('adminPeople.columns.status'), hideBelow: 'sm', render: (holder) => <AccountStatusChip status={holder.status} /> },
    { key: 'createdAt', label: t('adminPeople.columns.granted'), sort: 'createdAt', hideBelow: 'md', fit: 'nowrap', render: (holder) => dateTime(holder.createdAt) },
    {
      key: 'remove',
      label: t('adminPeople.columns.actions'),
      hideLabel: true,
      numeric: true,
      render: (holder) => (
        <ConfirmDelete
          label={t('adminPeople.roles.remove', { email: holder.email })}
          title={t('adminPeople.roles.removeTitle')}
          body={t(holder.userId === ownId ? 'adminPeople.roles.removeOwnBody' : 'adminPeople.roles.removeBody', { email: isolate(holder.email), role: roleName(holder.role) })}
          disabled={revoke.isPending}
          onConfirm={() =>
            revoke.mutate(holder.userId, {
              onSuccess: () => {
                if (holder.userId === ownId) dispatch(appActions.setAdminRole(null));
                dispatch(appActions.showNotification(t('adminPeople.roles.removed', { email: isolate(holder.email) })));
              },
            })
          }
        />
      ),
    },
  ];

  return (
    <>
      <PageHeading title={t('adminPeople.roles.title')} intro={t('adminPeople.roles.intro')} />
      <EditorSection id="grant" title={t('adminPeople.roles.grantTitle')} intro={t('adminPeople.roles.grantHelp')}>
        <EmailRoleForm
          label={t('adminPeople.roles.grantTitle')}
          roles={ROLES}
          roleLabel={roleName}
          initialRole={AdminRole.MODERATOR}
          submitLabel={t('adminPeople.roles.grant')}
          submitting={grant.isPending}
          refusal={
            grant.error
              ? refusalOf(grant.error, t('errors.generic'), {
                  404: t('adminPeople.validation.noAccount', { email: isolate(grant.variables?.email ?? '') }),
                  409: t('adminPeople.roles.alreadyHolds', { email: isolate(grant.variables?.email ?? '') }),
                })
              : undefined
          }
          onSubmit={(body) =>
            grant.mutateAsync(body).then((holder) => dispatch(appActions.showNotification(t('adminPeople.roles.granted', { email: isolate(holder.email), role: roleName(holder.role) }))))
          }
        />
      </EditorSection>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 800, mt: 4, mb: 1.5 }}>
        {t('adminPeople.roles.holders')}
      </Typography>
      <FilterBar label={t('adminPeople.roles.filters')}>
        <SearchField label={t('adminPeople.users.search')} value={params.q} onSearch={(q) => update({ ...params, q, page: 1 })} />
        <EnumSelect
          size="small"
          label={t('adminPeople.fields.adminRole')}
          value={params.role ?? ''}
          options={ROLES}
          labelOf={roleName}
          emptyLabel={t('adminPeople.any')}
          onChange={(role) => update({ ...params, role: role === '' ? undefined : role, page: 1 })}
          sx={filterFieldSx}
        />
      </FilterBar>
      {holders.isFetching && <LinearProgress aria-label={t('adminPeople.loading')} sx={{ mb: 1 }} />}
      {holders.isError && !holders.data ? (
        <LoadFailed message={t('adminPeople.roles.loadFailed')} onRetry={() => void holders.refetch()} />
      ) : (
        holders.data && (
          <DataTable
            label={t('adminPeople.roles.holders')}
            rows={holders.data.items}
            rowKey={(holder) => holder.userId}
            columns={columns}
            empty={params.q || params.role !== undefined ? t('adminPeople.noMatches') : t('adminPeople.roles.empty')}
            sorting={{ sort: params.sort, order: params.order, onSort: (sort) => update({ ...params, ...nextSorting(params, sort), page: 1 }) }}
            paging={{ total: holders.data.total, page: params.page, limit: params.limit, onPage: (page, limit) => update({ ...params, page, limit }) }}
          />
        )
      )}
    </>
  );
}
