import { randomUUID } from 'node:crypto';
import {
  PUBLISHER_COLOURS,
  PUBLISHER_IMAGE_FILE_TYPES,
  PUBLISHER_IMAGE_MAX_BYTES,
  PUBLISHER_IMAGES,
  isColour,
  type ManagedPublisher,
  type ManagePublisherBrandingBody,
  type ManagePublisherSettingsBody,
  type PublisherImage,
  type PublisherImageFileType,
  type PublisherImageKind,
  manageApiPaths,
} from '@newsreel/contracts';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError, badRequest, conflict, notFound, serviceUnavailable } from '../../http/errors';
import type { MediaStore } from '../../integrations/storage/media-store';
import { recordAudit, type AuditActor } from '../audit/audit-log';
import { FILE_EXTENSIONS, sniffFileType } from '../polls/asset-sniff';
import { PUBLISHER_COLUMNS, publisherOf } from '../publishers/publisher-repository';

const NO_PUBLISHER = 'There is no publisher with that id.';
const RESOURCE = 'publisher';
const COLOUR_RULE = 'must be a colour in hex (#0a84ff), rgb(), rgba(), hsl(), hsla() or color() notation';
const IMAGE_COLUMN = { logo: 'logo_url', banner: 'banner_url' } as const;

type Db = Kysely<Database>;
interface AssetRow {
  kind: PublisherImageKind;
  file_type: string;
  file_name: string;
  storage_key: string;
  uploaded_at: Date | null;
  served_key: string | null;
}

/** A caller's media type without its parameters, in lower case. */
const mediaTypeOf = (header: string | undefined) => (header ?? '').split(';')[0]!.trim().toLowerCase();
/** A new key for a logo or banner file: never reused, so its URL can be cached for good. */
const keyOf = (publisherId: string, kind: PublisherImageKind, fileType: PublisherImageFileType) =>
  `publishers/${publisherId}/${kind}-${randomUUID()}.${FILE_EXTENSIONS[fileType]}`;

/** SPEC §5's colour rule on the colours of a branding change; the 400 names the field. */
function checkColours(body: ManagePublisherBrandingBody): void {
  for (const name of PUBLISHER_COLOURS) {
    const value = body[name];
    if (typeof value === 'string' && !isColour(value)) throw badRequest(`body.${name} ${COLOUR_RULE}; "${value.slice(0, 40)}" is not one.`);
  }
}

export interface PublisherSettingsServiceDeps {
  db: Db;
  media: MediaStore;
  /** Called after every committed change, so the public reads (publisher page, cards, articles) show it. */
  changed: () => void;
}

/**
 * A publisher's own settings and branding (SPEC §7 "Publisher management"), for its admins. Each
 * change runs in one transaction holding the publisher's row and is recorded in the audit log
 * (resource publisher) as its user's; the public answers are forgotten after the commit. A logo or
 * banner is declared with the branding and its bytes PUT to its uploadUrl (checked to be the
 * declared image type by their first bytes); the old file is shown until the new one is uploaded.
 */
