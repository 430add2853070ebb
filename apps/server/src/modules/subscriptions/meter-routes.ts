import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { adminApiPaths, MeterOpenBodySchema, MeterOpenResultSchema, MeterSettingsSchema, MeterStateSchema, subscriptionApiPaths as paths } from '@newsreel/contracts';
import type { AppDeps } from '../../app-deps';
import { userIdOf } from '../../http/access';
import { errorResponses, notFound } from '../../http/errors';
import { auditActorOf } from '../audit/audit-log';
import { createMeterRepository } from './meter-repository';

const OFF = 'When the app config’s subscription.enabled is off, 404.';
export const METER_MESSAGES = {
  UNKNOWN_ARTICLE: 'There is no published article with that id.',
} as const;

/**
 * The usage meter (issue 17 item 3; docs/architecture.md, "Usage meter"): the signed-in reader's
 * meter, and the admins' settings of it. Registered from routes.ts, inside its no-store scope.
 */
export const meterRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps; requireEnabled: () => Promise<void> }> = async (app, { deps, requireEnabled }) => {
  const meter = createMeterRepository(deps.database.db);
  const tags = ['subscriptions'];

  app.get(
    paths.meter,
    {
      schema: {
        operationId: 'getUsageMeter',
        summary: 'The signed-in reader’s usage meter',
        description: `Whether the reader is metered (not with an active subscription or an admin’s exemption), the settings (freeArticles different articles in any periodDays days, a rolling window), how many articles count now, how many are left, and when the next free one comes. ${OFF}`,
        tags,
        response: { 200: MeterStateSchema, ...errorResponses(401, 403, 404, 503) },
      },
      preHandler: requireEnabled,
    },
    async (request) => meter.state(userIdOf(request)),
  );

  app.post(
    paths.meter,
    {
      schema: {
        operationId: 'openMeteredArticle',
        summary: 'Open an article against the signed-in reader’s usage meter',
        description: `The reader opens an article’s page. allowed: not metered; the article already counts in the window (reopening is free); or one is left, and this call counts it. Otherwise allowed is false: the paywall, with nextFreeAt. Two calls at once with one article left: exactly one is allowed. 404: no published article with that id. ${OFF}`,
        tags,
        body: MeterOpenBodySchema,
        response: { 200: MeterOpenResultSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
      preHandler: requireEnabled,
    },
    async (request) => {
      const opened = await meter.open(userIdOf(request), request.body.articleId);
      if (!opened) throw notFound(METER_MESSAGES.UNKNOWN_ARTICLE);
      return opened;
    },
  );

  // ── The admin console's meter settings (there to be set up before subscriptions are turned on) ──

  app.get(
    adminApiPaths.subscriptionMeter,
    {
      schema: {
        operationId: 'getUsageMeterSettings',
        summary: 'The usage meter’s settings',
        description: 'The web app config’s subscription.meter: freeArticles different articles in any periodDays days.',
        tags: ['admin'],
        response: { 200: MeterSettingsSchema, ...errorResponses(401, 403, 503) },
      },
    },
    async () => meter.settings(),
  );

  app.put(
    adminApiPaths.subscriptionMeter,
    {
      schema: {
        operationId: 'setUsageMeterSettings',
        summary: 'Set the usage meter’s settings',
        description:
          'freeArticles (0–100; 0: every article needs a subscription) and periodDays (1–365) of the web app config’s subscription.meter; 400 otherwise, nothing changed. Applies at once to signed-in readers and within a minute (the app config’s cache) to the browsers of anonymous ones; reads already counted stay counted. Recorded in the audit log.',
        tags: ['admin'],
        body: MeterSettingsSchema,
        response: { 200: MeterSettingsSchema, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => meter.saveSettings(request.body, auditActorOf(request)),
  );
};
