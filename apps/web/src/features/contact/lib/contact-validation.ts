import { CONTACT_LIMITS } from '@newsreel/contracts';

/** The check contracts' EmailSchema makes: one @, something on each side, a dot in the domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type ContactField = 'name' | 'email' | 'subject' | 'message';
export type ContactProblem = { kind: 'required' } | { kind: 'email' } | { kind: 'tooShort'; min: number } | { kind: 'tooLong'; max: number };
export type ContactValues = Record<ContactField, string>;

/** One line, as the server keeps it: runs of spaces and line breaks are one space. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

function lengthProblem(value: string, limits: { min: number; max: number }): ContactProblem | undefined {
  if (!value) return { kind: 'required' };
  if (value.length < limits.min) return { kind: 'tooShort', min: limits.min };
  if (value.length > limits.max) return { kind: 'tooLong', max: limits.max };
  return undefined;
}

/** The values as they are sent: trimmed as the server trims them (a message keeps its line breaks). */
export function contactValuesToSend(values: ContactValues): ContactValues {
  return { name: oneLine(values.name), email: values.email.trim(), subject: oneLine(values.subject), message: values.message.trim() };
}

/** Each field's problem by the server's rules (CONTACT_LIMITS, the email pattern); none when it may be sent. */
export function contactProblems(values: ContactValues): Partial<Record<ContactField, ContactProblem>> {
  const sent = contactValuesToSend(values);
  const problems: Partial<Record<ContactField, ContactProblem>> = {
    name: lengthProblem(sent.name, CONTACT_LIMITS.name),
    email: !sent.email ? { kind: 'required' } : EMAIL.test(sent.email) ? undefined : { kind: 'email' },
    subject: lengthProblem(sent.subject, CONTACT_LIMITS.subject),
    message: lengthProblem(sent.message, CONTACT_LIMITS.message),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem !== undefined));
}
