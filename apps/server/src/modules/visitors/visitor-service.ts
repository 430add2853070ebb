import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  AGE_MAX,
  VISITOR_EXTRA_MAX_BYTES,
  VISITOR_FREE_FIELD_PATTERN,
  VISITOR_SERVER_FIELDS,
  ageBracketRange,
  type Visitor,
  type VisitorCreateBody,
  type VisitorDetection,
  type VisitorMetaChange,
  type VisitorUpdateBody,
} from '@newsreel/contracts';
import { badRequest, forbidden, notFound, unauthorized } from '../../http/errors';
import type { GeoService } from '../geo/geo-service';
import { detectDevice } from './device';
import { ExtraTooLargeError, type ObjectChange, type VisitorRepository } from './visitor-repository';

/** Who is calling: the signed-in user the access token names (null without one), their address and headers. */
export interface VisitorCaller {
  userId: string | null;
  ip: string;
  headers: IncomingHttpHeaders;
}

const NO_VISITOR = 'There is no visitor with that id. Create it with POST /v1/visitors (the same id may be sent).';
const serverFields = new Set<string>(VISITOR_SERVER_FIELDS);

/** `{ a: 1, b: null }` → set a, remove b. */
function changeOf(fields: Record<string, unknown>): ObjectChange {
  const change: ObjectChange = { set: {}, remove: [] };
  for (const [key, value] of Object.entries(fields)) {
    if (value === null) change.remove.push(key);
    else if (value !== undefined) change.set[key] = value;
  }
  return change;
}

/**
 * The user a visitor may be linked to: the caller's own, from the access token. A userId in the
 * body must be that one; without a token none may be sent, so no one links a visitor to someone else.
 */
function userIdFor(bodyUserId: string | undefined, caller: VisitorCaller): string | undefined {
  if (caller.userId === null) {
    if (bodyUserId !== undefined) throw unauthorized('Sign in to link this visitor to your account: the user comes from your access token, not from body.userId.');
    return undefined;
  }
  if (bodyUserId !== undefined && bodyUserId.toLowerCase() !== caller.userId.toLowerCase()) {
    throw forbidden('body.userId must be your own user id (the signed-in user’s); leave it out to link the visitor to you.');
  }
  return caller.userId;
}

/** Meta as PUT sends it, with the checks a schema cannot make. */
function metaChangeOf(meta: VisitorMetaChange | undefined): ObjectChange {
  if (typeof meta?.ageBracket === 'string' && !ageBracketRange(meta.ageBracket)) {
    throw badRequest(`body.meta.ageBracket must be a range of ages from 0 to ${AGE_MAX} whose first is lower, e.g. "18-24", "under-18" or "65+"`);
  }
  return changeOf(meta ?? {});
}

/** The free fields of a PUT: any name but the server's own, each a letter then letters, digits or "_". */
function extraChangeOf(free: Record<string, unknown>): ObjectChange {
  for (const name of Object.keys(free)) {
    if (serverFields.has(name)) throw badRequest(`body.${name} is set by the server, not by the caller; leave it out.`);
    if (!VISITOR_FREE_FIELD_PATTERN.test(name)) {
      throw badRequest(`body[${JSON.stringify(name.slice(0, 80))}] is not a name a free field can have: a letter, then letters, digits or "_", at most 64 characters.`);
    }
  }
  return changeOf(free);
}

export interface VisitorServiceDeps {
  visitors: VisitorRepository;
  geo: GeoService;
}

/** The rules of visitors: what is detected of the caller, who may link a visitor to a user, what PUT may change. */
export function createVisitorService({ visitors, geo }: VisitorServiceDeps) {
  /** What the server sees of the caller now: device, place, region and address. */
  function detect(caller: VisitorCaller): VisitorDetection {
    const { label, countryCode, countryName, city, lat, lon, regionId } = geo.detectLocation(caller.ip);
    return {
      device: detectDevice(caller.headers),
      location: lat !== null && lon !== null ? { label, countryCode, countryName, city, lat, lon } : null,
      regionId,
      ipAddress: caller.ip,
    };
  }

  return {
    detect,

    /** A new visitor (created: true), or the one that already has the id asked for, unchanged. */
    async create(body: VisitorCreateBody, caller: VisitorCaller): Promise<{ visitor: Visitor; created: boolean }> {
      const userId = userIdFor(body.userId, caller) ?? null;
      const id = body.id ?? randomUUID();
      const created = await visitors.insert({ id, userId, screenWidth: body.screenWidth, screenHeight: body.screenHeight, ...detect(caller) });
      if (created) return { visitor: created, created: true };
      // Two creates of one id (a retry, two tabs): the second is answered the first's visitor.
      const existing = await visitors.find(id);
      if (!existing) throw new Error(`visitor ${id} neither inserted nor found`);
      return { visitor: existing, created: false };
    },

    /**
     * An anonymous visitor is read with its id alone, which only its browser knows; one linked to
     * an account holds that person's address, email and phone, so only they read it, signed in.
     */
    async get(id: string, caller: VisitorCaller): Promise<Visitor> {
      const visitor = await visitors.find(id);
      if (!visitor) throw notFound(NO_VISITOR);
      if (visitor.userId && visitor.userId.toLowerCase() !== caller.userId?.toLowerCase()) {
        throw forbidden('This visitor belongs to an account: sign in as that account to read it.');
      }
      return visitor;
    },

    /** Applies a PUT, detecting the caller anew: what the body leaves out stays as it is. */
    async update(id: string, body: VisitorUpdateBody, caller: VisitorCaller): Promise<Visitor> {
      const { userId: bodyUserId, screenWidth, screenHeight, meta, ...free } = body;
      const userId = userIdFor(bodyUserId, caller);
      const metaChange = metaChangeOf(meta);
      if (userId !== undefined) {
        // Another person signing in on this browser takes the visitor over: what the one before
        // told about themselves (email, phone, year of birth…) is not handed to them.
        const current = await visitors.find(id);
        if (current?.userId && current.userId.toLowerCase() !== userId.toLowerCase()) {
          for (const field of Object.keys(current.meta)) if (!(field in metaChange.set)) metaChange.remove.push(field);
        }
      }
      const change = { userId, screenWidth, screenHeight, meta: metaChange, extra: extraChangeOf(free), ...detect(caller) };
      try {
        const visitor = await visitors.update(id, change);
        if (!visitor) throw notFound(NO_VISITOR);
        return visitor;
      } catch (error) {
        if (!(error instanceof ExtraTooLargeError)) throw error;
        throw badRequest(
          `The free fields of this visitor would take more than ${VISITOR_EXTRA_MAX_BYTES} bytes of JSON together; nothing was changed. Send fewer or shorter ones, or remove some with null.`,
        );
      }
    },
  };
}

export type VisitorService = ReturnType<typeof createVisitorService>;
