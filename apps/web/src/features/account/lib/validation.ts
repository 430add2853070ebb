import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@newsreel/contracts';

/** The check contracts' EmailSchema makes: one @, something on each side, a dot in the domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FieldProblem = 'required' | 'email' | 'passwordLength' | 'passwordMismatch';

export function emailProblem(email: string): FieldProblem | undefined {
  if (!email.trim()) return 'required';
  return EMAIL.test(email.trim()) ? undefined : 'email';
}

/** A new password: as long as the API asks (PASSWORD_MIN_LENGTH); whether it is too common only the API knows. */
export function newPasswordProblem(password: string): FieldProblem | undefined {
  if (!password) return 'required';
  return password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH ? 'passwordLength' : undefined;
}

export function requiredProblem(value: string): FieldProblem | undefined {
  return value.trim() ? undefined : 'required';
}

export function confirmationProblem(password: string, confirmation: string): FieldProblem | undefined {
  if (!confirmation) return 'required';
  return password === confirmation ? undefined : 'passwordMismatch';
}
