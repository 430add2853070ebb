import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What an asset is: its declared type and name, and where its bytes are (uploaded_at null: not yet). */
const STORED = ['file_type', 'file_name', 'storage_key', 'uploaded_at'] as const;

/** Polls' image and video files (migration 0010): what was declared, and where its bytes are. */
export function createPollAssetRepository(db: Kysely<Database>) {
  return {
    async get(pollId: string, fileName: string) {
      return db.selectFrom('poll_assets').selectAll().where('poll_id', '=', pollId).where('file_name', '=', fileName).executeTakeFirst();
    },
    /** Declares the file (again): a new storage key, not uploaded yet; the asset it replaces, if any. */
    async declare(pollId: string, fileType: string, fileName: string, storageKey: string) {
      const previous = await db
        .deleteFrom('poll_assets')
        .where('poll_id', '=', pollId)
        .where('file_name', '=', fileName)
        .returning(STORED)
        .executeTakeFirst();
      await db.insertInto('poll_assets').values({ poll_id: pollId, file_type: fileType, file_name: fileName, storage_key: storageKey }).execute();
      return previous;
    },
    /** Points the asset at its uploaded file (`from` is the key it had, so a re-declared one is left alone). */
    async setFile(pollId: string, fileName: string, from: string, to: string, size: number): Promise<boolean> {
      const row = await db
        .updateTable('poll_assets')
        .set({ storage_key: to, size_bytes: size, uploaded_at: sql<Date>`now()` })
        .where('poll_id', '=', pollId)
        .where('file_name', '=', fileName)
        .where('storage_key', '=', from)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
    async remove(pollId: string, fileName: string) {
      return db
        .deleteFrom('poll_assets')
        .where('poll_id', '=', pollId)
        .where('file_name', '=', fileName)
        .returning(STORED)
        .executeTakeFirst();
    },
  };
}

export type PollAssetRepository = ReturnType<typeof createPollAssetRepository>;
