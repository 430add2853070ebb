import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CheckoutBodySchema,
  IdParamsSchema,
  PaymentRedirectSchema,
  PortalBodySchema,
  SessionIdParamsSchema,
  SubscriptionListSchema,
  SubscriptionPriceQuerySchema,
  SubscriptionPriceSchema,
  SubscriptionPriceTableBodySchema,
  SubscriptionPriceTableSchema,
  SubscriptionSchema,
  TestCheckoutBodySchema,
  TestCheckoutResultSchema,
  TestCheckoutSessionSchema,
  subscriptionApiPaths as paths,
} from '@newsreel/contracts';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { userIdOf } from '../../http/access';
import { errorResponses, HttpError } from '../../http/errors';
import { PRIVATE_NO_STORE } from '../../http/query';
import { acceptRawBodies } from '../../http/raw-body';
import { auditActorOf } from '../audit/audit-log';
import { meterRoutes } from './meter-routes';
import { createSubscriptionService } from './subscription-service';

const WEBHOOK_MAX_BYTES = 512 * 1024;
const OFF = 'When the app config’s subscription.enabled is off, 404.';

/** The origin the request came to (the site the web app runs on, behind the proxy's Host). */
const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Subscriptions and card payments (SPEC §7 "Subscriptions, payments and contact"; issue 17 item
 * 2; docs/architecture.md, "Subscriptions and payments"). The reader's subscriptions and their
 * country's price; checkout and the billing portal at the card-payment provider's path
 * (/v1/stripe); Stripe's webhook; the built-in test provider's checkout; the admins' price table.
 */
