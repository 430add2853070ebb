import { publicAnswers } from '../../http/response-cache';

/** The public reads a story shows in: the stories list, the story and its articles, and search. */
export const READS_OF_STORIES = ['/v1/stories', '/v1/search'];
export const STORY_CACHES = ['public answers'] as const;

/**
 * Forgets this process's public answers that may show a story (after any change of it, its
 * articles or its assets); answers the caches it was purged from. Other processes' copies expire
 * by themselves (docs/architecture.md, "Caching").
 */
export function purgeStoryCaches(database: object): string[] {
  publicAnswers(database).forget(...READS_OF_STORIES);
  return [...STORY_CACHES];
}
