import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { AccountStatus, NAME_MAX_LENGTH, type AdminUserDetail } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { appActions, useAppDispatch, useAppSelector } from '../../../app/state';
import { isApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { adminPaths } from '../admin-paths';
import { useDeleteAdminUser } from '../api/delete-admin-user';
import { useAdminUser } from '../api/get-admin-user';
import { useSetAdminUserConfig } from '../api/set-admin-user-config';
import { useUpdateAdminUser } from '../api/update-admin-user';
import { ConfirmAction } from '../components/confirm-action';
import { ConfirmDelete } from '../components/confirm-delete';
import { EditorSection } from '../components/editor-section';
import { FactList } from '../components/fact-list';
import { InlineTextField } from '../components/inline-text-field';
import { LoadFailed } from '../components/load-failed';
import { PageHeading } from '../components/page-heading';
import { AccountStatusChip, AdminRoleChip } from '../components/people-chips';
import { SuperusersOnly } from '../components/superusers-only';
import { useDateTimeFormat } from '../hooks/use-poll-labels';
import { isolate } from '../lib/isolate';
import { apiKeyListSearch, parseApiKeyListParams, roleListSearch, parseRoleListParams } from '../lib/people-list-params';

/** `/admin/users/:userId`: one account — its status, name, subscription exemption, roles, memberships and activity — and its deletion. */
export function UserPage() {
  return (
    <SuperusersOnly>
      <UserDetails />
    </SuperusersOnly>
  );
}

function UserDetails() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const user = useAdminUser(userId);
  const back = { href: adminPaths.users.href(), label: t('adminPeople.user.back') };

  if (!user.data) {
    if (user.isError) {
      const missing = isApiError(user.error) && (user.error.status === 404 || user.error.status === 400);
      return (
        <>
          <PageHeading title={t('adminPeople.user.title')} back={back} />
          <LoadFailed message={missing ? t('adminPeople.user.notFound') : t('adminPeople.user.loadFailed')} onRetry={missing ? undefined : () => void user.refetch()} />
        </>
      );
    }
    return (
      <Stack sx={{ py: 10, alignItems: 'center' }}>
        <CircularProgress aria-label={t('adminPeople.loading')} />
      </Stack>
    );
  }
  return <UserSections user={user.data} back={back} />;
}

