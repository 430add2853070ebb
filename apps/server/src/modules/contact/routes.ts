import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminContactMessageListQuerySchema,
  AdminContactMessageListSchema,
  AdminContactMessageSchema,
  AdminContactMessageUpdateBodySchema,
  ContactBodySchema,
  CONTACT_MIN_FILL_MS,
  IdParamsSchema,
  MessageSchema,
} from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { rateLimit } from '../../http/rate-limits';
import { auditActorOf } from '../audit/audit-log';
import { createContactService } from './contact-service';

/** The one answer to every accepted message, spam included: a bot learns nothing from it. */
const ACCEPTED = { message: 'Thank you. Your message was sent; we answer by email.' };

/**
 * The contact form (issue 17 item 5; docs/architecture.md, "Contact messages"): anyone may write
 * (a signed-in reader's account is recorded); moderators and superusers read the messages and
 * mark them handled.
 */
export const contactRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const contact = createContactService({ db: deps.database.db, mailer: deps.mailer, contactEmail: deps.config.contactEmail, publicUrl: deps.config.publicUrl });

  app.post(
    '/v1/contact',
    {
      config: rateLimit('contact'),
      schema: {
        operationId: 'sendContactMessage',
        summary: 'Send a message to the people who run the app',
        description: [
          '202: accepted. The message is stored for the admins and mailed to the contact address (CONTACT_EMAIL) with Reply-To the sender; a signed-in caller’s account is recorded with it.',
          'If the mail cannot be sent the message stays stored (the admins see it in the console), the failure is logged, and the answer is still 202.',
          `Spam is answered 202 exactly like a real message but neither stored nor mailed (only logged): \`website\` (a field people never see) filled, or \`startedAt\` less than ${CONTACT_MIN_FILL_MS / 1000} seconds before the message arrives.`,
          '400: a field is missing, too short or too long (after trimming), or the email is not an address; the message names the field and nothing is stored.',
          '429: too many messages from this address (5 an hour), with Retry-After.',
        ].join(' '),
        tags: ['contact'],
        body: ContactBodySchema,
        response: { 202: MessageSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const userId = principal?.kind === 'user' ? principal.userId : null;
      await contact.submit(request.body, { userId, ip: request.ip ?? null }, request.log);
      return reply.code(202).send(ACCEPTED);
    },
  );

  const tags = ['admin contact messages'];

  app.get(
    '/v1/admin/contact-messages',
    {
      schema: {
        operationId: 'adminListContactMessages',
        summary: 'Messages from the contact form, newest first',
        description: '`handled` true lists only those marked handled, false only those waiting. `mailedAt` null: the mail to the contact address failed (the server log says why).',
        tags,
        querystring: AdminContactMessageListQuerySchema,
        response: { 200: AdminContactMessageListSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => {
      const page = pageOf(request.query);
      reply.header('cache-control', PRIVATE_NO_STORE);
      return listOf(await contact.list(request.query, page), page);
    },
  );

  app.put(
    '/v1/admin/contact-messages/:id',
    {
      schema: {
        operationId: 'adminUpdateContactMessage',
        summary: 'Mark a contact message handled, or waiting again',
        description: 'A change is recorded in the audit log; marking it as it already is changes nothing. 404: no such message.',
        tags,
        params: IdParamsSchema,
        body: AdminContactMessageUpdateBodySchema,
        response: { 200: AdminContactMessageSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => contact.setHandled(auditActorOf(request), request.params.id, request.body.handled),
  );
};
