import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export function createPlaylistRepository(db: Kysely<Database>) {
  return {
    async byId(id: string) {
      return db
        .selectFrom('playlists')
        .select(['id', 'external_id as externalId', 'name', 'description'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}
