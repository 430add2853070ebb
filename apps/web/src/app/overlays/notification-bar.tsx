import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { NOTIFICATION_HIDE_MS } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { appActions, useAppDispatch, useAppSelector } from '../state';

/**
 * The notification bar at the top centre (SPEC §2, §4): it hides itself after
 * NOTIFICATION_HIDE_MS, and on Escape or a click anywhere else (Snackbar's own listeners).
 */
export function NotificationBar() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const notification = useAppSelector((state) => state.notification);
  const close = () => dispatch(appActions.hideNotification());
  return (
    <Snackbar
      // A new key per notification restarts the hide timer when the same message shows again.
      key={notification.id}
      open={notification.open}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      autoHideDuration={NOTIFICATION_HIDE_MS}
      onClose={close}
    >
      <Alert
        severity={notification.severity}
        variant="filled"
        onClose={close}
        closeText={t('common.close')}
        sx={{ width: '100%', alignItems: 'center' }}
      >
        {notification.message}
      </Alert>
    </Snackbar>
  );
}
