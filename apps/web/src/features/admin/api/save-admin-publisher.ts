import { type AdminPublisher, type AdminPublisherCreateBody, type AdminPublisherUpdateBody, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { adminContentKeys, useContentMutation } from './content-mutation';

/** A publisher's name shows in the article lists and in the reader's publisher lists. */
const shownIn = [adminContentKeys.publishers, adminContentKeys.articles, adminContentKeys.publicPublishers];

/** POST /v1/admin/publishers (409: the slug is taken). */
export function createAdminPublisher(api: ApiClient, body: AdminPublisherCreateBody): Promise<AdminPublisher> {
  return api.post<AdminPublisher>(adminApiPaths.publishers, body);
}

/** PUT /v1/admin/publishers/{id}: only the fields sent change; `branding` replaces the whole set (409: the slug is taken). */
export function updateAdminPublisher(api: ApiClient, { publisherId, body }: { publisherId: string; body: AdminPublisherUpdateBody }): Promise<AdminPublisher> {
  return api.put<AdminPublisher>(adminApiPaths.publisher(publisherId), body);
}

/** DELETE /v1/admin/publishers/{id} (409: it still has articles, users or poll targets; the message says how many). */
export function deleteAdminPublisher(api: ApiClient, publisherId: string): Promise<void> {
  return api.delete<void>(adminApiPaths.publisher(publisherId));
}

/** The form that asks shows a refusal beside itself. */
export function useCreateAdminPublisher() {
  return useContentMutation(createAdminPublisher, { notify: false, also: shownIn });
}

export function useUpdateAdminPublisher() {
  return useContentMutation(updateAdminPublisher, { notify: false, also: shownIn });
}

/** A refusal (still in use) is shown in the notification bar, in the server's words. */
export function useDeleteAdminPublisher() {
  return useContentMutation(deleteAdminPublisher, { also: shownIn, forget: (publisherId) => adminContentKeys.publisher(publisherId) });
}
