import { type AccountRole, type AdminVendorUserListQuery, type List, type MemberUser, type VendorUserBody, adminApiPaths } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useAdminApi } from '../hooks/use-admin-api';
import { adminContentKeys } from './content-mutation';
import { adminPeopleKeys, usePeopleMutation } from './people-mutation';

/** What accounts hold a role in (SPEC §7: publisher users, vendor users): the same calls under either's path. */
export interface MemberOwner {
  kind: 'publisher' | 'vendor';
  id: string;
}

export type MemberUserList = List<MemberUser>;
/** The same query under either path. */
export type MemberUserListQuery = AdminVendorUserListQuery;

const paths = {
  publisher: { users: adminApiPaths.publisherUsers, user: adminApiPaths.publisherUser },
  vendor: { users: adminApiPaths.vendorUsers, user: adminApiPaths.vendorUser },
};

/** A publisher's users show in its list row (their count); a vendor's in the people lists; both on each user's own page. */
const shownIn = {
  publisher: [adminContentKeys.publishers, adminContentKeys.people],
  vendor: [adminPeopleKeys.people],
};

const queryKeyOf = (owner: MemberOwner, query: MemberUserListQuery) =>
  owner.kind === 'publisher' ? adminContentKeys.publisherUsers(owner.id, query) : adminPeopleKeys.vendorUsers(owner.id, query);

/** GET /v1/admin/{publishers|vendors}/{id}/users: its users and their account roles. */
export function getMemberUsers(api: ApiClient, owner: MemberOwner, query: MemberUserListQuery, signal?: AbortSignal): Promise<MemberUserList> {
  return api.get<MemberUserList>(paths[owner.kind].users(owner.id), { query: { ...query }, signal });
}

export function memberUsersQueryOptions(api: ApiClient, owner: MemberOwner, query: MemberUserListQuery) {
  return queryOptions({
    queryKey: queryKeyOf(owner, query),
    queryFn: ({ signal }) => getMemberUsers(api, owner, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMemberUsers(owner: MemberOwner, query: MemberUserListQuery) {
  return useQuery(memberUsersQueryOptions(useAdminApi(), owner, query));
}

export interface AddMemberUserVariables {
  owner: MemberOwner;
  body: VendorUserBody;
}

/** POST .../users {email, role} (404: no account has that email; 409: one of its users already). */
export function addMemberUser(api: ApiClient, { owner, body }: AddMemberUserVariables): Promise<MemberUser> {
  return api.post<MemberUser>(paths[owner.kind].users(owner.id), body);
}

/** PUT .../users/{userId} {role}. */
export function changeMemberUser(api: ApiClient, { owner, userId, role }: { owner: MemberOwner; userId: string; role: AccountRole }): Promise<MemberUser> {
  return api.put<MemberUser>(paths[owner.kind].user(owner.id, userId), { role });
}

/** DELETE .../users/{userId}: their account stays. */
export function removeMemberUser(api: ApiClient, { owner, userId }: { owner: MemberOwner; userId: string }): Promise<void> {
  return api.delete<void>(paths[owner.kind].user(owner.id, userId));
}

/** The form that asks shows a refusal beside itself. */
export function useAddMemberUser(owner: MemberOwner) {
  return usePeopleMutation(addMemberUser, { notify: false, also: shownIn[owner.kind] });
}

export function useChangeMemberUser(owner: MemberOwner) {
  return usePeopleMutation(changeMemberUser, { also: shownIn[owner.kind] });
}

export function useRemoveMemberUser(owner: MemberOwner) {
  return usePeopleMutation(removeMemberUser, { also: shownIn[owner.kind] });
}
