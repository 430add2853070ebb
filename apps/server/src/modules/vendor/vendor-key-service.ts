import { API_KEY_DEFAULT_NAME, type VendorApiKey, type VendorApiKeyCreated } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import { createApiKeyRepository } from '../auth/api-keys';
import { createVendorKeyRepository } from './vendor-key-repository';

const NO_KEY = 'Your vendor has no API key with that id.';
/** The stored prefix: the first characters of a key (auth/api-keys.ts keeps `nr_` and six more). */
const PREFIX_LENGTH = 9;

/**
 * The vendor's own API keys (SPEC §7 "Vendor": api-keys; §3 "API key creation … name (default
 * 'Access Key')"). Every call names the caller's vendor, which the access layer resolved, so a
 * key id of another vendor is simply not found (404), never touched.
 */
export function createVendorKeyService(db: Kysely<Database>) {
  const keys = createVendorKeyRepository(db);
  const apiKeys = createApiKeyRepository(db);

  function nameOf(name: string | undefined): string {
    const trimmed = (name ?? API_KEY_DEFAULT_NAME).trim();
    if (!trimmed) throw badRequest('body.name must hold more than spaces, or be left out for “Access Key”.');
    return trimmed;
  }

  return {
    /** `key`: a prefix, or the start of a key (its schema asks for 9 characters at least); only those are compared. */
    async list(vendorId: string, key?: string): Promise<VendorApiKey[]> {
      return keys.list(vendorId, key?.slice(0, PREFIX_LENGTH));
    },

    /** A new key of the vendor; the answer holds the key itself, this once (only its hash is kept). */
    async create(vendorId: string, name: string | undefined): Promise<VendorApiKeyCreated> {
      const made = await apiKeys.create({ vendorId }, nameOf(name));
      return { ...(await keys.get(vendorId, made.id))!, key: made.key };
    },

    /** Revokes the key (revoking a revoked key changes nothing); its tokens stop on their next request. */
    async revoke(vendorId: string, id: string): Promise<void> {
      if (!(await keys.get(vendorId, id))) throw notFound(NO_KEY);
      await keys.revoke(vendorId, id);
    },

    /**
     * A new secret for a live key: a new key with the same name replaces it, and the old one is
     * revoked in the same transaction, so the old secret and every token made with it stop at once.
     */
    async rotate(vendorId: string, id: string): Promise<VendorApiKeyCreated> {
      return db.transaction().execute(async (trx) => {
        const old = await keys.get(vendorId, id, trx, true);
        if (!old) throw notFound(NO_KEY);
        if (old.revokedAt) throw conflict('That key is revoked, so it cannot be rotated: create a new key instead.');
        await keys.revoke(vendorId, id, trx);
        const made = await apiKeys.create({ vendorId }, old.name, trx);
        return { ...(await keys.get(vendorId, made.id, trx))!, key: made.key };
      });
    },
  };
}
