import { type AdminContactMessage, type AdminContactMessageList, type AdminContactMessageListQuery, adminApiPaths } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { useContentMutation } from './content-mutation';

/** The contact messages' query keys; marking one handled reads the lists again (and the audit log). */
export const adminContactMessageKeys = {
  all: ['admin', 'contact-messages'] as const,
  list: (query: AdminContactMessageListQuery) => ['admin', 'contact-messages', 'list', query] as const,
};

/** GET /v1/admin/contact-messages: a page of messages from the contact form, newest first. */
export function getAdminContactMessages(api: ApiClient, query: AdminContactMessageListQuery, signal?: AbortSignal): Promise<AdminContactMessageList> {
  return api.get<AdminContactMessageList>(adminApiPaths.contactMessages, { query: { ...query }, signal });
}

export function useAdminContactMessages(query: AdminContactMessageListQuery) {
  const api = useAdminApi();
  return useQuery(
    queryOptions({ queryKey: adminContactMessageKeys.list(query), queryFn: ({ signal }) => getAdminContactMessages(api, query, signal), placeholderData: keepPreviousData }),
  );
}

/** PUT /v1/admin/contact-messages/{id}: handled, or waiting again. */
export function setContactMessageHandled(api: ApiClient, { messageId, handled }: { messageId: string; handled: boolean }): Promise<AdminContactMessage> {
  return api.put<AdminContactMessage>(adminApiPaths.contactMessage(messageId), { handled });
}

/** Refusals are shown in the notification bar, in the server's words. */
export const useSetContactMessageHandled = () => useContentMutation(setContactMessageHandled, { also: [adminContactMessageKeys.all] });