export const subscriptionRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const service = createSubscriptionService(deps.database.db, deps.config);
  const tags = ['subscriptions'];
  const countryOf = (request: FastifyRequest) => deps.geoIp.lookup(request.ip)?.countryCode ?? null;

  // Nothing here is shared: no cache keeps it.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE_NO_STORE);
  });

  app.get(
    paths.subscriptions,
    {
      schema: {
        operationId: 'listSubscriptions',
        summary: 'The signed-in reader’s subscriptions',
        description: `Newest first, with whether one is active now and which payment provider runs here. A subscription whose period ended without renewal reads as expired (or cancelled, when the reader cancelled it). ${OFF}`,
        tags,
        response: { 200: SubscriptionListSchema, ...errorResponses(401, 403, 404, 503) },
      },
      preHandler: service.requireEnabled,
    },
    async (request) => service.list(userIdOf(request)),
  );

  app.get(
    paths.price,
    {
      schema: {
        operationId: 'getSubscriptionPrice',
        summary: 'The subscription’s price for a country, a month and a year',
        description: `From the price table admins edit. A country the table does not name, or none, gets the “default” row (USD until an admin changes it). Amounts are in the currency’s minor unit (499 is 4.99). ${OFF}`,
        tags,
        querystring: SubscriptionPriceQuerySchema,
        response: { 200: SubscriptionPriceSchema, ...errorResponses(400, 404, 503) },
      },
      preHandler: service.requireEnabled,
    },
    async (request) => service.price(request.query.countryCode),
  );

  // The usage meter (issue 17 item 3): its own file, in this no-store scope.
  await app.register(meterRoutes, { deps, requireEnabled: service.requireEnabled });

  app.get(
    '/v1/subscriptions/:id',
    {
      schema: {
        operationId: 'getSubscription',
        summary: 'One of the signed-in reader’s subscriptions',
        description: `404 for another reader’s, as for none. ${OFF}`,
        tags,
        params: IdParamsSchema,
        response: { 200: SubscriptionSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
      preHandler: service.requireEnabled,
    },
    async (request) => service.get(userIdOf(request), request.params.id),
  );

  app.delete(
    '/v1/subscriptions/:id',
    {
      schema: {
        operationId: 'cancelSubscription',
        summary: 'Cancel a subscription at the end of its period',
        description: `It stays active until currentPeriodEnd, then ends as cancelled; nothing is charged again. Cancelling again answers it as it is. 409: it is not active. 404 for another reader’s. ${OFF}`,
        tags,
        params: IdParamsSchema,
        response: { 200: SubscriptionSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503) },
      },
      preHandler: service.requireEnabled,
    },
    async (request) => service.cancel(userIdOf(request), request.params.id),
  );

  app.post(
    paths.checkout,
    {
      schema: {
        operationId: 'createCheckout',
        summary: 'Start paying for a subscription: the checkout page’s address',
        description: `SPEC §3 checkout payload. The price is the price table’s for the reader’s country in \`currency\` (GET /v1/subscriptions/price), a month or a year. With Stripe: a Stripe Checkout page; with the built-in test provider: this site’s own test checkout (/account/subscription/checkout/{sessionId}). Both send the reader back to {urlBase}/account/subscription. \`urlBase\` must be this site’s address. 409: the reader has an active subscription, or no provider is set up. ${OFF}`,
        tags,
        body: CheckoutBodySchema,
        response: { 200: PaymentRedirectSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503) },
      },
      preHandler: service.requireEnabled,
    },
    async (request) => service.checkout(userIdOf(request), request.body, originOf(request), countryOf(request)),
  );

  app.post(
    paths.portal,
    {
      schema: {
        operationId: 'createBillingPortal',
        summary: 'The payment provider’s billing portal for the reader: card, invoices, cancelling',
        description: `Stripe’s customer portal; it sends the reader back to {urlBase}/account/subscription (urlBase: this site’s address, PUBLIC_URL when left out). 409: the test provider (it has none), or the reader has never subscribed. ${OFF}`,
        tags,
        body: PortalBodySchema,
        response: { 200: PaymentRedirectSchema, ...errorResponses(400, 401, 403, 404, 409, 502, 503) },
      },
      // No body at all is the same as an empty one.
      preValidation: async (request) => {
        request.body ??= {};
      },
      preHandler: service.requireEnabled,
    },
    async (request) => service.portal(userIdOf(request), request.body.urlBase, originOf(request)),
  );

  // Stripe's webhook reads the body's exact bytes: the signature is over them.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    acceptRawBodies(scope, WEBHOOK_MAX_BYTES, () => new HttpError(413, `A webhook body is at most ${WEBHOOK_MAX_BYTES} bytes.`, {}));
    scope.post(
      paths.webhook,
      {
        schema: {
          operationId: 'stripeWebhook',
          summary: 'Stripe’s webhook: subscription events',
          description:
            'Called by Stripe, signed (Stripe-Signature) with STRIPE_WEBHOOK_SECRET; 400 when the signature does not match. customer.subscription.* events set the subscription’s status, period and cancellation; each event is applied once by its id (a replay changes nothing), and one older than the last applied is ignored. Other events are acknowledged. 404 without Stripe.',
          tags,
          response: { 200: Type.Object({ received: Type.Boolean(), outcome: Type.String() }), ...errorResponses(400, 404, 413, 503) },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return service.webhook(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0), typeof signature === 'string' ? signature : undefined);
      },
    );
  });

  app.get(
    '/v1/stripe/test-checkout/:sessionId',
    {
      schema: {
        operationId: 'getTestCheckout',
        summary: 'A checkout session of the built-in test provider',
        description: `What the test checkout page shows: the amount, the period, and whether it is open, complete or expired (an hour after it began). 404 for another reader’s. ${OFF}`,
        tags,
        params: SessionIdParamsSchema,
        response: { 200: TestCheckoutSessionSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
      preHandler: service.requireEnabled,
    },
    async (request) => service.testSession(userIdOf(request), request.params.sessionId),
  );

  app.post(
    '/v1/stripe/test-checkout/:sessionId',
    {
      schema: {
        operationId: 'payTestCheckout',
        summary: 'Pay a test checkout with a test card',
        description: `The built-in test provider’s card form: 4242 4242 4242 4242 succeeds (the subscription is made by the same event code Stripe’s webhook drives, and the answer has it); 4000 0000 0000 0002 is declined (402, nothing changes; try again); any other number is 400. Expiry MM/YY in the future, CVC 3 or 4 digits. 409: already paid, expired, or the reader has an active subscription. ${OFF}`,
        tags,
        params: SessionIdParamsSchema,
        body: TestCheckoutBodySchema,
        response: { 200: TestCheckoutResultSchema, ...errorResponses(400, 401, 402, 403, 404, 409, 503) },
      },
      preHandler: service.requireEnabled,
    },
    async (request) => service.payTestSession(userIdOf(request), request.params.sessionId, request.body),
  );

  // ── The admin console's price table ──

  app.get(
    paths.adminPrices,
    {
      schema: {
        operationId: 'getSubscriptionPrices',
        summary: 'The subscription price table',
        description: 'Every row: the “default” row first (every country the table does not name), then by country code. Amounts in the currency’s minor unit.',
        tags: ['admin'],
        response: { 200: SubscriptionPriceTableSchema, ...errorResponses(401, 403, 503) },
      },
    },
    async () => ({ items: await service.priceTable() }),
  );

  app.put(
    paths.adminPrices,
    {
      schema: {
        operationId: 'replaceSubscriptionPrices',
        summary: 'Replace the subscription price table',
        description:
          'The whole table at once: it must hold the “default” row, and each country once (400 otherwise, nothing changed). New checkouts use the new prices; running subscriptions keep theirs. Recorded in the audit log.',
        tags: ['admin'],
        body: SubscriptionPriceTableBodySchema,
        response: { 200: SubscriptionPriceTableSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => service.replacePriceTable(auditActorOf(request), request.body.items),
  );
};
