import { apiPaths, type DestroyUserBody } from '@newsreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../app/session/session-context';
import { useApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

/** DELETE /v1/users/destroy: deletes the account for good (the password confirms it); the refresh cookie is cleared. */
export function deleteAccount(api: ApiClient, body: DestroyUserBody): Promise<void> {
  return api.delete<void>(apiPaths.usersDestroy, { body, credentials: 'include' });
}

export function useDeleteAccount() {
  const api = useApi();
  const session = useSession();
  return useMutation({
    mutationFn: (body: DestroyUserBody) => deleteAccount(api, body),
    onSuccess: () => session.end(),
  });
}
