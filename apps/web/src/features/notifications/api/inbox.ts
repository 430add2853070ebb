import { apiPaths, type Inbox, type InboxNotification, type InboxUnread } from '@newsreel/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../app/state/use-api';
import type { ApiClient } from '../../../lib/api-client';

/** How many notifications the menu lists. */
export const INBOX_PAGE = 20;
/** How often the unread count is read again while the app is open (and whenever the window regains focus). */
const REFRESH_MS = 60_000;

export const inboxKeys = { inbox: ['notifications', 'inbox'] as const };

/** GET /v1/notifications: the signed-in reader's newest notifications and how many are unread. */
export function getInbox(api: ApiClient, signal?: AbortSignal): Promise<Inbox> {
  return api.get<Inbox>(apiPaths.notifications, { query: { limit: INBOX_PAGE }, signal });
}

export function inboxQueryOptions(api: ApiClient) {
  return queryOptions({ queryKey: inboxKeys.inbox, queryFn: ({ signal }) => getInbox(api, signal), refetchInterval: REFRESH_MS, staleTime: 15_000 });
}

export function useInbox() {
  return useQuery(inboxQueryOptions(useApi()));
}

/** POST /v1/notifications/{id}/read. */
export function markNotificationRead(api: ApiClient, notificationId: string): Promise<InboxNotification> {
  return api.post<InboxNotification>(apiPaths.notificationRead(notificationId));
}

/** POST /v1/notifications/read-all. */
export function markInboxRead(api: ApiClient): Promise<InboxUnread> {
  return api.post<InboxUnread>(apiPaths.notificationsReadAll);
}

/** Marks one read at once in the menu and the count (a failure reads the inbox again). */
export function useMarkNotificationRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) => markNotificationRead(api, notificationId),
    onMutate: (notificationId) => {
      queryClient.setQueryData<Inbox>(inboxKeys.inbox, (inbox) => {
        if (!inbox) return inbox;
        const unreadBefore = inbox.items.some((item) => item.id === notificationId && item.readAt === null);
        const readAt = new Date().toISOString();
        return {
          ...inbox,
          unread: Math.max(0, inbox.unread - (unreadBefore ? 1 : 0)),
          items: inbox.items.map((item) => (item.id === notificationId && item.readAt === null ? { ...item, readAt } : item)),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKeys.inbox }),
  });
}

export function useMarkInboxRead() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => markInboxRead(api),
    onMutate: () => {
      const readAt = new Date().toISOString();
      queryClient.setQueryData<Inbox>(inboxKeys.inbox, (inbox) => inbox && { ...inbox, unread: 0, items: inbox.items.map((item) => ({ ...item, readAt: item.readAt ?? readAt })) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKeys.inbox }),
  });
}
