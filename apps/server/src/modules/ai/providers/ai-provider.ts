import type { AiPassageField } from '@newsreel/contracts';
import { AI_BUILT_IN_PROVIDER } from '@newsreel/contracts';
import type { Config } from '../../../config';
import { createBuiltInProvider } from './built-in-provider';
import { createOpenAiCompatibleProvider } from './openai-provider';

/**
 * One interface for every AI provider (docs/architecture.md, "AI search"): the built-in one
 * (no key, no network, extractive) and any OpenAI-compatible endpoint (AI_BASE_URL, AI_MODEL…).
 *
 * Grounding is the caller's job as much as the provider's: a provider only ever sees the passages
 * retrieval found, cites them by their 1-based number, and the caller (ai-service.ts) drops any
 * citation that is not one of them, and any sentence left without one.
 */

/** A retrieved passage: words of one article, where they are said. */
export interface RetrievedPassage {
  articleId: string;
  title: string;
  poster: string | null;
  publisher: { id: string; name: string; slug: string };
  publishedAt: string | null;
  language: string;
  field: AiPassageField;
  /** 0-based place of the passage within its field (the cue's index in the transcript). */
  position: number;
  startSecond: number;
  endSecond: number;
  text: string;
  /** Fused reciprocal-rank score: higher is better; comparable within one retrieval only. */
  score: number;
  /** Share (0–1) of the question's words this passage and its article's title say. */
  coverage: number;
}

/** A sentence of a provider's answer, citing passages by their 1-based number in the list given. */
export interface ProviderSentence {
  text: string;
  cites: number[];
}

export interface ProviderAnswer {
  /** false: the passages do not answer the question (the provider says so; nothing is invented). */
  found: boolean;
  sentences: ProviderSentence[];
}

/** A clip a provider picked for a playlist: a passage by 1-based number, and why. */
export interface ProviderClip {
  passage: number;
  reason: string;
}

export interface AnswerOptions {
  /** Called with each piece of the answer as it is written (streaming). */
  onDelta?: (text: string) => void;
  signal?: AbortSignal;
}

export interface CompletionRequest {
  /** What the model is and must do (e.g. "Translate into French. Keep the meaning."). */
  system: string;
  prompt: string;
  maxTokens?: number;
  /** 0 for faithful work (translation, summaries). */
  temperature?: number;
  signal?: AbortSignal;
}

export interface AiProvider {
  /** Stored with every result: "built-in" or "openai-compatible:<model>". */
  readonly name: string;
  /** true: answers are quoted from the passages, not written. */
  readonly extractive: boolean;
  /** Whether embed() works (an embedding model is configured). */
  readonly embeds: boolean;
  /** Whether complete() works (a chat model is configured). */
  readonly completes: boolean;
  /** An answer to `question` from `passages` only (numbered 1…n in the order given). */
  answer(question: string, passages: readonly RetrievedPassage[], options?: AnswerOptions): Promise<ProviderAnswer>;
  /** Clips (in playing order) that together cover `prompt`, chosen from `passages` only. */
  playlist(prompt: string, passages: readonly RetrievedPassage[], options?: AnswerOptions): Promise<ProviderClip[]>;
  /** One vector per text; only when `embeds`. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
  /** Free text for other work (summaries, translations); only when `completes`. */
  complete(request: CompletionRequest): Promise<string>;
}

/** The configured provider could not be reached or failed (timeouts and retries spent): a 503. */
export class AiProviderUnavailableError extends Error {
  constructor(
    readonly provider: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AiProviderUnavailableError';
  }
}

/** The work needs a model and none is configured (e.g. translation without AI_BASE_URL). */
export class AiProviderNotConfiguredError extends Error {
  constructor(what: string) {
    super(`No ${what} provider is configured (set AI_BASE_URL and AI_MODEL; README, "Settings")`);
    this.name = 'AiProviderNotConfiguredError';
  }
}

/** The AI settings of config.ts (AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_EMBEDDING_MODEL…). */
export interface AiSettings {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string | undefined;
  embeddingModel: string | undefined;
  /**
   * Cosine similarity (0–1) of the embeddings from which a passage answers a question by meaning
   * alone, when its words do not (AI_EMBEDDING_MIN_SIMILARITY); it depends on the model.
   */
  embeddingMinSimilarity: number;
  /** Per request to the provider, in milliseconds. */
  timeoutMs: number;
  /** Retries after a failed request (connection errors, 408, 429, 5xx). */
  maxRetries: number;
}

export interface AiProviders {
  /** The one answers come from: the configured provider, else the built-in one. */
  primary: AiProvider;
  /** Always there: answers when the configured provider is down, and says so. */
  builtIn: AiProvider;
}

export function createAiProviders(settings: AiSettings): AiProviders {
  const builtIn = createBuiltInProvider();
  if (!settings.baseUrl || (!settings.model && !settings.embeddingModel)) return { primary: builtIn, builtIn };
  return { primary: createOpenAiCompatibleProvider(settings, builtIn), builtIn };
}

const byConfig = new WeakMap<Config, AiProviders>();

/** The providers of one app (one instance per config, shared by the AI routes and the AI jobs). */
export function aiProvidersOf(config: Config): AiProviders {
  let providers = byConfig.get(config);
  if (!providers) {
    providers = createAiProviders(config.ai);
    byConfig.set(config, providers);
  }
  return providers;
}

export const BUILT_IN_NAME = AI_BUILT_IN_PROVIDER;
