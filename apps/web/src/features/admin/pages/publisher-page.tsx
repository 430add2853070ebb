import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AccountRole, enumValues, type AdminPublisher, type MemberUser } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { isApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { adminPaths } from '../admin-paths';
import { useAdminPublisher } from '../api/get-admin-publishers';
import { useAddPublisherUser, useChangePublisherUser, usePublisherUsers, useRemovePublisherUser } from '../api/publisher-users';
import { useDeleteAdminPublisher, useUpdateAdminPublisher } from '../api/save-admin-publisher';
import { ConfirmDelete } from '../components/confirm-delete';
import { DataTable, type DataColumn } from '../components/data-table';
import { EditorSection } from '../components/editor-section';
import { EmailRoleForm } from '../components/email-role-form';
import { EnumSelect } from '../components/enum-select';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { PublisherForm } from '../components/publisher-form';
import { SuperusersOnly } from '../components/superusers-only';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { isolate } from '../lib/isolate';
import { DEFAULT_PAGE_SIZE } from '../lib/page-sizes';
import { refusalOf } from '../lib/refusal';

const ACCOUNT_ROLES = enumValues(AccountRole);

/** `/admin/publishers/:publisherId` (superusers): a publisher's details and branding, its users (added by email with a role, changed, removed), and deleting it. */
export function PublisherPage() {
  const { t } = useTranslation();
  return (
    <SuperusersOnly body={t('adminContent.publishers.superusersOnly')}>
      <PublisherDetails />
    </SuperusersOnly>
  );
}

function PublisherDetails() {
  const { t } = useTranslation();
  const { publisherId = '' } = useParams();
  const publisher = useAdminPublisher(publisherId);
  const back = { href: adminPaths.publishers.href(), label: t('adminContent.publishers.back') };
  if (!publisher.data) {
    if (publisher.isError) {
      const missing = isApiError(publisher.error) && (publisher.error.status === 404 || publisher.error.status === 400);
      return (
        <>
          <PageHeading title={t('adminContent.publishers.one')} back={back} />
          <LoadFailed
            message={missing ? t('adminContent.publishers.notFound') : t('adminContent.publishers.loadOneFailed')}
            onRetry={missing ? undefined : () => void publisher.refetch()}
          />
        </>
      );
    }
    return (
      <Stack sx={{ py: 10, alignItems: 'center' }}>
        <CircularProgress aria-label={t('adminContent.loading')} />
      </Stack>
    );
  }
  return <PublisherSections publisher={publisher.data} back={back} />;
}

function PublisherSections({ publisher, back }: { publisher: AdminPublisher; back: { href: string; label: string } }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const save = useUpdateAdminPublisher();
  const remove = useDeleteAdminPublisher();
  const name = isolate(publisher.name);
  return (
    <>
      <PageHeading
        back={back}
        title={<span dir="auto">{publisher.name}</span>}
        action={
          <ConfirmDelete
            variant="text"
            label={t('adminContent.publishers.delete')}
            title={t('adminContent.publishers.deleteTitle', { name })}
            body={t('adminContent.publishers.deleteBody')}
            disabled={remove.isPending}
            onConfirm={() =>
              remove.mutate(publisher.id, {
                onSuccess: () => {
                  dispatch(appActions.showNotification(t('adminContent.publishers.deleted', { name })));
                  void navigate(adminPaths.publishers.href(), { replace: true });
                },
              })
            }
          />
        }
      />
      <Typography color="text.secondary" sx={{ mt: -1, mb: 3 }}>
        {t('adminContent.publishers.summary', {
          articles: formatNumber(publisher.articleCount, language),
          users: formatNumber(publisher.userCount, language),
          date: dateTime(publisher.createdAt),
        })}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 7 }}>
          <PublisherUsers publisher={publisher} />
        </Grid>
        <Grid size={{ xs: 12, lg: 5 }}>
          <EditorSection id="publisher-details" title={t('adminContent.publishers.details')}>
            <PublisherForm
              publisher={publisher}
              label={t('adminContent.publishers.details')}
              submitLabel={t('adminContent.save')}
              submitting={save.isPending}
              refusal={save.error ? refusalOf(save.error, t('errors.generic'), { 409: t('adminContent.catalogue.slugTaken') }) : undefined}
              onSubmit={async (body) => {
                await save.mutateAsync({ publisherId: publisher.id, body });
                dispatch(appActions.showNotification(t('adminContent.publishers.saved')));
              }}
            />
          </EditorSection>
        </Grid>
      </Grid>
    </>
  );
}

