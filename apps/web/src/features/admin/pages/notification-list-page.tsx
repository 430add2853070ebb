import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddRounded from '@mui/icons-material/AddRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SendRounded from '@mui/icons-material/SendRounded';
import {
  AdminRole,
  NOTIFICATION_AUDIENCES,
  NotificationDeliveryStatus,
  enumValues,
  type AdminNotification,
  type AdminNotificationSort,
} from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { appActions, useAppDispatch, useAppSelector } from '../../../app/state';
import { formatNumber } from '../../../lib/format';
import {
  useAdminNotifications,
  useApproveAdminNotification,
  useCreateAdminNotification,
  useDeleteAdminNotification,
  useUpdateAdminNotification,
} from '../api/admin-notifications';
import { ConfirmDelete } from '../components/confirm-delete';
import { DataTable, type DataColumn } from '../components/data-table';
import { EnumSelect } from '../components/enum-select';
import { FilterBar, filterFieldSx } from '../components/filter-bar';
import { LoadFailed } from '../components/load-failed';
import { NotificationDialog } from '../components/notification-dialog';
import { NotificationStatusChip } from '../components/notification-status-chip';
import { PageHeading } from '../components/page-heading';
import { SearchField } from '../components/search-field';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { nextOrder } from '../lib/content-list-params';
import { isolate } from '../lib/isolate';
import {
  NOTIFICATION_SEARCH_MAX,
  notificationListQuery,
  notificationListSearch,
  parseNotificationListParams,
  type NotificationListParams,
} from '../lib/notification-list-params';
import { refusalOf } from '../lib/refusal';

type Editing = { notification?: AdminNotification } | null;
const firstOrderOf = (sort: AdminNotificationSort) => (sort === 'title' ? 'asc' : 'desc');
const { PENDING_REVIEW, DELIVERED, ERROR } = NotificationDeliveryStatus;

/**
 * `/admin/notifications`: the scheduled notifications with their status (SPEC §3), audience, send
 * time and how many they reached and were read, searched, filtered, sorted and paged as the URL
 * says; a new one or one not yet delivered in a dialog; a superuser approves one pending review or
 * sends one in error again; deleting asks first.
 */
