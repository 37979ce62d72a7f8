import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Redis } from 'ioredis';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type Database, type Db } from './db/client.js';
import { seedDemoCatalogue } from './seed/demo-catalogue.js';
import { seedDemoDiagrams } from './seed/demo-diagrams.js';
import { seedDemoPromotions } from './seed/demo-promotions.js';
import { createAuth, type PasswordHashing } from './auth/auth.js';
import { registerAuth } from './auth/plugin.js';
import { registerVerifyEmailMail } from './auth/verify-email-mail.js';
import { resolveAuthSecret } from './auth/secret.js';
import { seedDemoAccounts } from './seed/demo-accounts.js';
import { seedDemoCompanies } from './seed/demo-companies.js';
import { seedDemoPricing } from './seed/demo-pricing.js';
import { seedDemoInvoices } from './seed/demo-invoices.js';
import { seedDemoApprovals } from './seed/demo-approvals.js';
import { connectCacheBus } from './lib/cache-bus.js';
import { registerCompression } from './lib/compression.js';
import { connectInvalidationBus, type MemoryInvalidationBus } from './lib/invalidation-bus.js';
import { SessionCache } from './auth/session-cache.js';
import { registerDraining } from './lib/draining.js';
import { forgetOldKeys } from './lib/idempotency.js';
import { registerLoadShedding } from './lib/load-shedding.js';
import { loggerOptions } from './lib/logger.js';
import { countingRefunds } from './lib/metrics.js';
import { createMailer, type Mailer } from './lib/mail.js';
import { createSandboxProvider } from './lib/payments/sandbox.js';
import { addressesRoutes } from './modules/addresses/routes.js';
import { cardsRoutes } from './modules/cards/routes.js';
import { cartRoutes } from './modules/cart/routes.js';
import { quickOrderRoutes } from './modules/quick-order/routes.js';
import { checkoutRoutes } from './modules/checkout/routes.js';
import { creditRoutes } from './modules/credit/routes.js';
import { companiesRoutes } from './modules/companies/routes.js';
import { approvalsRoutes } from './modules/approvals/routes.js';
import { dashboardRoutes } from './modules/dashboard/routes.js';
import { auditRoutes } from './modules/audit/routes.js';
import { registerBackups } from './modules/backups/plugin.js';
import { registerJobs } from './modules/jobs/plugin.js';
import { startOrderExpiry, type OrderExpiryJob } from './modules/orders/expiry-job.js';
import { createOrdersCache, forgetOrders, registerOrdersReadCache } from './modules/orders/read-cache.js';
import { orderDetailRoutes } from './modules/orders/detail-routes.js';
import { ordersRoutes } from './modules/orders/routes.js';
import { oneClickRoutes } from './modules/one-click/routes.js';
import { promotionsRoutes } from './modules/promotions/routes.js';
import { runPaymentJob } from './modules/payments/intent-cancel.js';
import { refundOrderPayment } from './modules/payments/service.js';
import { paymentsRoutes } from './modules/payments/routes.js';
import { invoicesRoutes } from './modules/invoices/routes.js';
import { statementsRoutes } from './modules/statements/routes.js';
import { reviewsRoutes } from './modules/reviews/routes.js';
import { returnsRoutes } from './modules/returns/routes.js';
import { shipmentsRoutes } from './modules/shipments/routes.js';
import { diagramsRoutes } from './modules/diagrams/routes.js';
import { uploadsRoutes } from './modules/uploads/routes.js';
import { localUploadStore, type UploadStore } from './modules/uploads/store.js';
import { adminUsersRoutes, usersRoutes } from './modules/users/routes.js';
import { registerErrorHandling } from './lib/errors.js';
import { registerTextGuard } from './lib/text-guard.js';
import { CATALOGUE_CACHE_CONTROL, ResponseCache } from './lib/response-cache.js';
import { healthRoutes } from './modules/health/routes.js';
import { brandsRoutes, registerBrandDirectory } from './modules/brands/routes.js';
import { partsRoutes } from './modules/parts/routes.js';
import { catalogueIoRoutes } from './modules/catalogue-io/routes.js';
import { garageRoutes } from './modules/garage/routes.js';
import { searchRoutes } from './modules/search/routes.js';
import { seoRoutes } from './modules/seo/routes.js';
import { registerDeliverySettings, settingsRoutes } from './modules/settings/routes.js';
import { vehiclesRoutes } from './modules/vehicles/routes.js';
import { syncVehicleList } from './modules/vehicles/service.js';
import { registerDocs } from './plugins/docs.js';
import { registerMetrics } from './plugins/metrics.js';
import { computeSecurityHeaders } from './plugins/security-headers.js';
import { registerWeb } from './plugins/web.js';
import { CatalogueIndex } from './modules/parts/catalogue-index.js';
import { registerPriceBook } from './modules/pricing/price-book.js';
import { priceListsRoutes } from './modules/price-lists/routes.js';
import { taxExemptionsRoutes } from './modules/tax-exemptions/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    catalogueCache: ResponseCache;
    /** Filters, sorts and counts of the catalogue, in memory (decision 020). */
    catalogueIndex: CatalogueIndex;
    mailer: Mailer;
    invitations: Set<string>;
    /** Where uploaded pictures are kept (decision 018). */
    uploads: UploadStore;
  }
}

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests share setup this way). */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Where mail goes once its job runs (tests catch it); by default SMTP_URL or the development outbox. */
  mailer?: Mailer;
  /** Share cache invalidations with other instances in this process instead of through Redis (tests). */
  invalidationBus?: MemoryInvalidationBus;
  /** Where uploaded pictures go (object storage, or memory in tests); by default DATA_DIR/uploads. */
  uploads?: UploadStore;
  /** How passwords are hashed and checked (tests reuse a password's hash); better-auth's scrypt by default. */
  passwords?: PasswordHashing;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The whole app, ready but not listening: server.ts listens, tests call inject(). */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    // genReqId reads x-request-id itself, so a client cannot inject arbitrary text into our logs.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1_048_576,
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 72_000,
    forceCloseConnections: 'idle',
    // Closing serves what reached it and closes each connection after its answer (see draining.ts).
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // Before every route: a NUL anywhere in a request is a 400, never a database error (decision 027).
  registerTextGuard(app);
  registerDraining(app);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
      poolMax: config.databasePoolMax,
      log: app.log,
    }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('uploads', options.uploads ?? localUploadStore(path.join(config.dataDir, 'uploads')));
  const catalogueCache = new ResponseCache(1_000, CATALOGUE_CACHE_CONTROL);
  app.decorate('catalogueCache', catalogueCache);
  app.decorate('catalogueIndex', new CatalogueIndex(database.db).follow(catalogueCache));
  // The delivery promise's settings, in memory, forgotten with the catalogue cache's changes.
  registerDeliverySettings(app);
  // The brands' names, in memory, for the catalogue's brand filter and the part form's brand.
  registerBrandDirectory(app);
  // Price tiers and sales laid over the catalogue's cached answers per request (issue #30).
  registerPriceBook(app);
  // Before every route, so each answer is measured (and /metrics is not the web app's page).
  await registerMetrics(app, { settings: config.metrics, database, catalogueCache });
  if (!options.database) app.addHook('onClose', async () => database.close());

  if (config.redisUrl) {
    const bus = await connectCacheBus(config.redisUrl, catalogueCache, app.log);
    app.addHook('onClose', async () => bus.close());
  }
  // Signed-in users by session token; targeted invalidations reach every process (decision 015).
  const sessionCache = new SessionCache();
  const ordersCache = createOrdersCache();
  const caches = { catalogue: catalogueCache, sessions: sessionCache, orders: ordersCache };
  const invalidationBus = options.invalidationBus
    ? options.invalidationBus.attach(caches)
    : config.redisUrl
      ? await connectInvalidationBus(config.redisUrl, caches, app.log)
      : undefined;
  if (invalidationBus) app.addHook('onClose', async () => invalidationBus.close());

  // Mail is queued in the database and sent by the job runner, with retries; `transport` sends.
  const transport =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      log: app.log,
      timeoutMs: config.smtpTimeoutMs,
    });
  const mailer = registerJobs(app, { db: database.db, transport, ...config.jobs });
  app.decorate('mailer', mailer);
  const invitations = new Set<string>();
  app.decorate('invitations', invitations);
  const auth = createAuth({
    config,
    db: database.db,
    mailer,
    secret: await resolveAuthSecret(config.authSecret, config.dataDir),
    log: app.log,
    invitations,
    sessionCache,
    ...(options.passwords ? { passwords: options.passwords } : {}),
  });
  registerVerifyEmailMail(app, auth);

  const vehiclesAdded = await syncVehicleList(database.db);
  if (vehiclesAdded) app.log.info(`Added ${vehiclesAdded} model years to the vehicle list.`);
  if (config.seedDemoData) {
    const added = await seedDemoCatalogue(database.db);
    if (added) app.log.info(`Seeded the demo catalogue with ${added} parts.`);
    const diagrams = await seedDemoDiagrams(database.db);
    if (diagrams) app.log.info(`Seeded ${diagrams} demo parts diagrams.`);
    const codes = await seedDemoPromotions(database.db);
    if (codes) app.log.info(`Seeded ${codes} demo discount codes.`);
    if (config.env !== 'production') {
      const accounts = await seedDemoAccounts(database.db, auth);
      if (accounts) app.log.info(`Created ${accounts} demo accounts.`);
      const companyMembersAdded = await seedDemoCompanies(database.db, auth);
      if (companyMembersAdded) app.log.info(`Seeded the demo company with ${companyMembersAdded} members.`);
      // The demo company's price list and a sale (after the companies' demo data); not in tests,
      // whose reads of the demo catalogue expect retail.
      if (config.env === 'development') {
        const pricing = await seedDemoPricing(database.db);
        if (pricing) app.log.info('Seeded the demo price list and a sale.');
        // The demo buyer's order over their limit, waiting for the approver.
        if (await seedDemoApprovals(database.db, config.publicUrl)) {
          app.log.info('Seeded an order waiting for the demo company’s approval.');
        }
      }
      // The demo company's past invoices and last month's statement (after the companies' demo data).
      const demoInvoices = await seedDemoInvoices(database.db, config.publicUrl);
      if (demoInvoices) app.log.info(`Seeded ${demoInvoices} demo invoices and a statement.`);
    }
  }

  // Stripe's card element runs Stripe's own script and frames; only then are they allowed.
  const stripeSources = config.payments.provider === 'stripe';
  const securityHeaders = computeSecurityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(stripeSources ? ['https://js.stripe.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(stripeSources ? ['https://api.stripe.com'] : [])],
        frameSrc: ["'self'", ...(stripeSources ? ['https://js.stripe.com', 'https://hooks.stripe.com'] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  // One synchronous hook for what every response carries: cheap on the hot catalogue path.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(securityHeaders);
    reply.header('x-request-id', request.id);
    done();
  });

  await registerCompression(app);

  let redis: Redis | undefined;
  if (config.redisUrl) {
    // Fail fast while Redis is away (no offline queue, short timeouts): rate limits then count
    // in this process instead of holding sign-ins.
    redis = new Redis(config.redisUrl, {
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
      connectTimeout: 2_000,
      commandTimeout: 1_000,
    });
    redis.on('error', (err) => app.log.warn({ err }, 'Redis connection problem (rate limits)'));
    const client = redis;
    app.addHook('onClose', async () => {
      client.disconnect();
    });
  }

  await registerLoadShedding(app, config.overload);
  registerOrdersReadCache(app, ordersCache);
  await registerDocs(app);
  await registerAuth(app, auth, { rateLimitPerMinute: config.authRateLimit, redis, sessionCache });
  await app.register(partsRoutes, { prefix: '/api' });
  await app.register(brandsRoutes, { prefix: '/api' });
  await app.register(catalogueIoRoutes, { prefix: '/api' });
  await app.register(vehiclesRoutes, { prefix: '/api' });
  await app.register(diagramsRoutes, { prefix: '/api' });
  await app.register(searchRoutes, { prefix: '/api' });
  await app.register(garageRoutes, { prefix: '/api' });
  await app.register(usersRoutes, { prefix: '/api' });
  await app.register(adminUsersRoutes, { prefix: '/api' });
  // The Stripe SDK (~20 MB in memory) loads only when the shop takes cards through Stripe.
  const stripeModule =
    config.payments.provider === 'stripe' ? await import('./lib/payments/stripe.js') : undefined;
  const stripe =
    stripeModule && config.payments.provider === 'stripe'
      ? stripeModule.stripeClient(config.payments.secretKey, config.payments.apiUrl, config.stripe)
      : undefined;
  const paymentProvider = countingRefunds(
    stripeModule && stripe ? stripeModule.createStripeProvider(stripe) : createSandboxProvider(database.db),
  );
  await app.register(healthRoutes, { redis, mailTransport: transport, payments: paymentProvider });
  // A card payment that came through for an order already cancelled is given back by a job.
  // So is the open intent of an order cancelled unpaid, closed by a job of the same kind.
  app.jobs.handle('refund', async (payload) => {
    await runPaymentJob(database.db, paymentProvider, config.publicUrl, payload);
    await forgetOrders(ordersCache);
    app.jobs.wake();
  });
  await app.register(ordersRoutes, {
    prefix: '/api',
    refund: (tx, order) => refundOrderPayment(tx, paymentProvider, order),
  });
  await app.register(returnsRoutes, { prefix: '/api', provider: paymentProvider });
  await app.register(orderDetailRoutes, { prefix: '/api' });
  await app.register(shipmentsRoutes, { prefix: '/api' });
  await app.register(cartRoutes, { prefix: '/api' });
  await app.register(priceListsRoutes, { prefix: '/api' });
  await app.register(taxExemptionsRoutes, { prefix: '/api' });
  await app.register(quickOrderRoutes, { prefix: '/api' });
  await app.register(checkoutRoutes, { prefix: '/api' });
  await app.register(addressesRoutes, { prefix: '/api' });
  await app.register(creditRoutes, { prefix: '/api' });
  await app.register(companiesRoutes, { prefix: '/api' });
  await app.register(approvalsRoutes, { prefix: '/api' });
  await app.register(paymentsRoutes, {
    prefix: '/api',
    provider: paymentProvider,
    publishableKey: config.payments.provider === 'stripe' ? config.payments.publishableKey : null,
    stripe,
    webhookSecret: config.payments.provider === 'stripe' ? config.payments.webhookSecret : undefined,
  });
  await app.register(cardsRoutes, {
    prefix: '/api',
    provider: paymentProvider,
    publishableKey: config.payments.provider === 'stripe' ? config.payments.publishableKey : null,
  });
  await app.register(oneClickRoutes, { prefix: '/api', provider: paymentProvider });
  await app.register(promotionsRoutes, { prefix: '/api' });
  await app.register(invoicesRoutes, { prefix: '/api' });
  await app.register(statementsRoutes, {
    prefix: '/api',
    scheduleMs: config.env === 'test' ? 0 : 15 * 60_000,
  });
  await app.register(reviewsRoutes, { prefix: '/api' });
  await app.register(dashboardRoutes, { prefix: '/api' });
  await app.register(auditRoutes, { prefix: '/api' });
  await app.register(settingsRoutes, { prefix: '/api' });
  await app.register(uploadsRoutes);
  // robots.txt and the sitemaps: named routes, so they win over the web app's file wildcard.
  await app.register(seoRoutes);
  await registerWeb(app, config.webDist, config.publicUrl);

  // Unpaid orders past their deadline are cancelled and their stock returned by every process,
  // each order exactly once (see expireUnpaidOrders). Stopped before the database closes.
  let orderExpiry: OrderExpiryJob | undefined;
  app.addHook('onReady', async () => {
    orderExpiry = startOrderExpiry({
      db: database.db,
      intervalMs: config.orderExpiryIntervalMs,
      log: app.log,
      // Available quantities changed: the answers showing these parts or counting stock go, on
      // every process (as after an order); the rest of the catalogue cache and index stay.
      onExpired: (_orderIds, partIds) => {
        catalogueCache
          .invalidateStock(partIds)
          .catch((err: unknown) => app.log.warn({ err }, 'could not spread the expired orders’ stock'));
        void forgetOrders(ordersCache);
      },
    });
  });
  app.addHook('preClose', async () => {
    await orderExpiry?.stop();
  });

  // Scheduled backups, and on PGlite the ones `npm run backup` asks the running server for.
  registerBackups(app, {
    source: {
      database,
      uploadsDir: app.uploads.directory,
      maxBytesPerSecond: config.backups.maxBytesPerSecond,
    },
    settings: { dir: config.backups.dir, keep: config.backups.keep },
    intervalMs: config.backups.intervalMs,
    dataDir: config.dataDir,
  });

  // Order requests' idempotency keys are kept a day (a retry comes within seconds or minutes).
  const forgetKeys = () =>
    void forgetOldKeys(database.db).catch((err: unknown) =>
      app.log.warn({ err }, 'could not forget old idempotency keys'),
    );
  let keysTimer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    keysTimer = setInterval(forgetKeys, 60 * 60 * 1000).unref();
  });
  app.addHook('preClose', async () => {
    clearInterval(keysTimer);
  });

  return app;
}
