import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Box from '@mui/material/Box';
import { Fragment, type ReactNode } from 'react';
import { visuallyHidden } from '../../../lib/visually-hidden';
import type { SortOrder } from '../lib/people-list-params';
import { ListPager } from './list-pager';

/** Left out below a breakpoint: 'md' on phones and tablets, 'sm' on phones. */
const hiddenBelow = {
  md: { display: { xs: 'none', md: 'table-cell' } },
  sm: { display: { xs: 'none', sm: 'table-cell' } },
} as const;

const fits = {
  nowrap: { whiteSpace: 'nowrap' },
  wrap: { minWidth: { xs: 110, sm: 140 }, maxWidth: 320, overflowWrap: 'anywhere' },
} as const;

export interface DataColumn<T, S extends string = string> {
  key: string;
  /** The heading; an empty one is named for screen readers by `label` alone (a column of buttons). */
  label: string;
  hideLabel?: boolean;
  /** The API's sort this heading sorts by. */
  sort?: S;
  numeric?: boolean;
  hideBelow?: 'sm' | 'md';
  /** 'nowrap': on one line (a date); 'wrap': a long name that may break anywhere rather than widen the table. */
  fit?: 'nowrap' | 'wrap';
  render: (row: T) => ReactNode;
}

export interface DataTableProps<T, S extends string = string> {
  /** The table's accessible name. */
  label: string;
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly DataColumn<T, S>[];
  /** Shown in the body when there are no rows. */
  empty: string;
  sorting?: { sort: S; order: SortOrder; onSort: (sort: S) => void };
  paging?: { total: number; page: number; limit: number; onPage: (page: number, limit: number) => void };
  /** A full-width row under a row (a job's error, an audit entry opened); null for none. */
  below?: (row: T) => ReactNode;
}

/** A page of rows with sortable headings and, under it, the pager: the superusers' lists. */
export function DataTable<T, S extends string = string>({ label, rows, rowKey, columns, empty, sorting, paging, below }: DataTableProps<T, S>) {
  return (
    <Paper variant="outlined" sx={{ borderRadius: 2, overflow: 'hidden' }}>
      <TableContainer>
        {/* Narrower cells on phones, so a row's few columns fit the screen. */}
        <Table size="small" aria-label={label} sx={{ '& td, & th': { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              {columns.map((column) => {
                const active = sorting !== undefined && column.sort !== undefined && sorting.sort === column.sort;
                return (
                  <TableCell
                    key={column.key}
                    align={column.numeric ? 'right' : 'left'}
                    sortDirection={active ? sorting.order : false}
                    sx={{ fontWeight: 700, whiteSpace: 'nowrap', ...(column.hideBelow ? hiddenBelow[column.hideBelow] : {}) }}
                  >
                    {column.hideLabel ? (
                      <Box component="span" sx={visuallyHidden}>
                        {column.label}
                      </Box>
                    ) : sorting && column.sort ? (
                      <TableSortLabel active={active} direction={active ? sorting.order : 'asc'} onClick={() => sorting.onSort(column.sort as S)}>
                        {column.label}
                      </TableSortLabel>
                    ) : (
                      column.label
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                  {empty}
                </TableCell>
              </TableRow>
            )}
            {rows.map((row) => {
              const extra = below?.(row);
              return (
                <Fragment key={rowKey(row)}>
                  <TableRow hover sx={extra ? { '& > td': { borderBottom: 0 } } : undefined}>
                    {columns.map((column) => (
                      <TableCell
                        key={column.key}
                        align={column.numeric ? 'right' : 'left'}
                        sx={{ ...(column.hideBelow ? hiddenBelow[column.hideBelow] : {}), ...(column.fit ? fits[column.fit] : {}) }}
                      >
                        {column.render(row)}
                      </TableCell>
                    ))}
                  </TableRow>
                  {extra && (
                    <TableRow>
                      <TableCell colSpan={columns.length} sx={{ pt: 0 }}>
                        {extra}
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {paging && <ListPager total={paging.total} page={paging.page} limit={paging.limit} onPage={paging.onPage} />}
    </Paper>
  );
}
