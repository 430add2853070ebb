import { apiPaths, type AiInstantResponse, type AiResult, type AiStreamEvent } from '@newsreel/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useDataApi } from '../../../app/state';
import { ApiError, getAccessToken, type ApiClient } from '../../../lib/api-client';

/** What a reader asks of the AI search: an answer to a question, or a playlist from a prompt. */
export type AiAskKind = 'ask' | 'playlist';

/** Characters typed before instant results are asked for. */
export const INSTANT_MIN_LENGTH = 3;

export function aiResultQueryOptions(api: ApiClient, resultId: string) {
  return queryOptions({
    queryKey: ['ai', 'result', resultId, api.baseUrl],
    // With the cited articles inline: their cards, and the media the clips play.
    queryFn: ({ signal }) => api.get<AiResult>(apiPaths.aiResult(resultId), { query: { articles: true }, signal }),
    // A stored result never changes.
    staleTime: Infinity,
  });
}

export function useAiResult(resultId: string | undefined) {
  return useQuery({ ...aiResultQueryOptions(useDataApi(), resultId ?? ''), enabled: Boolean(resultId) });
}

/**
 * Passages for what the reader has typed so far. Keyed by the words, so a newer query replaces an
 * older one; react-query aborts the older request (its signal) once nobody waits for it.
 */
export function useAiInstant(query: string) {
  const api = useDataApi();
  const trimmed = query.trim();
  return useQuery({
    queryKey: ['ai', 'instant', trimmed, api.baseUrl],
    queryFn: ({ signal }) => api.post<AiInstantResponse>(apiPaths.aiInstant, { query: trimmed }, { signal }),
    enabled: trimmed.length >= INSTANT_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
}

/** Splits a server-sent event stream's text into its events (`event:` and `data:` lines, a blank line after each). */
export function parseEventStream(buffer: string): { events: { event: string; data: string }[]; rest: string } {
  const events: { event: string; data: string }[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/**
 * Asks for an answer (or a playlist) as server-sent events: `onEvent` hears each one as it
 * arrives. Resolves with the stored result; rejects with an ApiError for an `error` event or a
 * refused request (the server's words), and with the abort when `signal` ends it.
 */
export async function streamAi(
  api: ApiClient,
  kind: AiAskKind,
  text: string,
  { onEvent, signal }: { onEvent?: (event: AiStreamEvent) => void; signal?: AbortSignal } = {},
): Promise<AiResult> {
  const headers: Record<string, string> = { Accept: 'text/event-stream', 'Content-Type': 'application/json' };
  const token = getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const path = kind === 'ask' ? apiPaths.aiAsk : apiPaths.aiPlaylist;
  const body = kind === 'ask' ? { query: text } : { prompt: text };
  const response = await fetch(`${api.baseUrl.replace(/\/+$/, '')}${path}`, { method: 'POST', headers, body: JSON.stringify(body), signal });
  const contentType = response.headers.get('content-type') ?? '';
  if (!response.ok || !contentType.includes('text/event-stream') || !response.body) {
    const raw = await response.text();
    let data: unknown = raw;
    try {
      data = JSON.parse(raw) as unknown;
    } catch {
      // A proxy's text page: the status says what happened.
    }
    if (!response.ok) throw new ApiError(response.status, data);
    // A server that answered with JSON after all: that is the stored result.
    return data as AiResult;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    buffer += value ? decoder.decode(value, { stream: true }) : decoder.decode();
    const { events, rest } = parseEventStream(done ? `${buffer}\n\n` : buffer);
    buffer = rest;
    for (const { event, data } of events) {
      const parsed = JSON.parse(data) as unknown;
      const message = { event, data: parsed } as AiStreamEvent;
      onEvent?.(message);
      if (message.event === 'result') {
        void reader.cancel().catch(() => undefined);
        return message.data;
      }
      if (message.event === 'error') {
        void reader.cancel().catch(() => undefined);
        throw new ApiError(message.data.statusCode || 500, message.data);
      }
    }
    if (done) throw new ApiError(502, { statusCode: 502, error: 'Bad Gateway', message: 'The answer stopped before it was complete.' });
  }
}
