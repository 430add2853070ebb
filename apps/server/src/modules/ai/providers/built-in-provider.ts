import { AI_BUILT_IN_PROVIDER } from '@newsreel/contracts';
import {
  AiProviderNotConfiguredError,
  type AiProvider,
  type ProviderAnswer,
  type ProviderClip,
  type RetrievedPassage,
} from './ai-provider';

/** Sentences in a built-in answer, at most. */
export const BUILT_IN_ANSWER_SENTENCES = 3;
/** Clips in a built-in playlist, at most. */
export const BUILT_IN_PLAYLIST_CLIPS = 8;

/**
 * A further passage joins the answer only when it says as much of the question as the best one
 * and ranks close to it, so the answer stays on what was asked (citation precision).
 */
const SUPPORT_SCORE_SHARE = 0.6;

const normalise = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/**
 * The built-in provider: no key, no network, deterministic. It answers with the words of the
 * best passages themselves (an extractive answer, and it says so: `extractive`), each sentence
 * citing the passage it quotes. Retrieval has already kept only relevant passages; with none,
 * the answer is "not found", never an invented one.
 */
export function createBuiltInProvider(): AiProvider {
  return {
    name: AI_BUILT_IN_PROVIDER,
    extractive: true,
    embeds: false,
    completes: false,

    answer(_question, passages, options): Promise<ProviderAnswer> {
      const [best] = passages;
      if (!best) return Promise.resolve({ found: false, sentences: [] });
      const chosen: number[] = [0];
      const seen = new Set([normalise(best.text)]);
      for (let index = 1; index < passages.length && chosen.length < BUILT_IN_ANSWER_SENTENCES; index++) {
        const passage = passages[index]!;
        if (passage.coverage < best.coverage || passage.score < best.score * SUPPORT_SCORE_SHARE) continue;
        const key = normalise(passage.text);
        if (seen.has(key)) continue;
        seen.add(key);
        chosen.push(index);
      }
      // Said in the order of the videos: the best passage first, then the rest as they come.
      const sentences = chosen.map((index) => ({ text: passages[index]!.text.trim(), cites: [index + 1] }));
      for (const sentence of sentences) options?.onDelta?.(`${sentence.text} `);
      return Promise.resolve({ found: true, sentences });
    },

    playlist(_prompt, passages, options): Promise<ProviderClip[]> {
      const [best] = passages;
      if (!best) return Promise.resolve([]);
      // One clip per article, from its best passage, in the order of relevance.
      const clips: ProviderClip[] = [];
      const articles = new Set<string>();
      for (let index = 0; index < passages.length && clips.length < BUILT_IN_PLAYLIST_CLIPS; index++) {
        const passage = passages[index]!;
        if (articles.has(passage.articleId)) continue;
        if (passage.score < best.score * SUPPORT_SCORE_SHARE * 0.5) break;
        articles.add(passage.articleId);
        clips.push({ passage: index + 1, reason: reasonOf(passage) });
        options?.onDelta?.(`${passage.title}\n`);
      }
      return Promise.resolve(clips);
    },

    embed() {
      return Promise.reject(new AiProviderNotConfiguredError('embedding'));
    },

    complete() {
      return Promise.reject(new AiProviderNotConfiguredError('AI model'));
    },
  };
}

/** Why a clip is there, in the narrator's words: the passage it starts at. */
function reasonOf(passage: RetrievedPassage): string {
  const text = passage.text.trim();
  return text.length > 200 ? `${text.slice(0, 199).trimEnd()}…` : text;
}
