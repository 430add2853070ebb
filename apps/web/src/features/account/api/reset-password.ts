import { apiPaths, type Message, type ResetCompleteBody, type ResetRequestBody } from '@newsreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../app/session/session-context';
import { useApi, useAppSelector } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

/** POST /v1/users/resetpassword: mails a reset link (the answer is the same whether or not the address has an account). */
export function requestPasswordReset(api: ApiClient, body: ResetRequestBody): Promise<Message> {
  return api.post<Message>(apiPaths.usersResetPassword, body, { auth: false });
}

/** PUT /v1/users/resetpassword: sets the new password with the mailed key; every session of the account ends. */
export function completePasswordReset(api: ApiClient, body: ResetCompleteBody): Promise<Message> {
  return api.put<Message>(apiPaths.usersResetPassword, body, { auth: false });
}

export function useRequestPasswordReset() {
  const api = useApi();
  return useMutation({ mutationFn: (body: ResetRequestBody) => requestPasswordReset(api, body) });
}

/** Resets the password; a session this browser held has ended with all the others, so it is forgotten here too. */
export function useCompletePasswordReset() {
  const api = useApi();
  const session = useSession();
  const signedIn = useAppSelector((state) => state.user !== null);
  return useMutation({
    mutationFn: (body: ResetCompleteBody) => completePasswordReset(api, body),
    onSuccess: () => {
      if (signedIn) session.end();
    },
  });
}
