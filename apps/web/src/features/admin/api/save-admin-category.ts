import { type AdminCategory, type AdminCategoryCreateBody, type AdminCategoryUpdateBody, adminApiPaths } from '@newsreel/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { adminContentKeys, useContentMutation } from './content-mutation';

/** A category changes what the article lists and the reader's category lists show. */
const shownIn = [adminContentKeys.categories, adminContentKeys.articles, adminContentKeys.publicCategories];

/** POST /v1/admin/categories (409: the slug is taken). */
export function createAdminCategory(api: ApiClient, body: AdminCategoryCreateBody): Promise<AdminCategory> {
  return api.post<AdminCategory>(adminApiPaths.categories, body);
}

/** PUT /v1/admin/categories/{id}: only the fields sent change (409: the slug is taken). */
export function updateAdminCategory(api: ApiClient, { categoryId, body }: { categoryId: string; body: AdminCategoryUpdateBody }): Promise<AdminCategory> {
  return api.put<AdminCategory>(adminApiPaths.category(categoryId), body);
}

/** DELETE /v1/admin/categories/{id} (409: articles or poll targets use it; the message says how many). */
export function deleteAdminCategory(api: ApiClient, categoryId: string): Promise<void> {
  return api.delete<void>(adminApiPaths.category(categoryId));
}

/** The form that asks shows a refusal beside itself. */
export function useCreateAdminCategory() {
  return useContentMutation(createAdminCategory, { notify: false, also: shownIn });
}

export function useUpdateAdminCategory() {
  return useContentMutation(updateAdminCategory, { notify: false, also: shownIn });
}

/** A refusal (in use) is shown in the notification bar, in the server's words. */
export function useDeleteAdminCategory() {
  return useContentMutation(deleteAdminCategory, { also: shownIn });
}
