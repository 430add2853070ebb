import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import type { AdminPoll } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatCount, formatNumber } from '../../../lib/format';
import { adminPaths } from '../admin-paths';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import type { PollListParams, PollSort } from '../lib/poll-list-params';
import { ListPager } from './list-pager';
import { PollStatusChip } from './poll-status-chip';

/** Shown from the medium breakpoint only: a tablet keeps name, status, priority, start and votes. */
const wideOnly = { display: { xs: 'none', md: 'table-cell' } } as const;
/** Shown from the small breakpoint: a phone keeps name, status, priority and votes. */
const notOnPhones = { display: { xs: 'none', sm: 'table-cell' } } as const;

interface Column {
  key: string;
  sort?: PollSort;
  numeric?: boolean;
  /** Left out on narrower screens: 'md' below the medium breakpoint, 'sm' on phones. */
  wide?: 'md' | 'sm';
}

const columns: Column[] = [
  { key: 'name', sort: 'name' },
  { key: 'status', sort: 'status' },
  { key: 'type', wide: 'md' },
  { key: 'visibility', wide: 'md' },
  { key: 'priority', sort: 'priority', numeric: true },
  { key: 'startsAt', sort: 'startsAt', wide: 'sm' },
  { key: 'endsAt', wide: 'md' },
  { key: 'votes', numeric: true },
];

export interface PollTableProps {
  polls: readonly AdminPoll[];
  total: number;
  params: PollListParams;
  onSort: (sort: PollSort) => void;
  onPage: (page: number, limit: number) => void;
  /** Shown in the body when there are no polls. */
  empty: string;
}

/** A page of polls with sortable headings and paging; each name opens the poll in the editor. */
export function PollTable({ polls, total, params, onSort, onPage, empty }: PollTableProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
      <TableContainer>
        <Table size="small" aria-label={t('adminPolls.list.tableLabel')}>
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const active = column.sort !== undefined && params.sort === column.sort;
                return (
                  <TableCell
                    key={column.key}
                    align={column.numeric ? 'right' : 'left'}
                    sortDirection={active ? params.order : false}
                    sx={{ fontWeight: 700, whiteSpace: 'nowrap', ...(column.wide === 'md' ? wideOnly : column.wide === 'sm' ? notOnPhones : {}) }}
                  >
                    {column.sort ? (
                      <TableSortLabel active={active} direction={active ? params.order : 'asc'} onClick={() => onSort(column.sort as PollSort)}>
                        {t(`adminPolls.columns.${column.key}`)}
                      </TableSortLabel>
                    ) : (
                      t(`adminPolls.columns.${column.key}`)
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {polls.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                  {empty}
                </TableCell>
              </TableRow>
            )}
            {polls.map((poll) => (
              <TableRow key={poll.id} hover>
                <TableCell sx={{ minWidth: 150, maxWidth: 320, overflowWrap: 'break-word' }}>
                  <Link component={RouterLink} to={adminPaths.poll.href(poll.id)} sx={{ fontWeight: 600 }}>
                    {poll.name}
                  </Link>
                </TableCell>
                <TableCell>
                  <PollStatusChip status={poll.status} />
                </TableCell>
                <TableCell sx={wideOnly}>{t(`adminPolls.type.${poll.type}`)}</TableCell>
                <TableCell sx={wideOnly}>{t(`adminPolls.visibility.${poll.visibility}`)}</TableCell>
                <TableCell align="right">{formatNumber(poll.priority, language)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', ...notOnPhones }}>{dateTime(poll.startsAt)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', ...wideOnly }}>{dateTime(poll.endsAt)}</TableCell>
                <TableCell align="right">{formatCount(poll.voteCount, language)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPager total={total} page={params.page} limit={params.limit} onPage={onPage} />
    </Paper>
  );
}
