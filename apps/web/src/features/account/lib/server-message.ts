import { serverMessageOf } from '../../../lib/errors';

/**
 * The server's message for a person: the field it names (`body.password: That password is …`)
 * is for programs, and the form already shows which field is which.
 */
export function messageOf(error: unknown): string | undefined {
  return serverMessageOf(error)?.replace(/^body\.\w+:\s*/, '');
}
