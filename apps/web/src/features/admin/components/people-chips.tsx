import Chip from '@mui/material/Chip';
import { AccountStatus, AdminRole, type JobState } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';

const statusColours = { [AccountStatus.INACTIVE]: 'default', [AccountStatus.ACTIVE]: 'success', [AccountStatus.SUSPENDED]: 'error' } as const;

/** An account's status (SPEC §3: inactive, active, suspended) as a small coloured label. */
export function AccountStatusChip({ status }: { status: AccountStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={statusColours[status]} label={t(`adminPeople.accountStatus.${status}`)} />;
}

/** An admin role (superuser, moderator); nothing for none. */
export function AdminRoleChip({ role }: { role: AdminRole | null }) {
  const { t } = useTranslation();
  if (role === null) return null;
  return <Chip size="small" color={role === AdminRole.SUPERUSER ? 'primary' : 'default'} variant={role === AdminRole.SUPERUSER ? 'filled' : 'outlined'} label={t(`adminPeople.adminRole.${role}`)} />;
}

const jobColours = { created: 'default', retry: 'warning', active: 'info', completed: 'success', cancelled: 'default', failed: 'error' } as const;

/** A background job's state. */
export function JobStateChip({ state }: { state: JobState }) {
  const { t } = useTranslation();
  return <Chip size="small" variant={state === 'failed' ? 'filled' : 'outlined'} color={jobColours[state]} label={t(`adminPeople.jobs.state.${state}`)} />;
}
