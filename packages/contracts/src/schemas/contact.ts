import { Type, type Static } from 'typebox';
import { EmailSchema } from './accounts';
import { ListSchema, PaginationQuerySchema } from './common';

/**
 * The contact form (issue 17 item 5; SPEC §7 "Subscriptions, payments and contact"): a message
 * to the people who run the app, stored for admins and mailed to CONTACT_EMAIL.
 */

/** The lengths the form and the API both hold a message to (characters, after trimming). */
export const CONTACT_LIMITS = {
  name: { min: 1, max: 100 },
  subject: { min: 3, max: 150 },
  message: { min: 10, max: 5000 },
} as const;
/** A form sent sooner than this after it was shown was filled by a program, not a person. */
export const CONTACT_MIN_FILL_MS = 3000;

const text = (limits: { min: number; max: number }, description: string) =>
  Type.String({ minLength: limits.min, maxLength: limits.max, description: `${description}, ${limits.min} to ${limits.max} characters` });

export const ContactBodySchema = Type.Object(
  {
    name: text(CONTACT_LIMITS.name, 'Who is writing'),
    email: EmailSchema,
    subject: text(CONTACT_LIMITS.subject, 'What it is about'),
    message: text(CONTACT_LIMITS.message, 'The message'),
    website: Type.Optional(
      Type.String({ maxLength: 500, description: 'A field people never see and leave empty (a honeypot): a message with it filled is taken for spam' }),
    ),
    startedAt: Type.Integer({
      minimum: 0,
      description: `When the form was shown, in milliseconds since 1970 (Date.now()): a message sent less than ${CONTACT_MIN_FILL_MS / 1000} seconds later is taken for spam`,
    }),
  },
  { additionalProperties: false },
);
export type ContactBody = Static<typeof ContactBodySchema>;

const DateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

/** A message as the admin console shows it. */
export const AdminContactMessageSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  email: Type.String(),
  subject: Type.String(),
  message: Type.String(),
  userId: Nullable(Type.String({ format: 'uuid', description: 'The signed-in account that sent it; null for a reader who was not signed in' })),
  ip: Nullable(Type.String({ description: 'The address it came from' })),
  createdAt: DateTime,
  mailedAt: Nullable(Type.String({ format: 'date-time', description: 'When it was mailed to the contact address; null: the mail failed (the server log says why)' })),
  handledAt: Nullable(Type.String({ format: 'date-time', description: 'When an admin marked it handled; null while it waits' })),
});
export type AdminContactMessage = Static<typeof AdminContactMessageSchema>;

export const AdminContactMessageListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  handled: Type.Optional(Type.Boolean({ description: 'true: only those marked handled; false: only those waiting; left out: all' })),
});
export type AdminContactMessageListQuery = Static<typeof AdminContactMessageListQuerySchema>;
export const AdminContactMessageListSchema = ListSchema(AdminContactMessageSchema);
export type AdminContactMessageList = Static<typeof AdminContactMessageListSchema>;

export const AdminContactMessageUpdateBodySchema = Type.Object(
  { handled: Type.Boolean({ description: 'true: mark it handled (now); false: waiting again' }) },
  { additionalProperties: false },
);
export type AdminContactMessageUpdateBody = Static<typeof AdminContactMessageUpdateBodySchema>;
