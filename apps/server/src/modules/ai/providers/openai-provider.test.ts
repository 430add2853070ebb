import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AiResult } from '@newsreel/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testConfig, type TestApp } from '../../../../test/helpers';
import { seedDemoCatalogue } from '../../../db/demo-seed';
import { textHashOf } from '../embeddings';
import { AiProviderUnavailableError, createAiProviders } from './ai-provider';
import { parseCitedAnswer } from './openai-provider';

/**
 * A small OpenAI-compatible server (chat completions, streamed or not, and embeddings) that the
 * provider path runs against over real HTTP. `mode` says how it behaves next.
 */
type Mode = 'answer' | 'not-found' | 'down' | 'hang';
interface FakeModel {
  url: string;
  mode: Mode;
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

async function startFakeModel(): Promise<FakeModel> {
  const state = { mode: 'answer' as Mode, requests: [] as FakeModel['requests'] };
  const reply = (res: ServerResponse, content: string, stream: boolean) => {
    if (!stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 'c1', object: 'chat.completion', created: 0, model: 'test-model', choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }] }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const piece of content.match(/.{1,12}/gs) ?? []) {
      res.write(`data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'test-model', choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`);
    }
    res.end('data: [DONE]\n\n');
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      state.requests.push({ path: req.url ?? '', body });
      if (state.mode === 'hang') return; // never answers: the client's timeout must end it
      if (state.mode === 'down') {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'overloaded', type: 'server_error' } }));
        return;
      }
      if (req.url?.endsWith('/embeddings')) {
        const input = body.input as string[];
        // A vector of letter counts: texts sharing words point the same way.
        const vector = (text: string) => Array.from({ length: 26 }, (_v, i) => (text.toLowerCase().match(new RegExp(String.fromCharCode(97 + i), 'g')) ?? []).length);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', model: body.model, data: input.map((text, index) => ({ object: 'embedding', index, embedding: vector(text) })), usage: { prompt_tokens: 1, total_tokens: 1 } }));
        return;
      }
      const messages = body.messages as { role: string; content: string }[];
      const user = messages.at(-1)!.content;
      const playlist = messages[0]!.content.includes('playlist');
      const content =
        state.mode === 'not-found'
          ? 'NOT_FOUND'
          : playlist
            ? '1: It starts with the news asked for.\n42: A clip that does not exist.\n2: More of it.'
            : // One sentence resting on passage 1, one on a passage that was never given.
              `The last boats now leave shortly after midnight [1]. Tickets are free for everyone on Sundays [42].`;
      void user;
      reply(res, content, body.stream === true);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    get mode() {
      return state.mode;
    },
    set mode(mode: Mode) {
      state.mode = mode;
    },
    requests: state.requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('parseCitedAnswer', () => {
  it('reads sentences with the passages they cite, wherever the brackets stand', () => {
    expect(parseCitedAnswer('Boats leave after midnight [1][3]. Trips grew by a fifth. [2]')).toEqual({
      found: true,
      sentences: [
        { text: 'Boats leave after midnight.', cites: [1, 3] },
        { text: 'Trips grew by a fifth.', cites: [2] },
      ],
    });
    expect(parseCitedAnswer('It opened [1, 2].').sentences[0]).toEqual({ text: 'It opened.', cites: [1, 2] });
    expect(parseCitedAnswer(' NOT_FOUND ')).toEqual({ found: false, sentences: [] });
  });
});

