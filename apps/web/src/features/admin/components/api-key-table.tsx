import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminApiKey } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { adminPaths } from '../admin-paths';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { isolate } from '../lib/isolate';
import type { ApiKeySort, SortOrder } from '../lib/people-list-params';
import { ConfirmAction } from './confirm-action';
import { DataTable, type DataColumn } from './data-table';

export interface ApiKeyTableProps {
  label: string;
  keys: readonly AdminApiKey[];
  empty: string;
  /** Whose key each is (left out on a vendor's own page, where every key is the vendor's). */
  showOwner?: boolean;
  sorting?: { sort: ApiKeySort; order: SortOrder; onSort: (sort: ApiKeySort) => void };
  paging?: { total: number; page: number; limit: number; onPage: (page: number, limit: number) => void };
}

/** API keys (never the keys themselves: a name and the key's first characters), each revocable after a confirmation. */
export function ApiKeyTable({ label, keys, empty, showOwner = true, sorting, paging }: ApiKeyTableProps) {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const revoke = useRevokeApiKey();
  const owner = (key: AdminApiKey) =>
    key.vendor ? (
      <>
        <Link component={RouterLink} to={adminPaths.vendor.href(key.vendor.id)} dir="auto">
          {key.vendor.name}
        </Link>
        <Typography variant="caption" color="text.secondary" component="div">
          {t('adminPeople.apiKeys.vendorKey')}
        </Typography>
      </>
    ) : key.user ? (
      <>
        <Link component={RouterLink} to={adminPaths.user.href(key.user.id)} dir="ltr">
          {key.user.email}
        </Link>
        <Typography variant="caption" color="text.secondary" component="div">
          {t('adminPeople.apiKeys.userKey')}
        </Typography>
      </>
    ) : (
      '—'
    );
  const state = (key: AdminApiKey) =>
    key.revokedAt ? (
      <Chip size="small" variant="outlined" label={t('adminPeople.apiKeys.revokedOn', { date: dateTime(key.revokedAt) })} />
    ) : (
      <Chip size="small" color="success" variant="outlined" label={t('adminPeople.apiKeys.live')} />
    );
  const columns: DataColumn<AdminApiKey, ApiKeySort>[] = [
    {
      key: 'name',
      label: t('adminPeople.columns.key'),
      sort: 'name',
      fit: 'wrap',
      render: (key) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            <bdi>{key.name}</bdi>
          </Typography>
          {/* The key's first characters tell keys apart; the rest is never shown again. */}
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace' }}>
            <bdi>{`${key.prefix}…`}</bdi>
          </Typography>
          {/* Phones have no owner or state columns: they are under the name. */}
          <Stack spacing={0.5} sx={{ display: { sm: 'none' }, mt: 0.5, alignItems: 'flex-start' }}>
            {showOwner && <div>{owner(key)}</div>}
            {state(key)}
          </Stack>
        </>
      ),
    },
    ...(showOwner
      ? [
          {
            key: 'owner',
            label: t('adminPeople.columns.owner'),
            fit: 'wrap' as const,
            hideBelow: 'sm' as const,
            render: owner,
          },
        ]
      : []),
    { key: 'createdAt', label: t('adminPeople.columns.created'), sort: 'createdAt', hideBelow: 'md', fit: 'nowrap', render: (key) => dateTime(key.createdAt) },
    { key: 'lastUsedAt', label: t('adminPeople.columns.lastUsed'), sort: 'lastUsedAt', hideBelow: 'sm', fit: 'nowrap', render: (key) => (key.lastUsedAt ? dateTime(key.lastUsedAt) : t('adminPeople.apiKeys.neverUsed')) },
    { key: 'state', label: t('adminPeople.columns.state'), hideBelow: 'sm', render: state },
    {
      key: 'actions',
      label: t('adminPeople.columns.actions'),
      hideLabel: true,
      numeric: true,
      render: (key) =>
        key.revokedAt ? null : (
          <ConfirmAction
            size="small"
            label={t('adminPeople.apiKeys.revoke')}
            ariaLabel={t('adminPeople.apiKeys.revokeKey', { name: key.name, prefix: key.prefix })}
            title={t('adminPeople.apiKeys.revokeTitle', { name: isolate(key.name) })}
            body={t('adminPeople.apiKeys.revokeBody')}
            disabled={revoke.isPending}
            onConfirm={() => revoke.mutate(key.id, { onSuccess: () => dispatch(appActions.showNotification(t('adminPeople.apiKeys.revoked', { name: isolate(key.name) }))) })}
          />
        ),
    },
  ];
  return <DataTable label={label} rows={keys} rowKey={(key) => key.id} columns={columns} empty={empty} sorting={sorting} paging={paging} />;
}
