import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { AccountRole, enumValues, type MemberUser } from '@newsreel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { appActions, useAppDispatch } from '../../../app/state';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { adminPaths } from '../admin-paths';
import { useAddMemberUser, useChangeMemberUser, useMemberUsers, useRemoveMemberUser, type MemberOwner } from '../api/member-users';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { isolate } from '../lib/isolate';
import { DEFAULT_PAGE_SIZE } from '../lib/page-sizes';
import { refusalOf } from '../lib/refusal';
import { ConfirmDelete } from './confirm-delete';
import { DataTable, type DataColumn } from './data-table';
import { EditorSection } from './editor-section';
import { EmailRoleForm } from './email-role-form';
import { EnumSelect } from './enum-select';
import { LoadFailed } from './load-failed';

const ACCOUNT_ROLES = enumValues(AccountRole);

/** Each owner's words: the same keys under its page's section. */
const wordsOf = { publisher: 'adminContent.publishers', vendor: 'adminPeople.vendor' } as const;

/**
 * A publisher's or a vendor's users (`/admin/publishers/:id`, `/admin/vendors/:id`): added by
 * email with an account role, given another role or removed (after a confirmation), paged.
 */
export function MemberUsersSection({ owner, ownerName }: { owner: MemberOwner; ownerName: string }) {
  const { t } = useTranslation();
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const [paging, setPaging] = useState({ page: 1, limit: DEFAULT_PAGE_SIZE });
  const users = useMemberUsers(owner, paging);
  const add = useAddMemberUser(owner);
  const change = useChangeMemberUser(owner);
  const remove = useRemoveMemberUser(owner);
  const words = wordsOf[owner.kind];
  const roleName = (role: AccountRole) => t(`adminPeople.accountRole.${role}`);
  const notify = (message: string) => dispatch(appActions.showNotification(message));

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
          <Typography variant="body2" color="text.secondary">
            <bdi>{member.name}</bdi>
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
          label={t(`${words}.roleOf`, { email: member.email })}
          value={member.role}
          options={ACCOUNT_ROLES}
          labelOf={roleName}
          disabled={change.isPending}
          onChange={(role) =>
            role !== '' &&
            role !== member.role &&
            change.mutate(
              { owner, userId: member.userId, role },
              { onSuccess: () => notify(t(`${words}.roleChanged`, { email: isolate(member.email), role: roleName(role) })) },
            )
          }
          slotProps={{ inputLabel: { sx: visuallyHidden } }}
          sx={{ minWidth: { xs: 110, sm: 130 }, '& legend': { display: 'none' }, '& fieldset': { top: 0 } }}
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
          label={t(`${words}.removeUser`, { email: member.email })}
          title={t(`${words}.removeUserTitle`)}
          body={t(`${words}.removeUserBody`, { email: isolate(member.email), name: isolate(ownerName) })}
          disabled={remove.isPending}
          onConfirm={() => remove.mutate({ owner, userId: member.userId }, { onSuccess: () => notify(t(`${words}.userRemoved`, { email: isolate(member.email) })) })}
        />
      ),
    },
  ];

  const asked = isolate(add.variables?.body.email ?? '');
  return (
    <EditorSection id={`${owner.kind}-users`} title={t(`${words}.users`)} intro={t(`${words}.usersHelp`)}>
      <Stack spacing={2}>
        <EmailRoleForm
          label={t(`${words}.addUser`)}
          roles={ACCOUNT_ROLES}
          roleLabel={roleName}
          initialRole={AccountRole.MEMBER}
          submitLabel={t(`${words}.add`)}
          submitting={add.isPending}
          refusal={
            add.error
              ? refusalOf(add.error, t('errors.generic'), { 404: t('adminPeople.validation.noAccount', { email: asked }), 409: t(`${words}.alreadyUser`, { email: asked }) })
              : undefined
          }
          onSubmit={(body) => add.mutateAsync({ owner, body }).then((member) => notify(t(`${words}.userAdded`, { email: isolate(member.email) })))}
        />
        {users.isFetching && <LinearProgress aria-label={t('adminPeople.loading')} />}
        {users.isError && !users.data ? (
          <LoadFailed message={t(`${words}.usersFailed`)} onRetry={() => void users.refetch()} />
        ) : (
          users.data && (
            <DataTable
              label={t(`${words}.users`)}
              rows={users.data.items}
              rowKey={(member) => member.userId}
              columns={columns}
              empty={t(`${words}.noUsers`)}
              paging={
                users.data.total > paging.limit || paging.page > 1
                  ? { total: users.data.total, page: paging.page, limit: paging.limit, onPage: (page, limit) => setPaging({ page, limit }) }
                  : undefined
              }
            />
          )
        )}
      </Stack>
    </EditorSection>
  );
}
