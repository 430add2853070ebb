import type { Visitor, VisitorDevice, VisitorLocation, VisitorMeta } from '@newsreel/contracts';
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, VisitorsTable } from '../../db/schema';

/** What the server detected of the caller, written at every create and update. */
export interface DetectedPart {
  regionId: number;
  ipAddress: string;
  device: VisitorDevice;
  location: VisitorLocation | null;
}

export interface NewVisitor extends DetectedPart {
  id: string;
  userId: string | null;
  screenWidth: number;
  screenHeight: number;
}

/** A JSON object's keys to set (a value) or remove (null), as PUT's meta and free fields say. */
export interface ObjectChange {
  set: Record<string, unknown>;
  remove: string[];
}

export interface VisitorChange extends DetectedPart {
  /** Left out: the visitor keeps its user. */
  userId?: string;
  screenWidth?: number;
  screenHeight?: number;
  meta: ObjectChange;
  extra: ObjectChange;
}

/** The free fields would pass their bound (the table's visitors_extra_size check). */
export class ExtraTooLargeError extends Error {
  constructor() {
    super('visitor extra fields too large');
    this.name = 'ExtraTooLargeError';
  }
}

const isExtraSizeViolation = (error: unknown) =>
  error instanceof Error &&
  (error as { code?: unknown }).code === '23514' &&
  ((error as { constraint?: unknown }).constraint === 'visitors_extra_size' || error.message.includes('visitors_extra_size'));

function toVisitor(row: Selectable<VisitorsTable>): Visitor {
  return {
    id: row.id,
    ...(row.user_id ? { userId: row.user_id } : {}),
    regionId: row.region_id,
    ipAddress: row.ip_address,
    updatedAt: new Date(row.updated_at).toISOString(),
    screenWidth: row.screen_width,
    screenHeight: row.screen_height,
    device: row.device as VisitorDevice,
    location: (row.location as VisitorLocation | null) ?? null,
    meta: row.meta as VisitorMeta,
    extra: row.extra as Record<string, unknown>,
  };
}

/** `column || set - remove`: one statement, so two changes at once both land. */
const merged = (column: 'meta' | 'extra', change: ObjectChange) =>
  sql<string>`(${sql.ref(column)} || ${JSON.stringify(change.set)}::jsonb) - ${change.remove}::text[]`;

/** Visitors (migration 0015). */
export function createVisitorRepository(db: Kysely<Database>) {
  return {
    /** Stores a new visitor; undefined when one with that id exists already (left as it is). */
    async insert(visitor: NewVisitor): Promise<Visitor | undefined> {
      const row = await db
        .insertInto('visitors')
        .values({
          id: visitor.id,
          user_id: visitor.userId,
          region_id: visitor.regionId,
          ip_address: visitor.ipAddress,
          screen_width: visitor.screenWidth,
          screen_height: visitor.screenHeight,
          device: JSON.stringify(visitor.device),
          location: visitor.location ? JSON.stringify(visitor.location) : null,
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returningAll()
        .executeTakeFirst();
      return row && toVisitor(row);
    },

    async find(id: string): Promise<Visitor | undefined> {
      const row = await db.selectFrom('visitors').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toVisitor(row);
    },

    /**
     * Applies a change to a visitor and answers it as it is now; undefined when there is no such
     * visitor. Throws ExtraTooLargeError, changing nothing, when the free fields would pass their bound.
     */
    async update(id: string, change: VisitorChange): Promise<Visitor | undefined> {
      try {
        const row = await db
          .updateTable('visitors')
          .set({
            ...(change.userId !== undefined ? { user_id: change.userId } : {}),
            ...(change.screenWidth !== undefined ? { screen_width: change.screenWidth } : {}),
            ...(change.screenHeight !== undefined ? { screen_height: change.screenHeight } : {}),
            region_id: change.regionId,
            ip_address: change.ipAddress,
            device: JSON.stringify(change.device),
            location: change.location ? JSON.stringify(change.location) : null,
            meta: merged('meta', change.meta),
            extra: merged('extra', change.extra),
            updated_at: sql<Date>`now()`,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        return row && toVisitor(row);
      } catch (error) {
        if (isExtraSizeViolation(error)) throw new ExtraTooLargeError();
        throw error;
      }
    },
  };
}

export type VisitorRepository = ReturnType<typeof createVisitorRepository>;
