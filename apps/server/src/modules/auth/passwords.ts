import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hash, verify, type Algorithm } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, type ErrorCode } from '@newsreel/contracts';

/**
 * argon2id with OWASP's recommended minimum (Password Storage Cheat Sheet): 19 MiB of memory,
 * 2 iterations, 1 lane. About 20–40 ms on this project's 2-core machines.
 */
// 2 is Algorithm.Argon2id, a const enum that cannot be read under verbatimModuleSyntax.
const ARGON2_OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const COMMON_PASSWORDS = new Set(
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '../users/common-passwords.txt'), 'utf8')
    .split('\n')
    .filter((line) => line && !line.startsWith('#')),
);

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password and for a stored hash that is not argon2 (never throws on those). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of nothing anyone knows, checked when there is no account for an email, so a sign-in
 * takes as long whether or not the account exists.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
}

export interface PasswordProblem {
  code: ErrorCode;
  /** A sentence for the person choosing it. */
  message: string;
}

/** Why a new password cannot be used; null when it can. */
export function passwordProblem(password: string, email?: string): PasswordProblem | null {
  if (password.length < PASSWORD_MIN_LENGTH) return { code: 'PASSWORD_TOO_SHORT', message: `Choose a password of at least ${PASSWORD_MIN_LENGTH} characters.` };
  if (password.length > PASSWORD_MAX_LENGTH) return { code: 'PASSWORD_TOO_SHORT', message: `Choose a password of at most ${PASSWORD_MAX_LENGTH} characters.` };
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return { code: 'PASSWORD_TOO_COMMON', message: 'That password is one of the most commonly used, so it is easy to guess. Choose another.' };
  if (email && lower === email.toLowerCase()) return { code: 'PASSWORD_IS_EMAIL', message: 'Choose a password that is not your email address.' };
  if (new Set(password).size < 3) return { code: 'PASSWORD_TOO_SIMPLE', message: 'That password repeats too few characters to be safe. Choose another.' };
  return null;
}
