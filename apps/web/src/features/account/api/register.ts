import { apiPaths, type Message, type RegisterBody } from '@newsreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';
import { useVisitorId } from '../../visitors/use-visitor';

/** POST /v1/users/register: the account waits for the link mailed to the address. */
export function register(api: ApiClient, body: RegisterBody): Promise<Message> {
  return api.post<Message>(apiPaths.usersRegister, body, { auth: false });
}

/** Creates an account, naming this browser's visitor so its likes, saves and history come along. */
export function useRegister() {
  const api = useApi();
  const visitorId = useVisitorId();
  return useMutation({
    mutationFn: (body: Omit<RegisterBody, 'visitorId'>) => register(api, { ...body, visitorId }),
  });
}
