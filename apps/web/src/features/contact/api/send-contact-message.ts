import { apiPaths, type ContactBody, type Message } from '@newsreel/contracts';
import { useMutation } from '@tanstack/react-query';
import { useApi } from '../../../app/state';
import type { ApiClient } from '../../../lib/api-client';

/** POST /v1/contact: 202 once the message is taken (a signed-in reader's token names their account). */
export function sendContactMessage(api: ApiClient, body: ContactBody): Promise<Message> {
  return api.post<Message>(apiPaths.contact, body);
}

export function useSendContactMessage() {
  const api = useApi();
  return useMutation({ mutationFn: (body: ContactBody) => sendContactMessage(api, body) });
}
