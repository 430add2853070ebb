import { apiPaths, type LoginBody, type Session } from '@newsreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../app/session/session-context';
import { useApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';
import { useVisitorId } from '../../visitors/use-visitor';

/** POST /v1/users/login: the session, and the refresh cookie it sets (hence credentials). */
export function signIn(api: ApiClient, body: LoginBody): Promise<Session> {
  return api.post<Session>(apiPaths.usersLogin, body, { credentials: 'include', auth: false });
}

/**
 * Signs in, naming this browser's visitor so what it liked, saved and watched becomes the
 * user's; the session layer then holds the token and the user.
 */
export function useSignIn() {
  const api = useApi();
  const session = useSession();
  const visitorId = useVisitorId();
  return useMutation({
    mutationFn: ({ email, password }: Pick<LoginBody, 'email' | 'password'>) => signIn(api, { email, password, visitorId }),
    onSuccess: (answer) => session.start(answer),
  });
}
