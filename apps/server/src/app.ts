import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import fastifyStatic from '@fastify/static';
import cookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { AppDeps } from './app-deps';
import { databaseOptionsOf, type Config } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { DEMO_PASSWORD, seedDemoAccounts } from './db/demo-accounts';
import { seedDemoNotifications } from './db/demo-notifications';
import { seedDemoContactMessages } from './db/demo-contact-messages';
import { seedDemoSubscriptionConfig } from './db/demo-subscriptions';
import { seedDemoAds } from './db/demo-ads';
import { DEMO_MEDIA_DIR, DEMO_MEDIA_URL, readCatalogue, seedDemoCatalogue } from './db/demo-seed';
import { migrate } from './db/migrate';
import { registerErrorHandling } from './http/errors';
import { registerOpenApi } from './http/openapi';
import { RequestLogs, serializeRequest } from './http/request-logs';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { schemaCompilers, type SchemaCompilers } from './http/validation';
import type { GeoIpLookup } from './integrations/geoip/geoip';
import { openMaxmindGeoIp } from './integrations/geoip/maxmind-geoip';
import { createMailer } from './integrations/mail/create-mailer';
import type { Mailer } from './integrations/mail/mailer';
import { createMediaStore } from './integrations/storage/create-media-store';
import { MEDIA_URL, type LocalMediaStore } from './integrations/storage/local-media-store';
import type { MediaStore } from './integrations/storage/media-store';
import { openEventStream, type OpenedEventStream } from './integrations/stream/create-event-stream';
import { registerAccess } from './http/access';
import { registerCors } from './http/cors';
import { registerRateLimits } from './http/rate-limits';
import { adminUserRoutes } from './modules/admin/user-routes';
import { adminRoleRoutes } from './modules/admin/admin-role-routes';
import { adminVendorRoutes } from './modules/vendor/admin-routes';
import { authRoutes } from './modules/auth/routes';
import { createPrincipalRepository } from './modules/auth/principal-repository';
import { createTokenService, loadSigningKey } from './modules/auth/tokens';
import { manageRoutes } from './modules/manage/routes';
import { mrssRoutes } from './modules/mrss/routes';
import { playerMediaRoutes } from './modules/media/player-routes';
import { userRoutes } from './modules/users/routes';
import { vendorRoutes } from './modules/vendor/routes';
import { articleRoutes } from './modules/articles/routes';
import { categoryRoutes } from './modules/categories/routes';
import { configRoutes } from './modules/config/routes';
import { deviceRoutes } from './modules/devices/routes';
import { playlistRoutes } from './modules/playlists/routes';
import { publisherRoutes } from './modules/publishers/routes';
import { scoreRoutes } from './modules/scores/routes';
import { searchRoutes } from './modules/search/routes';
import { aiRoutes } from './modules/ai/routes';
import { shareRoutes } from './modules/articles/share-routes';
import { storyRoutes } from './modules/stories/routes';
import { createContentRepositories } from './modules/content-repositories';
import { geoRoutes } from './modules/geo/routes';
import { statusRoutes } from './modules/status/routes';
import { pollRoutes } from './modules/polls/routes';
import { clientErrorRoutes } from './modules/client-errors/routes';
import { createErrorReporter } from './integrations/error-reporting/error-reporter';
import { adminPollRoutes } from './modules/polls/admin-routes';
import { adminArticleRoutes } from './modules/articles/admin-routes';
import { ensureEventPartitions, keepEventPartitions } from './modules/analytics/event-partitions';
import { ingestRoutes } from './modules/analytics/ingest-routes';
import { runRollupsInProcess } from './modules/analytics/rollup-worker';
import { createJobQueue, type JobQueue } from './modules/jobs/job-queue';
import { adminJobRoutes } from './modules/jobs/admin-routes';
import { adminArticleAiRoutes } from './modules/ai/articles/admin-routes';
import { adminAiResultRoutes } from './modules/ai/admin/admin-routes';
import { statisticsRoutes } from './modules/statistics/routes';
import { seedDemoAnalytics } from './db/demo-analytics';
import { visitorRoutes } from './modules/visitors/routes';
import { auditRoutes } from './modules/audit/routes';
import { adminCategoryRoutes } from './modules/categories/admin-routes';
import { adminPublisherRoutes } from './modules/publishers/admin-routes';
import { adminPlaylistRoutes } from './modules/playlists/admin-routes';
import { adminStoryRoutes } from './modules/stories/admin-routes';
import { adminMediaRoutes } from './modules/media/admin-routes';
import { notificationRoutes } from './modules/notifications/routes';
import { subscriptionRoutes } from './modules/subscriptions/routes';
import { contactRoutes } from './modules/contact/routes';
import { adRoutes } from './modules/ads/routes';