export function NotificationListPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const superuser = useAppSelector((state) => state.adminRole) === AdminRole.SUPERUSER;
  const [search, setSearch] = useSearchParams();
  const params = parseNotificationListParams(search);
  const notifications = useAdminNotifications(notificationListQuery(params));
  const update = (next: NotificationListParams) => setSearch(notificationListSearch(next), { replace: true });
  const [editing, setEditing] = useState<Editing>(null);
  const create = useCreateAdminNotification();
  const change = useUpdateAdminNotification();
  const approve = useApproveAdminNotification();
  const remove = useDeleteAdminNotification();
  const saving = editing?.notification ? change : create;
  const filtered = params.q !== '' || params.status !== undefined || params.audience !== undefined;

  const columns: DataColumn<AdminNotification, AdminNotificationSort>[] = [
    {
      key: 'title',
      label: t('adminNotifications.fields.title'),
      sort: 'title',
      fit: 'wrap',
      render: (notification) =>
        notification.status === DELIVERED ? (
          <Typography component="span" sx={{ fontWeight: 600 }} dir="auto">
            {notification.title}
          </Typography>
        ) : (
          <Link component="button" type="button" onClick={() => setEditing({ notification })} sx={{ fontWeight: 600, textAlign: 'start' }} dir="auto">
            {notification.title}
          </Link>
        ),
    },
    {
      key: 'status',
      label: t('adminNotifications.fields.status'),
      sort: 'status',
      render: (notification) => (
        <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
          <NotificationStatusChip status={notification.status} />
          {notification.error && (
            <Typography variant="caption" color={notification.status === ERROR ? 'error' : 'text.secondary'} dir="auto">
              {notification.error}
            </Typography>
          )}
        </Stack>
      ),
    },
    { key: 'audience', label: t('adminNotifications.fields.audience'), hideBelow: 'sm', render: (notification) => t(`adminNotifications.audience.${notification.audience}`) },
    { key: 'sendAt', label: t('adminNotifications.fields.sendAt'), sort: 'sendAt', fit: 'nowrap', render: (notification) => dateTime(notification.sendAt) },
    {
      key: 'reach',
      label: t('adminNotifications.fields.reach'),
      sort: 'recipientCount',
      numeric: true,
      hideBelow: 'md',
      render: (notification) =>
        t('adminNotifications.reach', { recipients: formatNumber(notification.recipientCount, language), read: formatNumber(notification.readCount, language), mailed: formatNumber(notification.mailedCount, language) }),
    },
    {
      key: 'actions',
      label: t('adminNotifications.actions'),
      hideLabel: true,
      numeric: true,
      fit: 'nowrap',
      render: (notification) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          {superuser && (notification.status === PENDING_REVIEW || notification.status === ERROR) && (
            <IconButton
              size="small"
              aria-label={t(notification.status === ERROR ? 'adminNotifications.sendAgain' : 'adminNotifications.approve', { title: notification.title })}
              title={t(notification.status === ERROR ? 'adminNotifications.sendAgain' : 'adminNotifications.approve', { title: notification.title })}
              disabled={approve.isPending}
              onClick={() => approve.mutate(notification.id, { onSuccess: () => dispatch(appActions.showNotification(t('adminNotifications.approved', { title: isolate(notification.title) }))) })}
            >
              <SendRounded fontSize="small" />
            </IconButton>
          )}
          {notification.status !== DELIVERED && (
            <IconButton size="small" aria-label={t('adminNotifications.edit', { title: notification.title })} title={t('adminNotifications.edit', { title: notification.title })} onClick={() => setEditing({ notification })}>
              <EditOutlined fontSize="small" />
            </IconButton>
          )}
          <ConfirmDelete
            label={t('adminNotifications.delete', { title: notification.title })}
            title={t('adminNotifications.deleteTitle', { title: isolate(notification.title) })}
            body={notification.status === DELIVERED ? t('adminNotifications.deleteDelivered', { number: formatNumber(notification.recipientCount, language) }) : t('adminNotifications.deleteBody')}
            disabled={remove.isPending}
            onConfirm={() => remove.mutate(notification.id, { onSuccess: () => dispatch(appActions.showNotification(t('adminNotifications.deleted', { title: isolate(notification.title) }))) })}
          />
        </Stack>
      ),
    },
  ];

  return (
    <>
      <PageHeading
        title={t('adminNotifications.title')}
        intro={t(superuser ? 'adminNotifications.intro' : 'adminNotifications.introModerator')}
        action={
          <Button
            variant="contained"
            startIcon={<AddRounded aria-hidden />}
            onClick={() => {
              create.reset();
              setEditing({});
            }}
          >
            {t('adminNotifications.new')}
          </Button>
        }
      />
      <FilterBar label={t('adminNotifications.filters')}>
        <SearchField label={t('adminNotifications.search')} value={params.q} maxLength={NOTIFICATION_SEARCH_MAX} onSearch={(q) => update({ ...params, q, page: 1 })} />
        <EnumSelect
          size="small"
          sx={filterFieldSx}
          label={t('adminNotifications.fields.status')}
          value={params.status ?? ''}
          options={enumValues(NotificationDeliveryStatus)}
          labelOf={(status) => t(`adminNotifications.status.${status}`)}
          emptyLabel={t('adminNotifications.any')}
          onChange={(status) => update({ ...params, status: status === '' ? undefined : status, page: 1 })}
        />
        <EnumSelect
          size="small"
          sx={filterFieldSx}
          label={t('adminNotifications.fields.audience')}
          value={params.audience ?? ''}
          options={NOTIFICATION_AUDIENCES}
          labelOf={(audience) => t(`adminNotifications.audience.${audience}`)}
          emptyLabel={t('adminNotifications.any')}
          onChange={(audience) => update({ ...params, audience: audience === '' ? undefined : audience, page: 1 })}
        />
      </FilterBar>
      {notifications.isFetching && <LinearProgress aria-label={t('adminNotifications.loading')} sx={{ mb: 1 }} />}
      {notifications.isError && !notifications.data ? (
        <LoadFailed message={t('adminNotifications.loadFailed')} onRetry={() => void notifications.refetch()} />
      ) : (
        notifications.data && (
          <DataTable
            label={t('adminNotifications.title')}
            rows={notifications.data.items}
            rowKey={(notification) => notification.id}
            columns={columns}
            empty={filtered ? t('adminNotifications.noMatches') : t('adminNotifications.empty')}
            sorting={{ sort: params.sort, order: params.order, onSort: (sort) => update({ ...params, sort, order: nextOrder(params, sort, firstOrderOf(sort)), page: 1 }) }}
            paging={{ total: notifications.data.total, page: params.page, limit: params.limit, onPage: (page, limit) => update({ ...params, page, limit }) }}
          />
        )
      )}
      {editing && (
        <NotificationDialog
          key={editing.notification?.id ?? 'new'}
          notification={editing.notification}
          superuser={superuser}
          submitting={saving.isPending}
          refusal={saving.error ? refusalOf(saving.error, t('errors.generic'), { 404: t('adminNotifications.gone') }) : undefined}
          onClose={() => {
            setEditing(null);
            create.reset();
            change.reset();
          }}
          onSubmit={async (body) => {
            if (editing.notification) {
              await change.mutateAsync({ notificationId: editing.notification.id, body });
              dispatch(appActions.showNotification(t('adminNotifications.saved')));
            } else {
              const created = await create.mutateAsync(body);
              dispatch(appActions.showNotification(t(created.status === PENDING_REVIEW ? 'adminNotifications.createdForReview' : 'adminNotifications.created', { title: isolate(created.title) })));
            }
          }}
        />
      )}
    </>
  );
}
