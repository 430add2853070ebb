import LinearProgress from '@mui/material/LinearProgress';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useApiKeys } from '../api/get-api-keys';
import { ApiKeyTable } from '../components/api-key-table';
import { CreateApiKey } from '../components/create-api-key-dialog';
import { EnumSelect } from '../components/enum-select';
import { UserPicker, VendorPicker } from '../components/entity-pickers';
import { FilterBar, filterFieldSx } from '../components/filter-bar';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { SearchField } from '../components/search-field';
import { SuperusersOnly } from '../components/superusers-only';
import { apiKeyListQuery, apiKeyListSearch, nextSorting, parseApiKeyListParams, type ApiKeyListParams } from '../lib/people-list-params';

const KEY_STATES = ['false', 'true'] as const;

/** `/admin/api-keys`: every API key, by vendor, user, name and state; a new one for a vendor or a user (shown once); revoking one. */
export function ApiKeyPage() {
  return (
    <SuperusersOnly>
      <ApiKeys />
    </SuperusersOnly>
  );
}

function ApiKeys() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = parseApiKeyListParams(search);
  const keys = useApiKeys(apiKeyListQuery(params));
  const update = (next: ApiKeyListParams) => setSearch(apiKeyListSearch(next), { replace: true });
  const filter = (change: Partial<ApiKeyListParams>) => update({ ...params, ...change, page: 1 });
  const filtered = params.q !== '' || params.vendorId !== undefined || params.userId !== undefined || params.revoked !== undefined;

  return (
    <>
      <PageHeading title={t('adminPeople.apiKeys.title')} intro={t('adminPeople.apiKeys.intro')} action={<CreateApiKey />} />
      <FilterBar label={t('adminPeople.apiKeys.filters')}>
        <SearchField label={t('adminPeople.apiKeys.search')} value={params.q} onSearch={(q) => filter({ q })} maxLength={80} />
        <VendorPicker label={t('adminPeople.fields.vendor')} value={params.vendorId} onChange={(vendorId) => filter({ vendorId })} />
        <UserPicker label={t('adminPeople.fields.user')} value={params.userId} onChange={(userId) => filter({ userId })} />
        <EnumSelect
          size="small"
          label={t('adminPeople.columns.state')}
          value={params.revoked === undefined ? '' : String(params.revoked)}
          options={KEY_STATES}
          labelOf={(revoked) => t(revoked === 'true' ? 'adminPeople.apiKeys.revokedState' : 'adminPeople.apiKeys.live')}
          emptyLabel={t('adminPeople.any')}
          onChange={(revoked) => filter({ revoked: revoked === '' ? undefined : revoked === 'true' })}
          sx={filterFieldSx}
        />
      </FilterBar>
      {keys.isFetching && <LinearProgress aria-label={t('adminPeople.loading')} sx={{ mb: 1 }} />}
      {keys.isError && !keys.data ? (
        <LoadFailed message={t('adminPeople.apiKeys.loadFailed')} onRetry={() => void keys.refetch()} />
      ) : (
        keys.data && (
          <ApiKeyTable
            label={t('adminPeople.apiKeys.title')}
            keys={keys.data.items}
            empty={filtered ? t('adminPeople.noMatches') : t('adminPeople.apiKeys.empty')}
            sorting={{ sort: params.sort, order: params.order, onSort: (sort) => update({ ...params, ...nextSorting(params, sort), page: 1 }) }}
            paging={{ total: keys.data.total, page: params.page, limit: params.limit, onPage: (page, limit) => update({ ...params, page, limit }) }}
          />
        )
      )}
    </>
  );
}