const rootPackage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../package.json');
const VERSION = (JSON.parse(readFileSync(rootPackage, 'utf8')) as { version: string }).version;

/** Trust the nearest `hops` proxies in X-Forwarded-For (Fastify's types lack the number form). */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

export interface BuildOptions {
  /** An open database to use instead of the one the config names (tests). */
  database?: DatabaseHandle;
  geoIp?: GeoIpLookup;
  /** A mailer to use instead of the one the config names. */
  mailer?: Mailer;
  /** A media store to use instead of DATA_DIR/media (tests). */
  mediaStore?: MediaStore;
  /** Where log lines go instead of standard output (tests). */
  logStream?: DestinationStream;
  /** An analytics stream to use instead of the one STREAM names (tests); the app closes it. */
  stream?: OpenedEventStream;
  /** A job queue to use instead of the one JOBS names (tests: their own jobs); the app starts and stops it. */
  jobs?: JobQueue;
  /** The route schemas' compilers (tests: to compile every route's schemas at once). */
  schemaCompilers?: SchemaCompilers;
}

/**
 * Builds the whole server: opens (and migrates) the database, then registers every module.
 * Tests call it with their own config and call `inject`; main.ts calls it and listens.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await openDatabase(databaseOptionsOf(config)));
  const geoIp = options.geoIp ?? (await openMaxmindGeoIp());
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            serializers: { req: serializeRequest },
            stream: options.logStream,
          },
    trustProxy:
      typeof config.trustProxy === 'number'
        ? trustHops(config.trustProxy)
        : config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    logController: new RequestLogs(),
    // Answer new requests with 503 while shutting down; finish those in flight.
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    ...(options.schemaCompilers ?? schemaCompilers()).options,
  }).withTypeProvider<TypeBoxTypeProvider>();

  let stream: OpenedEventStream;
  try {
    stream = options.stream ?? (await openEventStream(config.stream, database, app.log));
  } catch (error) {
    await database.close();
    throw error;
  }

  const tokens = createTokenService(await loadSigningKey(config), config.accessTokenTtlSeconds);
  const deps: AppDeps = {
    config,
    database,
    geoIp,
    content: createContentRepositories(database.db),
    tokens,
    mailer: options.mailer ?? createMailer(config, app.log),
    media: options.mediaStore ?? (await createMediaStore(config, app.log)),
    stream,
    jobs:
      options.jobs ??
      createJobQueue({ db: database.db, mode: config.jobs, log: app.log, stopTimeoutMs: Math.floor(config.shutdownTimeoutMs * 0.8) }),
    version: VERSION,
    startedAt: Date.now(),
  };


  try {
    let started = performance.now();
    const applied = await migrate(database.db);
    if (applied.length > 0) app.log.info({ applied, ms: Math.round(performance.now() - started) }, 'database migrated');
    const seedDemo = config.demoContent === 'on' || (config.demoContent === 'auto' && database.driver === 'pglite');
    if (seedDemo) {
      started = performance.now();
      const seeded = await seedDemoCatalogue(database.db);
      if (seeded > 0) app.log.info({ articles: seeded, ms: Math.round(performance.now() - started) }, 'demo catalogue seeded');
      const ads = await seedDemoAds(database.db);
      if (ads > 0) app.log.info({ ads }, 'demo ads seeded');
      if (await seedDemoSubscriptionConfig(database.db)) app.log.info('demo app config stored: subscriptions on (the test payment provider without STRIPE_SECRET_KEY)');
      const contactMessages = seeded > 0 ? await seedDemoContactMessages(database.db) : 0;
      if (contactMessages > 0) app.log.info({ contactMessages }, 'demo contact messages seeded');
      // Demo accounts share one known password, so they never exist in production.
      if (config.nodeEnv !== 'production') {
        const accounts = await seedDemoAccounts(database.db, (await readCatalogue()).publishers[0]?.slug ?? '');
        if (accounts > 0) app.log.info({ accounts, password: DEMO_PASSWORD }, 'demo accounts seeded (README, "Demo accounts")');
        const notifications = accounts > 0 ? await seedDemoNotifications(database.db) : 0;
        if (notifications > 0) app.log.info({ notifications }, 'demo notifications seeded');
      }
    }
    await ensureEventPartitions(database.db, app.log);
    const demoEvents = seedDemo ? await seedDemoAnalytics(database.db) : 0;
    if (demoEvents > 0) app.log.info({ events: demoEvents }, 'demo analytics seeded');
  } catch (error) {
    await stream.close();
    await database.close();
    throw error;
  }
  // NATS and Kinesis are copied into the event store from inside the server (idempotently, so
  // several servers may do it at once); the postgres stream is the store.
  const streamReader = stream.startReader?.(database.db);
  const partitions = keepEventPartitions(database.db, app.log);

  if (config.rollups === 'in-process') runRollupsInProcess(app, database);
  // pg-boss's schema, the queues and schedules the domains registered (while the plugins below
  // are registered) are made once the app is ready; the queue stops before the database closes.
  app.addHook('onReady', () => deps.jobs.start());
  app.addHook('preClose', () => deps.jobs.stop());

  app.addHook('onClose', async () => {
    partitions.stop();
    await streamReader?.stop();
    await stream.close();
    await database.close();
    geoIp.close?.();
    await deps.mailer.close?.();
  });

  const errorReporter = await createErrorReporter({ dsn: config.sentryDsn, environment: config.nodeEnv, release: VERSION }, app.log);
  app.addHook('onClose', () => errorReporter.close());
  registerErrorHandling(app, errorReporter);
  // SPEC §5: empty query values are left out, as if they had not been sent.
  app.addHook('preValidation', (request, _reply, done) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (query && typeof query === 'object') for (const key in query) if (query[key] === '') delete query[key];
    done();
  });
  registerSecurityHeaders(app);
  await registerCors(app, config);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(cookie);
  await registerRateLimits(app, config);
  await app.register(registerAccess, { tokens, principals: createPrincipalRepository(database.db) });
  // Weak ETags on every answer; a client or CDN that sends If-None-Match gets 304.
  await app.register(etag, { weak: true });
  await registerOpenApi(app, VERSION);

  await app.register(statusRoutes, { deps });
  await app.register(geoRoutes, { deps });
  await app.register(configRoutes, { deps });
  await app.register(articleRoutes, { deps });
  await app.register(categoryRoutes, { deps });
  await app.register(publisherRoutes, { deps });
  await app.register(storyRoutes, { deps });
  await app.register(playlistRoutes, { deps });
  await app.register(searchRoutes, { deps });
  await app.register(aiRoutes, { deps });
  await app.register(scoreRoutes, { deps });
  await app.register(deviceRoutes, { deps });
  await app.register(shareRoutes, { deps });
  await app.register(userRoutes, { deps });
  await app.register(authRoutes, { deps });
  await app.register(manageRoutes, { deps });
  await app.register(mrssRoutes, { deps });
  await app.register(playerMediaRoutes, { deps });
  await app.register(vendorRoutes, { deps });
  await app.register(adminUserRoutes, { deps });
  await app.register(adminRoleRoutes, { deps });
  await app.register(adminVendorRoutes, { deps });
  await app.register(pollRoutes, { deps });
  await app.register(adminPollRoutes, { deps });
  await app.register(adminArticleRoutes, { deps });
  await app.register(adminArticleAiRoutes, { deps });
  await app.register(adminAiResultRoutes, { deps });
  await app.register(statisticsRoutes, { deps });
  await app.register(adminJobRoutes, { deps });
  await app.register(ingestRoutes, { deps });
  await app.register(visitorRoutes, { deps });
  await app.register(auditRoutes, { deps });
  await app.register(adminCategoryRoutes, { deps });
  await app.register(adminPublisherRoutes, { deps });
  await app.register(adminPlaylistRoutes, { deps });
  await app.register(adminStoryRoutes, { deps });
  await app.register(adminMediaRoutes, { deps });
  await app.register(notificationRoutes, { deps });
  await app.register(subscriptionRoutes, { deps });
  await app.register(contactRoutes, { deps });
  await app.register(adRoutes, { deps });
  await app.register(clientErrorRoutes, { errorReporter });

  await app.register(fastifyStatic, {
    root: DEMO_MEDIA_DIR,
    prefix: `${DEMO_MEDIA_URL}/`,
    decorateReply: false,
    maxAge: '1d',
  });
  // Uploaded media, when the store is local files (its folder is made on the first upload); keys
  // are never reused, so a file never changes under its URL.
  if ('root' in deps.media) {
    const { root } = deps.media as LocalMediaStore;
    await app.register(fastifyStatic, { root, prefix: `${MEDIA_URL}/`, decorateReply: false, maxAge: '7d', immutable: true, suppressWarning: true });
  }
  await registerWebApp(app, config.webDistDir);
  return app;
}
