import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { AdminVendor } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { formatNumber } from '../../../lib/format';
import { adminPaths } from '../admin-paths';
import { useCreateAdminVendor } from '../api/create-admin-vendor';
import { useAdminVendors } from '../api/get-admin-vendors';
import { DataTable, type DataColumn } from '../components/data-table';
import { EditorSection } from '../components/editor-section';
import { FilterBar } from '../components/filter-bar';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { SearchField } from '../components/search-field';
import { SuperusersOnly } from '../components/superusers-only';
import { VendorNameForm } from '../components/vendor-name-form';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { isolate } from '../lib/isolate';
import { nextSorting, parseVendorListParams, vendorListQuery, vendorListSearch, type VendorListParams, type VendorSort } from '../lib/people-list-params';
import { refusalOf } from '../lib/refusal';

/** `/admin/vendors`: the vendors, searched and sorted; a new one from here opens its own page (its users and keys). */
export function VendorListPage() {
  return (
    <SuperusersOnly>
      <Vendors />
    </SuperusersOnly>
  );
}

function Vendors() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const params = parseVendorListParams(search);
  const vendors = useAdminVendors(vendorListQuery(params));
  const create = useCreateAdminVendor();
  const update = (next: VendorListParams) => setSearch(vendorListSearch(next), { replace: true });

  const columns: DataColumn<AdminVendor, VendorSort>[] = [
    {
      key: 'name',
      label: t('adminPeople.columns.name'),
      sort: 'name',
      fit: 'wrap',
      render: (vendor) => (
        <Link component={RouterLink} to={adminPaths.vendor.href(vendor.id)} sx={{ fontWeight: 600 }} dir="auto">
          {vendor.name}
        </Link>
      ),
    },
    { key: 'users', label: t('adminPeople.columns.users'), numeric: true, render: (vendor) => formatNumber(vendor.userCount, language) },
    { key: 'keys', label: t('adminPeople.columns.liveKeys'), numeric: true, render: (vendor) => formatNumber(vendor.liveApiKeys, language) },
    { key: 'createdAt', label: t('adminPeople.columns.created'), sort: 'createdAt', hideBelow: 'sm', fit: 'nowrap', render: (vendor) => dateTime(vendor.createdAt) },
  ];

  return (
    <>
      <PageHeading title={t('adminPeople.vendors.title')} intro={t('adminPeople.vendors.intro')} />
      <EditorSection id="new-vendor" title={t('adminPeople.vendors.newTitle')} intro={t('adminPeople.vendors.newHelp')}>
        <VendorNameForm
          label={t('adminPeople.vendors.newTitle')}
          submitLabel={t('adminPeople.vendors.create')}
          clearOnDone
          submitting={create.isPending}
          refusal={create.error ? refusalOf(create.error, t('errors.generic'), { 409: t('adminPeople.vendors.nameTaken', { name: isolate(create.variables ?? '') }) }) : undefined}
          onSubmit={(name) =>
            create.mutateAsync(name).then((vendor) => {
              dispatch(appActions.showNotification(t('adminPeople.vendors.created', { name: isolate(vendor.name) })));
              return navigate(adminPaths.vendor.href(vendor.id));
            })
          }
        />
      </EditorSection>
      <Typography component="h2" variant="h6" sx={{ fontWeight: 800, mt: 4, mb: 1.5 }}>
        {t('adminPeople.vendors.all')}
      </Typography>
      <FilterBar label={t('adminPeople.vendors.filters')}>
        <SearchField label={t('adminPeople.vendors.search')} value={params.q} onSearch={(q) => update({ ...params, q, page: 1 })} />
      </FilterBar>
      {vendors.isFetching && <LinearProgress aria-label={t('adminPeople.loading')} sx={{ mb: 1 }} />}
      {vendors.isError && !vendors.data ? (
        <LoadFailed message={t('adminPeople.vendors.loadFailed')} onRetry={() => void vendors.refetch()} />
      ) : (
        vendors.data && (
          <DataTable
            label={t('adminPeople.vendors.all')}
            rows={vendors.data.items}
            rowKey={(vendor) => vendor.id}
            columns={columns}
            empty={params.q ? t('adminPeople.noMatches') : t('adminPeople.vendors.empty')}
            sorting={{ sort: params.sort, order: params.order, onSort: (sort) => update({ ...params, ...nextSorting(params, sort), page: 1 }) }}
            paging={{ total: vendors.data.total, page: params.page, limit: params.limit, onPage: (page, limit) => update({ ...params, page, limit }) }}
          />
        )
      )}
    </>
  );
}
