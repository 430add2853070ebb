import Chip from '@mui/material/Chip';
import { NotificationDeliveryStatus } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';

const COLOURS = {
  [NotificationDeliveryStatus.QUEUED]: 'info',
  [NotificationDeliveryStatus.PENDING_REVIEW]: 'warning',
  [NotificationDeliveryStatus.DELIVERED]: 'success',
  [NotificationDeliveryStatus.ERROR]: 'error',
} as const;

/** A notification's delivery status (SPEC §3) as a coloured chip. */
export function NotificationStatusChip({ status }: { status: NotificationDeliveryStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant="outlined" color={COLOURS[status]} label={t(`adminNotifications.status.${status}`)} />;
}