describe('the OpenAI-compatible provider, against a test server', () => {
  let model: FakeModel;
  let t: TestApp;
  const idOf = new Map<string, string>();
  beforeAll(async () => {
    model = await startFakeModel();
    t = await createTestApp({
      RATE_LIMITS: 'off',
      AI_BASE_URL: model.url,
      AI_API_KEY: 'test-key',
      AI_MODEL: 'test-model',
      AI_EMBEDDING_MODEL: 'test-embeddings',
      AI_TIMEOUT_MS: '1500',
      AI_MAX_RETRIES: '1',
    });
    await seedDemoCatalogue(t.database.handle.db);
    for (const row of await t.database.handle.db.selectFrom('articles').select(['id', 'slug']).execute()) idOf.set(row.slug, row.id);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });
  beforeEach(() => {
    model.mode = 'answer';
    model.requests.length = 0;
  });

  const ask = (query: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url: '/v1/ai/ask', payload: { query }, headers });
  const question = 'What time do the last boats leave Circular Quay at the weekend?';

  it('answers with the model, keeps the citations of given passages and drops the rest', async () => {
    const res = await ask(question);
    expect(res.statusCode).toBe(200);
    const result = res.json<AiResult>();
    expect(result).toMatchObject({ found: true, extractive: false, provider: 'openai-compatible:test-model', fallback: null });
    // The sentence citing passage 42 (never given) is gone; the one citing passage 1 stays.
    expect(result.sentences).toHaveLength(1);
    expect(result.sentences[0]!.text).toBe('The last boats now leave shortly after midnight.');
    expect(result.sentences[0]!.citations[0]!.articleId).toBe(idOf.get('sydney-ferries-add-late-night-services'));
    expect(result.answer).not.toContain('free');

    // The model saw only the retrieved passages, numbered, and the key.
    const chat = model.requests.find((r) => r.path.endsWith('/chat/completions'))!;
    expect(chat.body).toMatchObject({ model: 'test-model', stream: true });
    const user = (chat.body.messages as { content: string }[]).at(-1)!.content;
    expect(user).toMatch(/^Passages:\n\[1\] /);
    expect(user).toContain('Circular Quay');
    expect(user).not.toContain('Puget Sound');
    // The question was embedded for the ranking by meaning, and kept for next time (the passages
    // are embedded by a background job, embeddings.test.ts).
    expect(model.requests.some((r) => r.path.endsWith('/embeddings') && (r.body.input as string[]).includes(question))).toBe(true);
    const kept = await t.database.handle.db.selectFrom('ai_embeddings').select('text_hash').where('model', '=', 'test-embeddings').execute();
    expect(kept.map((row) => row.text_hash)).toContain(textHashOf(question));
  });

  it('streams the model\'s words as they come, then the grounded result', async () => {
    const res = await ask(question, { accept: 'text/event-stream' });
    const events = res.body
      .trim()
      .split('\n\n')
      .map((block) => ({ event: /^event: (.+)$/m.exec(block)![1], data: JSON.parse(/^data: (.+)$/m.exec(block)![1]!) }));
    expect(events[0]).toEqual({ event: 'start', data: { provider: 'openai-compatible:test-model', extractive: false } });
    const deltas = events.filter((e) => e.event === 'delta').map((e) => e.data.text as string);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toContain('shortly after midnight [1]');
    expect(events.at(-1)!.event).toBe('result');
    expect(events.at(-1)!.data.sentences).toHaveLength(1);
  });

  it('takes the model\'s "not found" as not found', async () => {
    model.mode = 'not-found';
    const result = (await ask(question)).json<AiResult>();
    expect(result).toMatchObject({ found: false, answer: 'I could not find that in the news we have.', provider: 'openai-compatible:test-model' });
  });

  it('retries a provider that is down, then answers with the built-in answerer and says so', async () => {
    model.mode = 'down';
    const res = await ask(question);
    expect(res.statusCode).toBe(200);
    const result = res.json<AiResult>();
    expect(result).toMatchObject({ found: true, extractive: true, provider: 'built-in', fallback: { code: 'AI_PROVIDER_UNAVAILABLE', provider: 'openai-compatible:test-model' } });
    expect(result.fallback!.message).toMatch(/failed \(503\).*built-in extractive answerer answered instead/);
    expect(result.sentences[0]!.citations[0]!.articleId).toBe(idOf.get('sydney-ferries-add-late-night-services'));
    // One try and one retry of the chat (AI_MAX_RETRIES=1).
    expect(model.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(2);
    const stored = (await t.app.inject({ url: `/v1/ai/results/${result.id}` })).json<AiResult>();
    expect(stored.fallback).toEqual(result.fallback);
  });

  it('gives up on a provider that does not answer within the timeout', async () => {
    model.mode = 'hang';
    const started = Date.now();
    const result = (await ask(question)).json<AiResult>();
    expect(result.provider).toBe('built-in');
    expect(result.fallback!.message).toMatch(/did not answer within 1500 ms/);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('builds playlists with the model, dropping clips of passages it was not given', async () => {
    const result = (await t.app.inject({ method: 'POST', url: '/v1/ai/playlist', payload: { prompt: 'electric ferries and battery boats' } })).json<AiResult>();
    expect(result).toMatchObject({ type: 'playlist', found: true, extractive: false });
    const reasons = result.clips.map((clip) => clip.reason);
    expect(reasons[0]).toBe('It starts with the news asked for.');
    expect(reasons).not.toContain('A clip that does not exist.');
  });

  it('completes prompts for other work, and reports a provider that is down as unavailable', async () => {
    const providers = createAiProviders(testConfig({ AI_BASE_URL: model.url, AI_MODEL: 'test-model', AI_MAX_RETRIES: '0' }).ai);
    expect(providers.primary.completes).toBe(true);
    expect(await providers.primary.complete({ system: 'Say it.', prompt: 'Anything' })).toContain('[1]');
    model.mode = 'down';
    await expect(providers.primary.complete({ system: 'Say it.', prompt: 'Anything' })).rejects.toBeInstanceOf(AiProviderUnavailableError);
    // Without a provider there is nothing to complete with.
    const builtIn = createAiProviders(testConfig().ai).primary;
    expect(builtIn.name).toBe('built-in');
    await expect(builtIn.complete({ system: 'x', prompt: 'y' })).rejects.toThrow(/No AI model provider is configured/);
  });
});
