import { apiPaths, type AccountUser, type UpdateUserBody } from '@newsreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../app/session/session-context';
import { useApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

/**
 * PUT /v1/users/update: the name, or the email (a link is mailed to the new address, which shows
 * as pendingEmail until it is opened), or the password; the last two need the current password.
 */
export function updateUser(api: ApiClient, body: UpdateUserBody): Promise<AccountUser> {
  // The refresh cookie names this session, which a new password keeps while it ends the others.
  return api.put<AccountUser>(apiPaths.usersUpdate, body, { credentials: 'include' });
}

/** Changes the signed-in user's name, email or password; the app state takes the user the API answers. */
export function useUpdateUser() {
  const api = useApi();
  const session = useSession();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => updateUser(api, body),
    onSuccess: (user) => session.updateUser(user),
  });
}
