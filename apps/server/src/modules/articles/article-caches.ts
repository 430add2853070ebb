import { publicAnswers } from '../../http/response-cache';
import { ogImageCacheOf } from './og-image';

/**
 * The public reads an article can appear in: the article itself and its transcript, every article
 * list, search, stories and playlists (their answers are kept for 1 to 10 s; which lists hold the
 * article is not known without reading them, and forgetting them all costs one database read each).
 */
export const READS_OF_ARTICLES = ['/v1/articles', '/v1/search', '/v1/stories', '/v1/playlists', '/v1/publishers'];

export const ARTICLE_CACHES = ['public answers', 'preview images'] as const;

/**
 * Forgets an article everywhere this server process keeps it: the micro-cache of public answers
 * (http/response-cache.ts) and its drawn preview image (og-image.ts). Called after every change
 * of an article's state or fields, so a change shows in this process at once; other processes'
 * copies expire by themselves (10 s at most), and browsers and CDNs revalidate after their
 * max-age (30 s). Answers the caches it was purged from.
 */
export function purgeArticleCaches(database: object, articleId: string): string[] {
  publicAnswers(database).forget(...READS_OF_ARTICLES);
  ogImageCacheOf(database).forget(articleId);
  return [...ARTICLE_CACHES];
}
