import CloudDoneOutlined from '@mui/icons-material/CloudDoneOutlined';
import WifiOffRounded from '@mui/icons-material/WifiOffRounded';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PRODUCT_NAME } from '@newsreel/contracts';
import { onlineManager } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/** How long "You're back online" stays before the notice goes. */
export const RECONNECTED_NOTICE_MS = 3_000;

function subscribe(onChange: () => void): () => void {
  // React Query assumes a connection until an 'offline' event says otherwise; a page that starts
  // offline tells it now, so its requests wait for the connection instead of failing.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  return onlineManager.subscribe(onChange);
}

/**
 * Whether the browser has a connection, as React Query sees it: the same 'online' and 'offline'
 * events pause its requests and, on reconnecting, resume them and refetch what failed or went stale.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, () => onlineManager.isOnline(), () => true);
}

/**
 * A polite, persistent notice at the bottom of the screen while the connection is gone, and a
 * short "back online" once it returns. The live region stays mounted so both are announced.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  const [wasOnline, setWasOnline] = useState(online);
  const [reconnected, setReconnected] = useState(false);
  if (online !== wasOnline) {
    // Adjusting state while rendering (React's pattern for reacting to a changed value).
    setWasOnline(online);
    setReconnected(online);
  }
  useEffect(() => {
    if (!reconnected) return;
    const timer = setTimeout(() => setReconnected(false), RECONNECTED_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [reconnected]);

  const message = !online
    ? { icon: <WifiOffRounded aria-hidden />, text: t('offline.notice', { product: PRODUCT_NAME }) }
    : reconnected
      ? { icon: <CloudDoneOutlined aria-hidden />, text: t('offline.reconnected') }
      : null;

  return (
    <Box
      role="status"
      data-testid="offline-notice"
      sx={{
        position: 'fixed',
        insetInline: 0,
        bottom: { xs: 12, md: 24 },
        display: 'flex',
        justifyContent: 'center',
        px: 1.5,
        pointerEvents: 'none',
        zIndex: (theme) => theme.zIndex.snackbar,
      }}
    >
      {message && (
        <Paper
          elevation={8}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1.25,
            maxWidth: 560,
            px: 2,
            py: 1.25,
            bgcolor: '#26282e',
            border: 1,
            borderColor: online ? 'success.dark' : 'warning.dark',
            '& svg': { color: online ? 'success.light' : 'warning.light', flexShrink: 0 },
          }}
        >
          {message.icon}
          <Typography variant="body2">{message.text}</Typography>
        </Paper>
      )}
    </Box>
  );
}
