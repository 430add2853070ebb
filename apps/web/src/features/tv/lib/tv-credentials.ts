import { isRecord, slotOf, type StorageSlot } from '../../../lib/storage';

/** What this screen keeps of its registration: its device id and the secret only it holds. */
export interface TvCredentials {
  id: string;
  secret: string;
}

/** The web's own item, named in STORAGE_KEYS' style (SPEC §3 names none for the TV app). */
export const TV_CREDENTIALS_KEY = 'newsreel.tvDevice';

/** Kept in browser storage, so a reload stays paired; a storage failure only means pairing again. */
export const tvCredentials: StorageSlot<TvCredentials> = slotOf(
  TV_CREDENTIALS_KEY,
  (value): value is TvCredentials => isRecord(value) && typeof value.id === 'string' && value.id.length > 0 && typeof value.secret === 'string' && value.secret.length > 0,
);
