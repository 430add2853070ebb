import {
  type AdminNotification,
  type AdminNotificationCreateBody,
  type AdminNotificationList,
  type AdminNotificationListQuery,
  type AdminNotificationUpdateBody,
  adminApiPaths,
} from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { useContentMutation } from './content-mutation';

/** The notifications' query keys; every change reads the list again (and the audit log). */
export const adminNotificationKeys = {
  all: ['admin', 'notifications'] as const,
  list: (query: AdminNotificationListQuery) => ['admin', 'notifications', 'list', query] as const,
};
const shownIn = [adminNotificationKeys.all];

/** GET /v1/admin/notifications: a page of scheduled notifications with their status and counts. */
export function getAdminNotifications(api: ApiClient, query: AdminNotificationListQuery, signal?: AbortSignal): Promise<AdminNotificationList> {
  return api.get<AdminNotificationList>(adminApiPaths.notifications, { query: { ...query }, signal });
}

export function adminNotificationsQueryOptions(api: ApiClient, query: AdminNotificationListQuery) {
  return queryOptions({ queryKey: adminNotificationKeys.list(query), queryFn: ({ signal }) => getAdminNotifications(api, query, signal), placeholderData: keepPreviousData });
}

export function useAdminNotifications(query: AdminNotificationListQuery) {
  return useQuery(adminNotificationsQueryOptions(useAdminApi(), query));
}

/** POST /v1/admin/notifications (a moderator's waits for review; a superuser's is queued). */
export function createAdminNotification(api: ApiClient, body: AdminNotificationCreateBody): Promise<AdminNotification> {
  return api.post<AdminNotification>(adminApiPaths.notifications, body);
}

/** PUT /v1/admin/notifications/{id}: only the fields sent change (409: delivered, or being delivered). */
export function updateAdminNotification(api: ApiClient, { notificationId, body }: { notificationId: string; body: AdminNotificationUpdateBody }): Promise<AdminNotification> {
  return api.put<AdminNotification>(adminApiPaths.notification(notificationId), body);
}

/** POST /v1/admin/notifications/{id}/approve (superusers): queued for its time, or sent again after an error. */
export function approveAdminNotification(api: ApiClient, notificationId: string): Promise<AdminNotification> {
  return api.post<AdminNotification>(adminApiPaths.notificationApprove(notificationId));
}

/** DELETE /v1/admin/notifications/{id}: a delivered one leaves its recipients' inboxes too. */
export function deleteAdminNotification(api: ApiClient, notificationId: string): Promise<void> {
  return api.delete<void>(adminApiPaths.notification(notificationId));
}

/** The form that asks shows a refusal beside itself. */
export const useCreateAdminNotification = () => useContentMutation(createAdminNotification, { notify: false, also: shownIn });
export const useUpdateAdminNotification = () => useContentMutation(updateAdminNotification, { notify: false, also: shownIn });
/** Refusals are shown in the notification bar, in the server's words. */
export const useApproveAdminNotification = () => useContentMutation(approveAdminNotification, { also: shownIn });
export const useDeleteAdminNotification = () => useContentMutation(deleteAdminNotification, { also: shownIn });
