import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { AccountRole } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch } from '../../../app/state';
import type { User } from '../../../app/state/types';
import { useMemberships } from '../api/get-memberships';
import { useSetActivePublisher } from '../api/set-active-publisher';
import { useAccountErrorHandlers } from '../hooks/use-account-error-handlers';
import { SettingsCard } from './settings-card';

/** For publisher users: which of their publishers the studio acts for. */
export function PublisherSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { handleError } = useAccountErrorHandlers();
  const memberships = useMemberships();
  const setActive = useSetActivePublisher();
  const items = memberships.data?.items ?? user.publishers;
  const roleOf = (role: number) => (role === AccountRole.ADMIN ? t('accountPages.account.publisher.admin') : t('accountPages.account.publisher.member'));

  return (
    <SettingsCard title={t('accountPages.account.publisher.title')} intro={t('accountPages.account.publisher.intro')}>
      {memberships.isError && (
        <Alert severity="warning" variant="outlined">
          {t('accountPages.account.publisher.loadFailed')}
        </Alert>
      )}
      <TextField
        select
        label={t('accountPages.account.publisher.label')}
        value={user.activePublisherId ?? ''}
        disabled={setActive.isPending}
        onChange={(event) => {
          const chosen = items.find((item) => item.id === event.target.value);
          if (!chosen) return;
          setActive.mutate(
            { publisherId: chosen.id },
            {
              onSuccess: () => dispatch(appActions.showNotification(t('accountPages.account.publisher.changed', { name: chosen.name }))),
              onError: handleError,
            },
          );
        }}
        sx={{ maxWidth: { sm: 360 } }}
        fullWidth
      >
        {items.map((item) => (
          <MenuItem key={item.id} value={item.id}>
            {`${item.name} · ${roleOf(item.role)}`}
          </MenuItem>
        ))}
      </TextField>
    </SettingsCard>
  );
}