function PublisherUsers({ publisher }: { publisher: AdminPublisher }) {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const users = usePublisherUsers(publisher.id, paging);
  const add = useAddPublisherUser();
  const change = useChangePublisherUser();
  const remove = useRemovePublisherUser();
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
          <Typography variant="body2" color="text.secondary" dir="auto" sx={{ textAlign: 'start' }}>
            {member.name}
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
          label={t('adminContent.publishers.roleOf', { email: member.email })}
          value={member.role}
          options={ACCOUNT_ROLES}
          labelOf={roleName}
          disabled={change.isPending}
          onChange={(role) =>
            role !== '' &&
            role !== member.role &&
            change.mutate(
              { publisherId: publisher.id, userId: member.userId, role },
              { onSuccess: () => dispatch(appActions.showNotification(t('adminContent.publishers.roleChanged', { email: isolate(member.email), role: roleName(role) }))) },
            )
          }
          slotProps={{ inputLabel: { sx: visuallyHidden } }}
          sx={{ minWidth: 130, '& legend': { display: 'none' }, '& fieldset': { top: 0 } }}
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
          label={t('adminContent.publishers.removeUser', { email: member.email })}
          title={t('adminContent.publishers.removeUserTitle')}
          body={t('adminContent.publishers.removeUserBody', { email: isolate(member.email), name: isolate(publisher.name) })}
          disabled={remove.isPending}
          onConfirm={() =>
            remove.mutate(
              { publisherId: publisher.id, userId: member.userId },
              { onSuccess: () => dispatch(appActions.showNotification(t('adminContent.publishers.userRemoved', { email: isolate(member.email) }))) },
            )
          }
        />
      ),
    },
  ];

  return (
    <EditorSection id="publisher-users" title={t('adminContent.publishers.users')} intro={t('adminContent.publishers.usersHelp')}>
      <Stack spacing={2}>
        <EmailRoleForm
          label={t('adminContent.publishers.addUser')}
          roles={ACCOUNT_ROLES}
          roleLabel={roleName}
          initialRole={AccountRole.MEMBER}
          submitLabel={t('adminContent.publishers.add')}
          submitting={add.isPending}
          refusal={
            add.error
              ? refusalOf(add.error, t('errors.generic'), {
                  404: t('adminPeople.validation.noAccount', { email: isolate(add.variables?.body.email ?? '') }),
                  409: t('adminContent.publishers.alreadyUser', { email: isolate(add.variables?.body.email ?? '') }),
                })
              : undefined
          }
          onSubmit={(body) =>
            add
              .mutateAsync({ publisherId: publisher.id, body })
              .then((member) => dispatch(appActions.showNotification(t('adminContent.publishers.userAdded', { email: isolate(member.email) }))))
          }
        />
        {users.isFetching && <LinearProgress aria-label={t('adminContent.loading')} />}
        {users.isError && !users.data ? (
          <LoadFailed message={t('adminContent.publishers.usersFailed')} onRetry={() => void users.refetch()} />
        ) : (
          users.data && (
            <DataTable
              label={t('adminContent.publishers.users')}
              rows={users.data.items}
              rowKey={(member) => member.userId}
              columns={columns}
              empty={t('adminContent.publishers.noUsers')}
              paging={users.data.total > paging.limit || paging.page > 1 ? { total: users.data.total, page: paging.page, limit: paging.limit, onPage: (page, limit) => setPaging({ page, limit }) } : undefined}
            />
          )
        )}
      </Stack>
    </EditorSection>
  );
}
