import type OpenAI from 'openai';
import {
  AiProviderNotConfiguredError,
  AiProviderUnavailableError,
  type AiProvider,
  type AiSettings,
  type AnswerOptions,
  type ProviderAnswer,
  type ProviderClip,
  type RetrievedPassage,
} from './ai-provider';

/** What a model answers when the passages do not hold the answer. */
export const NOT_FOUND_MARKER = 'NOT_FOUND';

const ANSWER_SYSTEM = [
  'You answer questions about the news using ONLY the numbered passages you are given: words said in news videos, with the article and the seconds.',
  'Write one to three short sentences. End every sentence with the numbers of the passages it rests on, in square brackets, e.g. [2] or [1][3].',
  'Never use anything you know that the passages do not say. Never cite a number that is not in the list.',
  `If the passages do not answer the question, reply with exactly ${NOT_FOUND_MARKER} and nothing else.`,
  'Answer in the language of the question.',
].join('\n');

const PLAYLIST_SYSTEM = [
  'You build a playlist of news clips that together cover what the reader asks for, using ONLY the numbered passages you are given.',
  'Reply with one line per clip, in the order to play them, each as: <passage number>: <why it is in the playlist, one short sentence>.',
  'At most eight clips; leave out passages that do not fit. Nothing else in the reply.',
  `If no passage fits, reply with exactly ${NOT_FOUND_MARKER}.`,
].join('\n');

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

/** The passages as the model sees them: numbered, with where they are said. */
export function passageList(passages: readonly RetrievedPassage[]): string {
  return passages
    .map((passage, index) => {
      const where = passage.field === 'transcript' ? `said at ${clock(passage.startSecond)}–${clock(passage.endSecond)}` : `the article's ${passage.field}`;
      const date = passage.publishedAt ? `, ${passage.publishedAt.slice(0, 10)}` : '';
      return `[${index + 1}] "${passage.title}" (${passage.publisher.name}${date}; ${where}): ${passage.text}`;
    })
    .join('\n');
}

const CITATION_GROUP = /\[\s*\d+(?:\s*[,;]\s*\d+)*\s*\]/g;

/**
 * A model's answer as sentences with the passage numbers each cites. Citations written after
 * the full stop ("… rose. [2]") belong to the sentence before them.
 */
export function parseCitedAnswer(text: string): ProviderAnswer {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.replace(/[^A-Z_]/g, '') === NOT_FOUND_MARKER) return { found: false, sentences: [] };
  const attached = trimmed.replace(/([.!?。！？])\s*((?:\[\s*\d+(?:\s*[,;]\s*\d+)*\s*\]\s*)+)/g, (_all, stop: string, groups: string) => `${groups.trim()}${stop} `);
  const sentences = attached
    .split(/(?<=[.!?。！？])\s+/u)
    .map((sentence) => {
      const cites = [...sentence.matchAll(CITATION_GROUP)].flatMap((group) => group[0].match(/\d+/g)!.map(Number));
      const clean = sentence.replace(CITATION_GROUP, '').replace(/\s+([.,;:!?。！？])/g, '$1').replace(/\s+/g, ' ').trim();
      return { text: clean, cites: [...new Set(cites)] };
    })
    .filter((sentence) => sentence.text.length > 0 && sentence.text !== NOT_FOUND_MARKER);
  return { found: sentences.length > 0, sentences };
}

/** A model's playlist: lines of "<number>: <reason>". */
export function parseClipLines(text: string): ProviderClip[] {
  const clips: ProviderClip[] = [];
  for (const line of text.split('\n')) {
    const match = /^\s*(?:[-*]\s*)?\[?(\d+)\]?\s*[:.)\-–—]\s*(.+?)\s*$/.exec(line);
    if (match) clips.push({ passage: Number(match[1]), reason: match[2]! });
  }
  return clips;
}

/**
 * Any OpenAI-compatible chat and embedding endpoint (OpenAI, Azure, vLLM, Ollama, llama.cpp…),
 * through the `openai` package: a timeout per request, retries on connection errors, 408, 429
 * and 5xx (the package's own back-off), and the answer streamed as the model writes it. Every
 * failure that is left after the retries is an AiProviderUnavailableError (a 503 to a caller
 * that has no other way; ask and playlist answer with the built-in provider instead).
 * With only AI_EMBEDDING_MODEL set, answers still come from `builtIn`.
 */
