import Chip from '@mui/material/Chip';
import { PollStatus } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';

const colours = {
  [PollStatus.PENDING]: 'default',
  [PollStatus.READY]: 'info',
  [PollStatus.LIVE]: 'success',
  [PollStatus.ENDED]: 'warning',
} as const;

/** A poll's status as a small coloured label. */
export function PollStatusChip({ status }: { status: PollStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={colours[status]} variant={status === PollStatus.LIVE ? 'filled' : 'outlined'} label={t(`adminPolls.status.${status}`)} />;
}
