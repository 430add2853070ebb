import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { AccountStatus, AdminRole, enumValues, type AdminUser } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { adminPaths } from '../admin-paths';
import { useAdminUsers } from '../api/get-admin-users';
import { DataTable, type DataColumn } from '../components/data-table';
import { EnumSelect } from '../components/enum-select';
import { FilterBar, filterFieldSx } from '../components/filter-bar';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { AccountStatusChip, AdminRoleChip } from '../components/people-chips';
import { SearchField } from '../components/search-field';
import { SuperusersOnly } from '../components/superusers-only';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { nextSorting, parseUserListParams, userListQuery, userListSearch, type UserListParams, type UserSort } from '../lib/people-list-params';

const EXEMPTION = ['true', 'false'] as const;

/** `/admin/users`: every account, searched, filtered, sorted and paged as the URL says; each opens its own page. */
export function UserListPage() {
  return (
    <SuperusersOnly>
      <UserList />
    </SuperusersOnly>
  );
}

function UserList() {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormat();
  const [search, setSearch] = useSearchParams();
  const params = parseUserListParams(search);
  const users = useAdminUsers(userListQuery(params));
  const update = (next: UserListParams) => setSearch(userListSearch(next), { replace: true });
  const filter = (change: Partial<UserListParams>) => update({ ...params, ...change, page: 1 });
  const filtered = params.q !== '' || params.status !== undefined || params.role !== undefined || params.exempt !== undefined;
  const any = t('adminPeople.any');

  const columns: DataColumn<AdminUser, UserSort>[] = [
    {
      key: 'name',
      label: t('adminPeople.columns.name'),
      sort: 'name',
      fit: 'wrap',
      render: (user) => (
        <>
          <Link component={RouterLink} to={adminPaths.user.href(user.id)} sx={{ fontWeight: 600 }} dir="auto">
            {user.name}
          </Link>
          {/* Phones and tablets have no email column: the address is under the name. */}
          <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' }, overflowWrap: 'anywhere' }}>
            <bdi>{user.email}</bdi>
          </Typography>
        </>
      ),
    },
    { key: 'email', label: t('adminPeople.columns.email'), sort: 'email', hideBelow: 'md', fit: 'wrap', render: (user) => <bdi>{user.email}</bdi> },
    { key: 'status', label: t('adminPeople.columns.status'), sort: 'status', render: (user) => <AccountStatusChip status={user.status} /> },
    { key: 'adminRole', label: t('adminPeople.columns.adminRole'), hideBelow: 'sm', render: (user) => (user.adminRole === null ? '—' : <AdminRoleChip role={user.adminRole} />) },
    {
      key: 'exempt',
      label: t('adminPeople.columns.subscription'),
      hideBelow: 'md',
      render: (user) => (user.subscriptionExempt ? <Chip size="small" color="info" variant="outlined" label={t('adminPeople.users.exempt')} /> : '—'),
    },
    { key: 'createdAt', label: t('adminPeople.columns.joined'), sort: 'createdAt', hideBelow: 'sm', fit: 'nowrap', render: (user) => dateTime(user.createdAt) },
  ];

  return (
    <>
      <PageHeading title={t('adminPeople.users.title')} intro={t('adminPeople.users.intro')} />
      <FilterBar label={t('adminPeople.users.filters')}>
        <SearchField label={t('adminPeople.users.search')} value={params.q} onSearch={(q) => filter({ q })} />
        <EnumSelect
          size="small"
          label={t('adminPeople.fields.status')}
          value={params.status ?? ''}
          options={enumValues(AccountStatus)}
          labelOf={(status) => t(`adminPeople.accountStatus.${status}`)}
          emptyLabel={any}
          onChange={(status) => filter({ status: status === '' ? undefined : status })}
          sx={filterFieldSx}
        />
        <EnumSelect
          size="small"
          label={t('adminPeople.fields.adminRole')}
          value={params.role ?? ''}
          options={enumValues(AdminRole)}
          labelOf={(role) => t(`adminPeople.adminRole.${role}`)}
          emptyLabel={any}
          onChange={(role) => filter({ role: role === '' ? undefined : role })}
          sx={filterFieldSx}
        />
        <EnumSelect
          size="small"
          label={t('adminPeople.fields.subscription')}
          value={params.exempt === undefined ? '' : String(params.exempt)}
          options={EXEMPTION}
          labelOf={(exempt) => t(exempt === 'true' ? 'adminPeople.users.exempt' : 'adminPeople.users.notExempt')}
          emptyLabel={any}
          onChange={(exempt) => filter({ exempt: exempt === '' ? undefined : exempt === 'true' })}
          sx={filterFieldSx}
        />
      </FilterBar>
      {users.isFetching && <LinearProgress aria-label={t('adminPeople.loading')} sx={{ mb: 1 }} />}
      {users.isError && !users.data ? (
        <LoadFailed message={t('adminPeople.users.loadFailed')} onRetry={() => void users.refetch()} />
      ) : (
        users.data && (
          <DataTable
            label={t('adminPeople.users.title')}
            rows={users.data.items}
            rowKey={(user) => user.id}
            columns={columns}
            empty={filtered ? t('adminPeople.noMatches') : t('adminPeople.users.empty')}
            sorting={{ sort: params.sort, order: params.order, onSort: (sort) => update({ ...params, ...nextSorting(params, sort), page: 1 }) }}
            paging={{ total: users.data.total, page: params.page, limit: params.limit, onPage: (page, limit) => update({ ...params, page, limit }) }}
          />
        )
      )}
    </>
  );
}
