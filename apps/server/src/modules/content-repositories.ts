import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createArticleRepository } from './articles/article-repository';
import { createInteractionRepository } from './articles/interaction-repository';
import { createCategoryRepository } from './categories/category-repository';
import { createDeviceRepository } from './devices/device-repository';
import { createPlaylistRepository } from './playlists/playlist-repository';
import { createPublisherRepository } from './publishers/publisher-repository';
import { createScoreRepository } from './scores/score-repository';
import { createStoryRepository } from './stories/story-repository';

/** The data access of the content and reader domains, built once per app. */
export function createContentRepositories(db: Kysely<Database>) {
  return {
    articles: createArticleRepository(db),
    interactions: createInteractionRepository(db),
    categories: createCategoryRepository(db),
    publishers: createPublisherRepository(db),
    stories: createStoryRepository(db),
    playlists: createPlaylistRepository(db),
    scores: createScoreRepository(db),
    devices: createDeviceRepository(db),
  };
}
export type ContentRepositories = ReturnType<typeof createContentRepositories>;
