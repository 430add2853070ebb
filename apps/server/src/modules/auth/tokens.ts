import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ACCESS_TOKEN_TTL_SECONDS } from '@newsreel/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config';

/**
 * What an access token says. `scope` is what it opens: `user` the reader's own routes and the
 * publisher studio, `admin` /v1/admin (POST /v1/auth/admin), `vendor` /v1/vendor (POST
 * /v1/auth/vendor). The role behind it is read from the database on every request, so a token
 * never outlives a suspension or a role taken away.
 */
export type AccessClaims =
  | { scope: 'user'; userId: string }
  | { scope: 'admin'; userId: string }
  | { scope: 'vendor'; apiKeyId: string };

const ISSUER = 'newsreel';
const AUDIENCE = 'newsreel';
/** The one algorithm accepted: `alg: none` and swaps to another algorithm fail verification. */
const ALGORITHM = 'HS256';
const KEY_FILE = 'secrets/jwt-signing-key';

export class InvalidTokenError extends Error {
  constructor(readonly expired: boolean) {
    super(expired ? 'The access token has expired.' : 'The access token is not valid.');
    this.name = 'InvalidTokenError';
  }
}

/**
 * The signing key: JWT_SECRET when set (several servers must share it; production requires it),
 * otherwise 32 random bytes generated once into DATA_DIR, so the embedded default keeps its
 * sessions across restarts. Tests without either get a key of their own per process.
 */
export async function loadSigningKey(config: Pick<Config, 'jwtSecret' | 'dataDir' | 'nodeEnv'>): Promise<Uint8Array> {
  if (config.jwtSecret) return new TextEncoder().encode(config.jwtSecret);
  if (config.nodeEnv === 'test') return randomBytes(32);
  const file = path.join(config.dataDir, KEY_FILE);
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // 'wx': if another process made the key meanwhile, keep theirs.
  await writeFile(file, key.toString('base64url'), { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
}

export interface TokenService {
  issue(claims: AccessClaims, ttlSeconds?: number): Promise<{ accessToken: string; expiresIn: number }>;
  /** The claims of a valid token; InvalidTokenError otherwise. */
  verify(token: string): Promise<AccessClaims>;
}

export function createTokenService(key: Uint8Array, defaultTtlSeconds = ACCESS_TOKEN_TTL_SECONDS): TokenService {
  return {
    async issue(claims, ttlSeconds = defaultTtlSeconds) {
      const subject = claims.scope === 'vendor' ? claims.apiKeyId : claims.userId;
      const accessToken = await new SignJWT({ scope: claims.scope })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(subject)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
      return { accessToken, expiresIn: ttlSeconds };
    },

    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], issuer: ISSUER, audience: AUDIENCE });
        const subject = payload.sub;
        if (typeof subject !== 'string' || !/^[0-9a-f-]{36}$/.test(subject)) throw new InvalidTokenError(false);
        if (payload.scope === 'user' || payload.scope === 'admin') return { scope: payload.scope, userId: subject };
        if (payload.scope === 'vendor') return { scope: 'vendor', apiKeyId: subject };
        throw new InvalidTokenError(false);
      } catch (error) {
        if (error instanceof InvalidTokenError) throw error;
        throw new InvalidTokenError(error instanceof joseErrors.JWTExpired);
      }
    },
  };
}
