import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { InboxNotification } from '@newsreel/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { useInbox, useMarkInboxRead, useMarkNotificationRead } from '../api/inbox';

export interface NotificationsMenuProps {
  id: string;
  anchorEl: HTMLElement;
  open: boolean;
  onClose: () => void;
}

/**
 * The signed-in reader's notifications under the bell: the newest first, the unread ones marked;
 * opening one marks it read and follows its link (a page of the app, or an https address in a new
 * tab); "Mark all as read" clears the count.
 */
export function NotificationsMenu({ id, anchorEl, open, onClose }: NotificationsMenuProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const inbox = useInbox();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkInboxRead();
  const when = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium', timeStyle: 'short' });
  const items = inbox.data?.items ?? [];

  function openNotification(notification: InboxNotification) {
    if (notification.readAt === null) markRead.mutate(notification.id);
    onClose();
    const { link } = notification;
    if (!link) return;
    if (link.startsWith('/')) void navigate(link);
    else window.open(link, '_blank', 'noopener,noreferrer');
  }

  return (
    <Menu
      id={id}
      anchorEl={anchorEl}
      open={open}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 16px)', maxHeight: 480 } }, list: { 'aria-label': t('notifications.title') } }}
    >
      <Box component="li" role="presentation" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, px: 2, py: 1 }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('notifications.title')}
        </Typography>
        <Button size="small" onClick={() => markAll.mutate()} disabled={!inbox.data || inbox.data.unread === 0 || markAll.isPending}>
          {t('notifications.markAllRead')}
        </Button>
      </Box>
      <Divider component="li" />
      {inbox.isPending && (
        <Box component="li" role="status" aria-label={t('notifications.loading')} sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={24} />
        </Box>
      )}
      {inbox.isError && !inbox.data && (
        <Box component="li" role="presentation" sx={{ px: 2, py: 2 }}>
          <Typography variant="body2" role="alert">
            {t('notifications.loadFailed')}
          </Typography>
          <Button size="small" onClick={() => void inbox.refetch()}>
            {t('notifications.retry')}
          </Button>
        </Box>
      )}
      {inbox.data && items.length === 0 && (
        <Typography component="li" role="presentation" variant="body2" color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
          {t('notifications.empty')}
        </Typography>
      )}
      {items.map((notification) => {
        const unread = notification.readAt === null;
        return (
          <MenuItem key={notification.id} onClick={() => openNotification(notification)} sx={{ alignItems: 'flex-start', gap: 1.5, whiteSpace: 'normal', py: 1.25 }}>
            <Box
              aria-hidden
              sx={{ flex: '0 0 8px', height: 8, mt: 0.9, borderRadius: '50%', bgcolor: unread ? 'primary.main' : 'transparent' }}
            />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: unread ? 700 : 500 }} dir="auto">
                {unread && (
                  <Box component="span" sx={visuallyHidden}>
                    {`${t('notifications.unread')}: `}
                  </Box>
                )}
                {notification.title}
              </Typography>
              <Typography variant="body2" color="text.secondary" dir="auto" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
                {notification.body}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {when.format(new Date(notification.deliveredAt))}
              </Typography>
            </Box>
          </MenuItem>
        );
      })}
    </Menu>
  );
}
