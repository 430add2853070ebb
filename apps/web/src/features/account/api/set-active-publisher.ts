import { apiPaths, type AccountUser, type ActivePublisherBody } from '@newsreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../../../app/session/session-context';
import { useApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

/** PUT /v1/users/publisher: the publisher the studio acts for (one the user belongs to, or 403). */
export function setActivePublisher(api: ApiClient, body: ActivePublisherBody): Promise<AccountUser> {
  return api.put<AccountUser>(apiPaths.usersPublisher, body);
}

export function useSetActivePublisher() {
  const api = useApi();
  const session = useSession();
  return useMutation({
    mutationFn: (body: ActivePublisherBody) => setActivePublisher(api, body),
    onSuccess: (user) => session.updateUser(user),
  });
}