function UserSections({ user, back }: { user: AdminUserDetail; back: { href: string; label: string } }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const dateTime = useDateTimeFormat();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const ownAccount = useAppSelector((state) => state.user?.id) === user.id;
  const update = useUpdateAdminUser();
  const setConfig = useSetAdminUserConfig();
  const remove = useDeleteAdminUser();
  const name = isolate(user.name);
  const busy = update.isPending || remove.isPending;

  const setStatus = (status: AccountStatus, done: string) =>
    update.mutate({ userId: user.id, body: { status } }, { onSuccess: () => dispatch(appActions.showNotification(done)) });
  const keysHref = adminPaths.apiKeys.href(apiKeyListSearch({ ...parseApiKeyListParams(new URLSearchParams()), userId: user.id }).toString());
  const rolesHref = adminPaths.adminRoles.href(roleListSearch({ ...parseRoleListParams(new URLSearchParams()), q: user.email }).toString());

  return (
    <>
      <PageHeading
        back={back}
        title={<span dir="auto">{user.name}</span>}
        action={
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
            <AccountStatusChip status={user.status} />
            <AdminRoleChip role={user.adminRole} />
          </Stack>
        }
      />
      <Typography color="text.secondary" sx={{ mt: -1, mb: 3, overflowWrap: 'anywhere' }}>
        <bdi>{user.email}</bdi>
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={3}>
            <EditorSection id="account" title={t('adminPeople.user.account')}>
              <Stack spacing={2.5}>
                <InlineTextField
                  label={t('adminPeople.fields.name')}
                  value={user.name}
                  maxLength={NAME_MAX_LENGTH}
                  fullWidth
                  size="small"
                  helperText={t('adminPeople.user.nameHelp')}
                  onSave={(text) => update.mutate({ userId: user.id, body: { name: text } }, { onSuccess: () => dispatch(appActions.showNotification(t('adminPeople.user.saved'))) })}
                />
                <Stack spacing={1}>
                  <Typography variant="subtitle2" component="h3">
                    {t('adminPeople.fields.status')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(`adminPeople.user.statusHelp.${user.status}`)}
                  </Typography>
                  {ownAccount ? (
                    <Typography variant="body2" color="text.secondary">
                      {t('adminPeople.user.ownAccount')}
                    </Typography>
                  ) : (
                    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                      {user.status !== AccountStatus.ACTIVE && (
                        <ConfirmAction
                          color="success"
                          label={t('adminPeople.user.activate')}
                          title={t('adminPeople.user.activateTitle', { name })}
                          body={t('adminPeople.user.activateBody')}
                          disabled={busy}
                          onConfirm={() => setStatus(AccountStatus.ACTIVE, t('adminPeople.user.activated'))}
                        />
                      )}
                      {user.status !== AccountStatus.SUSPENDED && (
                        <ConfirmAction
                          label={t('adminPeople.user.suspend')}
                          title={t('adminPeople.user.suspendTitle', { name })}
                          body={t('adminPeople.user.suspendBody')}
                          disabled={busy}
                          onConfirm={() => setStatus(AccountStatus.SUSPENDED, t('adminPeople.user.suspended'))}
                        />
                      )}
                    </Stack>
                  )}
                </Stack>
              </Stack>
            </EditorSection>
            <EditorSection id="subscription" title={t('adminPeople.user.subscription')} intro={t('adminPeople.user.subscriptionHelp')}>
              <FormControlLabel
                control={
                  <Switch
                    checked={user.subscriptionExempt}
                    disabled={setConfig.isPending}
                    onChange={(_event, checked) =>
                      setConfig.mutate(
                        { userId: user.id, body: { key: 'subscriptionExempt', value: checked } },
                        { onSuccess: () => dispatch(appActions.showNotification(t(checked ? 'adminPeople.user.exemptOn' : 'adminPeople.user.exemptOff'))) },
                      )
                    }
                  />
                }
                label={t('adminPeople.user.exemptLabel')}
              />
            </EditorSection>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={3}>
            <EditorSection id="roles" title={t('adminPeople.user.roles')}>
              <FactList
                facts={[
                  {
                    term: t('adminPeople.fields.adminRole'),
                    value: (
                      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                        {user.adminRole === null ? t('adminPeople.none') : <AdminRoleChip role={user.adminRole} />}
                        <Link component={RouterLink} to={rolesHref} variant="body2">
                          {t('adminPeople.user.manageRoles')}
                        </Link>
                      </Stack>
                    ),
                  },
                  {
                    term: t('adminPeople.user.publishers'),
                    value:
                      user.publishers.length === 0
                        ? t('adminPeople.none')
                        : user.publishers.map((publisher) => (
                            <div key={publisher.id}>
                              {t('adminPeople.user.membership', { name: isolate(publisher.name), role: t(`adminPeople.accountRole.${publisher.role}`) })}
                            </div>
                          )),
                  },
                  {
                    term: t('adminPeople.user.vendors'),
                    value:
                      user.vendors.length === 0
                        ? t('adminPeople.none')
                        : user.vendors.map((vendor) => (
                            <div key={vendor.id}>
                              <Link component={RouterLink} to={adminPaths.vendor.href(vendor.id)}>
                                {t('adminPeople.user.membership', { name: isolate(vendor.name), role: t(`adminPeople.accountRole.${vendor.role}`) })}
                              </Link>
                            </div>
                          )),
                  },
                ]}
              />
            </EditorSection>
            <EditorSection id="activity" title={t('adminPeople.user.activity')}>
              <FactList
                facts={[
                  { term: t('adminPeople.columns.joined'), value: dateTime(user.createdAt) },
                  { term: t('adminPeople.user.updated'), value: dateTime(user.updatedAt) },
                  { term: t('adminPeople.user.sessions'), value: formatNumber(user.activeSessions, language) },
                  {
                    term: t('adminPeople.user.keys'),
                    value: (
                      <Link component={RouterLink} to={keysHref}>
                        {formatNumber(user.liveApiKeys, language)}
                      </Link>
                    ),
                  },
                  { term: t('adminPeople.user.lastFailedLogin'), value: dateTime(user.lastFailedLoginAt) },
                  ...(user.pendingEmail ? [{ term: t('adminPeople.user.pendingEmail'), value: <bdi>{user.pendingEmail}</bdi> }] : []),
                ]}
              />
            </EditorSection>
            <EditorSection id="delete" title={t('adminPeople.user.deleteSection')} intro={ownAccount ? t('adminPeople.user.ownAccountDelete') : t('adminPeople.user.deleteHelp')}>
              <ConfirmDelete
                variant="text"
                label={t('adminPeople.user.delete')}
                title={t('adminPeople.user.deleteTitle', { name })}
                body={t('adminPeople.user.deleteBody', { email: isolate(user.email) })}
                disabled={ownAccount || busy}
                onConfirm={() =>
                  remove.mutate(user.id, {
                    onSuccess: () => {
                      dispatch(appActions.showNotification(t('adminPeople.user.deleted')));
                      void navigate(adminPaths.users.href(), { replace: true });
                    },
                  })
                }
              />
            </EditorSection>
          </Stack>
        </Grid>
      </Grid>
    </>
  );
}