export function createPublisherSettingsService({ db, media, changed }: PublisherSettingsServiceDeps) {
  const imageOf = (publisherId: string, row: AssetRow): PublisherImage => ({
    fileType: row.file_type as PublisherImageFileType,
    fileName: row.file_name,
    url: row.uploaded_at ? media.url(row.storage_key) : null,
    uploadUrl: manageApiPaths.publisherImage(publisherId, row.kind),
  });

  async function managed(trx: Db, id: string, lock = false): Promise<ManagedPublisher | undefined> {
    let query = trx.selectFrom('publishers').select([...PUBLISHER_COLUMNS, 'updated_at']).where('id', '=', id);
    if (lock) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (!row) return undefined;
    const assets = await trx
      .selectFrom('publisher_assets')
      .select(['kind', 'file_type', 'file_name', 'storage_key', 'uploaded_at', 'served_key'])
      .where('publisher_id', '=', id)
      .execute();
    const asset = (kind: PublisherImageKind) => {
      const found = assets.find((a) => a.kind === kind);
      return found ? imageOf(id, found) : null;
    };
    return { ...publisherOf(row), assets: { logo: asset('logo'), banner: asset('banner') }, updatedAt: new Date(row.updated_at).toISOString() };
  }

  /** Runs `work` on the locked publisher, records before and after as `action`, and answers the after. */
  async function write(actor: AuditActor, id: string, action: string, work: (trx: Db, before: ManagedPublisher) => Promise<void>) {
    const after = await db.transaction().execute(async (trx) => {
      const before = await managed(trx, id, true);
      if (!before) throw notFound(NO_PUBLISHER);
      await work(trx, before);
      await trx.updateTable('publishers').set({ updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
      const changedPublisher = (await managed(trx, id))!;
      await recordAudit(trx, { actor, action, resource: RESOURCE, resourceId: id, before, after: changedPublisher });
      return changedPublisher;
    });
    changed();
    return after;
  }

  return {
    async get(id: string): Promise<ManagedPublisher> {
      const found = await managed(db, id);
      if (!found) throw notFound(NO_PUBLISHER);
      return found;
    },

    updateSettings(actor: AuditActor, id: string, body: ManagePublisherSettingsBody): Promise<ManagedPublisher> {
      if (body.name !== undefined && body.name.trim() === '') throw badRequest('body.name must not be blank.');
      return write(actor, id, 'update-settings', async (trx) => {
        await trx
          .updateTable('publishers')
          .set({
            ...(body.name !== undefined ? { name: body.name.trim() } : {}),
            ...(body.description !== undefined ? { description: body.description.trim() } : {}),
            ...(body.website !== undefined ? { website: body.website } : {}),
            ...(body.defaultLanguage !== undefined ? { default_language: body.defaultLanguage } : {}),
            ...(body.defaultRegionId !== undefined ? { default_region_id: body.defaultRegionId } : {}),
          })
          .where('id', '=', id)
          .execute();
      });
    },

    /** Colours set or removed; a logo or banner declared (its bytes to come) or removed. */
    async updateBranding(actor: AuditActor, id: string, body: ManagePublisherBrandingBody): Promise<ManagedPublisher> {
      checkColours(body);
      const unused: string[] = [];
      const after = await write(actor, id, 'update-branding', async (trx, before) => {
        const branding = { ...before.branding };
        for (const name of PUBLISHER_COLOURS) {
          const value = body[name];
          if (value === null) delete branding[name];
          else if (value !== undefined) branding[name] = value.trim();
        }
        const changes: { branding: string; logo_url?: null; banner_url?: null } = { branding: JSON.stringify(branding) };
        for (const kind of PUBLISHER_IMAGES) {
          const declared = body[kind];
          if (declared === undefined) continue;
          const previous = await trx.deleteFrom('publisher_assets').where('publisher_id', '=', id).where('kind', '=', kind).returning(['served_key']).executeTakeFirst();
          if (declared === null) {
            // Removed: nothing is shown, and its file goes once this commits.
            changes[IMAGE_COLUMN[kind]] = null;
            if (previous?.served_key) unused.push(previous.served_key);
            continue;
          }
          await trx
            .insertInto('publisher_assets')
            .values({
              publisher_id: id,
              kind,
              file_type: declared.fileType,
              file_name: declared.fileName,
              storage_key: keyOf(id, kind, declared.fileType),
              served_key: previous?.served_key ?? null,
            })
            .execute();
        }
        await trx.updateTable('publishers').set(changes).where('id', '=', id).execute();
      });
      for (const key of unused) await media.delete(key);
      return after;
    },

    /** Stores a declared logo's or banner's bytes, once they are the declared image type; it is shown at once. */
    async uploadImage(actor: AuditActor, id: string, kind: PublisherImageKind, contentType: string | undefined, bytes: unknown): Promise<ManagedPublisher> {
      const asset = await db.selectFrom('publisher_assets').selectAll().where('publisher_id', '=', id).where('kind', '=', kind).executeTakeFirst();
      if (!asset) {
        const exists = await db.selectFrom('publishers').select('id').where('id', '=', id).executeTakeFirst();
        if (!exists) throw notFound(NO_PUBLISHER);
        throw notFound(`This publisher has no ${kind} declared; declare it first with PUT ${manageApiPaths.publisherBranding(id)} {"${kind}": {"fileType", "fileName"}}.`);
      }
      const declared = asset.file_type as PublisherImageFileType;
      if (mediaTypeOf(contentType) !== declared || !Buffer.isBuffer(bytes)) {
        throw new HttpError(415, `Send the ${kind}'s bytes with Content-Type: ${declared}, the type it was declared with.`);
      }
      if (bytes.length === 0) throw badRequest(`The body is empty: send the ${kind}'s bytes.`);
      if (bytes.length > PUBLISHER_IMAGE_MAX_BYTES) throw new HttpError(413, `A ${kind} may be at most ${PUBLISHER_IMAGE_MAX_BYTES / 1024 / 1024} MB; nothing was stored.`);
      const sniffed = sniffFileType(bytes);
      if (sniffed !== declared) {
        const accepted = PUBLISHER_IMAGE_FILE_TYPES.join(', ');
        throw new HttpError(415, `The file is not ${declared}${sniffed ? ` (its bytes are ${sniffed})` : ` (its bytes are none of ${accepted})`}; nothing was stored.`);
      }
      const key = keyOf(id, kind, declared);
      try {
        await media.put(key, bytes, declared);
      } catch {
        throw serviceUnavailable(`The media store cannot take the ${kind} right now; nothing was stored. Try again in a minute.`, 60);
      }
      let replaced: string | null = null;
      try {
        const after = await write(actor, id, `upload-${kind}`, async (trx) => {
          const stored = await trx
            .updateTable('publisher_assets')
            .set({ storage_key: key, size_bytes: bytes.length, uploaded_at: sql<Date>`now()`, served_key: key })
            .where('publisher_id', '=', id)
            .where('kind', '=', kind)
            .where('storage_key', '=', asset.storage_key)
            .returning('kind')
            .executeTakeFirst();
          if (!stored) throw conflict(`The ${kind} was declared again or removed while its bytes were being uploaded; nothing was stored.`);
          await trx.updateTable('publishers').set({ [IMAGE_COLUMN[kind]]: media.url(key) }).where('id', '=', id).execute();
          replaced = asset.served_key;
        });
        if (replaced && replaced !== key) await media.delete(replaced);
        return after;
      } catch (error) {
        await media.delete(key);
        throw error;
      }
    },
  };
}

export type PublisherSettingsService = ReturnType<typeof createPublisherSettingsService>;