export function createOpenAiCompatibleProvider(settings: AiSettings, builtIn: AiProvider): AiProvider {
  const { model, embeddingModel, timeoutMs } = settings;
  const name = `openai-compatible:${model ?? builtIn.name}`;
  // The SDK (some 300 modules) is loaded with the first request to the provider, not with the server.
  let connecting: Promise<{ sdk: typeof OpenAI; client: OpenAI }> | undefined;
  const connect = () =>
    (connecting ??= import('openai').then(({ default: sdk }) => ({
      sdk,
      client: new sdk({
        baseURL: settings.baseUrl,
        // Local servers (llama.cpp, Ollama, vLLM) take no key; the package wants one all the same.
        apiKey: settings.apiKey ?? 'no-key',
        timeout: timeoutMs,
        maxRetries: settings.maxRetries,
      }),
    })));

  const unavailable = (sdk: typeof OpenAI, error: unknown, timedOut = false): AiProviderUnavailableError => {
    if (error instanceof AiProviderUnavailableError) return error;
    const status = error instanceof sdk.APIError && error.status ? ` (${error.status})` : '';
    const what =
      timedOut || error instanceof sdk.APIConnectionTimeoutError || (error instanceof Error && error.name === 'TimeoutError')
        ? `did not answer within ${timeoutMs} ms`
        : error instanceof sdk.APIConnectionError
          ? 'could not be reached'
          : `failed${status}: ${error instanceof Error ? error.message : String(error)}`;
    return new AiProviderUnavailableError(name, `The AI provider ${what}`, { cause: error });
  };

  /** The model's reply, streamed to onDelta piece by piece; the whole reply must come within the timeout. */
  async function chat(system: string, user: string, options: AnswerOptions & { maxTokens?: number; temperature?: number } = {}): Promise<string> {
    if (!model) throw new AiProviderNotConfiguredError('AI model');
    const { sdk, client } = await connect();
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = AbortSignal.any([timeout, ...(options.signal ? [options.signal] : [])]);
    try {
      const stream = await client.chat.completions.create(
        {
          model,
          stream: true,
          temperature: options.temperature ?? 0,
          max_tokens: options.maxTokens ?? 400,
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
        },
        { signal },
      );
      let text = '';
      for await (const chunk of stream) {
        const piece = chunk.choices[0]?.delta?.content ?? '';
        if (!piece) continue;
        text += piece;
        options.onDelta?.(piece);
      }
      return text;
    } catch (error) {
      throw unavailable(sdk, error, timeout.aborted);
    }
  }

  return {
    name,
    extractive: !model && builtIn.extractive,
    embeds: Boolean(embeddingModel),
    completes: Boolean(model),

    async answer(question, passages, options) {
      if (!model) return builtIn.answer(question, passages, options);
      if (passages.length === 0) return { found: false, sentences: [] };
      const reply = await chat(ANSWER_SYSTEM, `Passages:\n${passageList(passages)}\n\nQuestion: ${question}`, options);
      return parseCitedAnswer(reply);
    },

    async playlist(prompt, passages, options) {
      if (!model) return builtIn.playlist(prompt, passages, options);
      if (passages.length === 0) return [];
      const reply = await chat(PLAYLIST_SYSTEM, `Passages:\n${passageList(passages)}\n\nThe reader asks for: ${prompt}`, options);
      return parseClipLines(reply);
    },

    async embed(texts, signal) {
      if (!embeddingModel) throw new AiProviderNotConfiguredError('embedding');
      if (texts.length === 0) return [];
      const { sdk, client } = await connect();
      try {
        // Floats asked for by name: the SDK otherwise asks for base64 and decodes whatever comes
        // back as such, and OpenAI-compatible servers that ignore encoding_format send floats.
        const response = await client.embeddings.create({ model: embeddingModel, input: [...texts], encoding_format: 'float' }, signal ? { signal } : {});
        return [...response.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
      } catch (error) {
        throw unavailable(sdk, error);
      }
    },

    complete(request) {
      return chat(request.system, request.prompt, {
        signal: request.signal,
        maxTokens: request.maxTokens ?? 1200,
        temperature: request.temperature ?? 0,
      });
    },
  };
}
