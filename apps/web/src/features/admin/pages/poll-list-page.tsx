import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { adminPaths } from '../admin-paths';
import { useAdminPolls } from '../api/get-admin-polls';
import { LoadFailed } from '../components/load-failed';
import { PollFilters, type PollFilterChange } from '../components/poll-filters';
import { PollTable } from '../components/poll-table';
import { parsePollListParams, pollListQuery, pollListSearch, type PollListParams, type PollSort } from '../lib/poll-list-params';

/** `/admin/polls`: every poll, filtered, sorted and paged as the URL says; a new poll from here. */
export function PollListPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = parsePollListParams(search);
  const polls = useAdminPolls(pollListQuery(params));
  const update = (next: PollListParams) => setSearch(pollListSearch(next), { replace: true });
  const filtered = params.q !== '' || params.status !== undefined || params.type !== undefined || params.visibility !== undefined || params.regionId !== undefined;

  return (
    <>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {t('adminPolls.list.title')}
        </Typography>
        <Button component={RouterLink} to={adminPaths.newPoll.href()} variant="contained" startIcon={<AddRounded aria-hidden />}>
          {t('adminPolls.list.new')}
        </Button>
      </Stack>
      <PollFilters params={params} onChange={(change: PollFilterChange) => update({ ...params, ...change, page: 1 })} />
      {polls.isFetching && <LinearProgress aria-label={t('adminPolls.list.loading')} sx={{ mb: 1 }} />}
      {polls.isError && !polls.data ? (
        <LoadFailed message={t('adminPolls.list.loadFailed')} onRetry={() => void polls.refetch()} />
      ) : (
        polls.data && (
          <PollTable
            polls={polls.data.items}
            total={polls.data.total}
            params={params}
            empty={filtered ? t('adminPolls.list.noMatches') : t('adminPolls.list.empty')}
            onSort={(sort: PollSort) =>
              update({ ...params, sort, order: params.sort === sort && params.order === 'asc' ? 'desc' : 'asc', page: 1 })
            }
            onPage={(page, limit) => update({ ...params, page, limit })}
          />
        )
      )}
    </>
  );
}
