import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  model: string;
  stream?: boolean;
  messages: { role: string; content: string }[];
}

export interface OpenAiCompatibleServer {
  /** The base URL to give as AI_BASE_URL (…/v1). */
  baseUrl: string;
  /** Every chat request received, in order. */
  requests: ChatRequest[];
  /** Every text sent to POST /v1/embeddings, in order. */
  embedded: string[];
  /** Makes every request answer with this HTTP status (e.g. 500), or answer again when null. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A small OpenAI-compatible endpoint for tests: POST /v1/chat/completions answers with what
 * `reply` makes of the request, streamed as server-sent events as OpenAI streams them (or as one
 * JSON answer without `stream`); with `embed`, POST /v1/embeddings answers with its vector of each
 * input. Nothing else of OpenAI is here; the server listens on 127.0.0.1.
 */
export async function startOpenAiCompatibleServer(
  reply: (request: ChatRequest) => string,
  options: { embed?: (text: string) => number[] } = {},
): Promise<OpenAiCompatibleServer> {
  const requests: ChatRequest[] = [];
  const embedded: string[] = [];
  let failure: number | null = null;
  const server = createServer((request, response) => {
    void (async () => {
      const embeddings = request.url?.endsWith('/embeddings') && options.embed;
      if (request.method !== 'POST' || !(request.url?.endsWith('/chat/completions') || embeddings)) {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(await bodyOf(request)) as ChatRequest & { input: string | string[] };
      if (!embeddings) requests.push(body);
      if (failure !== null) {
        response.writeHead(failure, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'the test model is down', type: 'server_error' } }));
        return;
      }
      if (embeddings) {
        const input = typeof body.input === 'string' ? [body.input] : body.input;
        embedded.push(...input);
        const data = input.map((text, index) => ({ object: 'embedding', index, embedding: embeddings(text) }));
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', model: body.model, data, usage: { prompt_tokens: 1, total_tokens: 1 } }));
        return;
      }
      const chat: ChatRequest = body;
      const text = reply(chat);
      const id = `chatcmpl-${requests.length}`;
      const created = Math.floor(Date.now() / 1000);
      if (!chat.stream) {
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({ id, object: 'chat.completion', created, model: chat.model, choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: text } }] }),
        );
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const chunk = (delta: object, finish: string | null) =>
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: chat.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
      response.write(chunk({ role: 'assistant', content: '' }, null));
      // In a few pieces, as a model writes.
      for (let at = 0; at < text.length; at += 40) response.write(chunk({ content: text.slice(at, at + 40) }, null));
      response.write(chunk({}, 'stop'));
      response.end('data: [DONE]\n\n');
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    embedded,
    failWith: (status) => {
      failure = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
