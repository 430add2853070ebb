import {
  apiPaths,
  type AdminPublisherUserBody,
  type AdminPublisherUserList,
  type AdminPublisherUserListQuery,
  type AdminPublisherUserUpdateBody,
  type MemberUser,
} from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminContentKeys, useContentMutation } from './content-mutation';

/** A publisher's users show in its list row (their count) and on each user's own page. */
const shownIn = [adminContentKeys.publishers, adminContentKeys.people];

/** GET /v1/admin/publishers/{id}/users: its users and their account roles, admins first. */
export function getPublisherUsers(api: ApiClient, publisherId: string, query: AdminPublisherUserListQuery, signal?: AbortSignal): Promise<AdminPublisherUserList> {
  return api.get<AdminPublisherUserList>(apiPaths.adminPublisherUsers(publisherId), { query: { ...query }, signal });
}

export function publisherUsersQueryOptions(api: ApiClient, publisherId: string, query: AdminPublisherUserListQuery) {
  return queryOptions({
    queryKey: adminContentKeys.publisherUsers(publisherId, query),
    queryFn: ({ signal }) => getPublisherUsers(api, publisherId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePublisherUsers(publisherId: string, query: AdminPublisherUserListQuery) {
  return useQuery(publisherUsersQueryOptions(useAdminApi(), publisherId, query));
}

/** POST /v1/admin/publishers/{id}/users {email, role} (404: no account has that email; 409: one of its users already). */
export function addPublisherUser(api: ApiClient, { publisherId, body }: { publisherId: string; body: AdminPublisherUserBody }): Promise<MemberUser> {
  return api.post<MemberUser>(apiPaths.adminPublisherUsers(publisherId), body);
}

/** PUT /v1/admin/publishers/{id}/users/{userId} {role}. */
export function changePublisherUser(api: ApiClient, { publisherId, userId, role }: { publisherId: string; userId: string } & AdminPublisherUserUpdateBody): Promise<MemberUser> {
  return api.put<MemberUser>(apiPaths.adminPublisherUser(publisherId, userId), { role });
}

/** DELETE /v1/admin/publishers/{id}/users/{userId}: their account stays. */
export function removePublisherUser(api: ApiClient, { publisherId, userId }: { publisherId: string; userId: string }): Promise<void> {
  return api.delete<void>(apiPaths.adminPublisherUser(publisherId, userId));
}

/** The form that asks shows a refusal beside itself. */
export function useAddPublisherUser() {
  return useContentMutation(addPublisherUser, { notify: false, also: shownIn });
}

export function useChangePublisherUser() {
  return useContentMutation(changePublisherUser, { also: shownIn });
}

export function useRemovePublisherUser() {
  return useContentMutation(removePublisherUser, { also: shownIn });
}
