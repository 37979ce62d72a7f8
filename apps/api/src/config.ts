import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { isDeliveryState } from '@pitstop/core/delivery-area';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/api/{src,dist}/ → the repository root, the same depth in both. */
const repoRoot = path.resolve(here, '../../..');

const boolish = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Pitstop Parts <no-reply@pitstop.com>'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_DISCOVERY_URL: z.url().default('https://accounts.google.com/.well-known/openid-configuration'),
  ADMIN_EMAILS: z.string().optional(),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(10),
  PAYMENT_PROVIDER: z.enum(['stripe', 'sandbox']).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Tests point the Stripe SDK at a local fake. */
  STRIPE_API_URL: z.url().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: boolish.default(false),
  /** The audit trail (on by default). `off` exists for the audit benchmark's baseline only. */
  AUDIT_LOG: z.enum(['on', 'off']).default('on'),
  SEED_DEMO_DATA: boolish.optional(),
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  SALES_TAX_RATES: z.string().optional(),
  ORDER_HOLD_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  /** Days after delivery within which a customer may ask to return parts. */
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Where customers send returned parts, as one line (the approval mail prints it). */
  RETURN_ADDRESS: z
    .string()
    .trim()
    .min(10, 'must be a postal address of at least 10 characters')
    .max(300)
    .default('Pitstop Parts Returns, 1500 Glendale Ave, Sparks, NV 89431'),
  /** Who gets the shop's new-order notices; unset: every admin. */
  ORDER_NOTIFY_EMAILS: z.string().optional(),
  /** Seconds between expiry runs; fractions are for tests. */
  ORDER_EXPIRY_INTERVAL_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
  /** Connect, greeting and socket timeout of the SMTP connection. */
  SMTP_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(10),
  STRIPE_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(15),
  STRIPE_MAX_NETWORK_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  /** Load shedding: 503 while the event loop lags more than this (0 turns the check off). */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().min(0).optional(),
  /** Load shedding: 503 while the JS heap holds more than this (0 turns the check off). */
  OVERLOAD_MAX_HEAP_MB: z.coerce.number().min(0).optional(),
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** Seconds between looks for due jobs (mails, retries); fractions are for tests. */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(2),
  /** A failed job's first retry waits this long; each further retry doubles it (up to 30 min). */
  JOB_RETRY_BASE_SECONDS: z.coerce.number().min(0.01).max(3600).default(5),
  /** Hours between scheduled backups (0: none); fractions are for tests. See backupSettings. */
  BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).max(8760).optional(),
  /** How many backup files BACKUP_DIR keeps; older ones are deleted after each new one. */
  BACKUP_KEEP: z.coerce.number().int().min(1).max(10_000).default(7),
  BACKUP_DIR: z.string().min(1).optional(),
  /**
   * How fast a PostgreSQL backup may read (MB/s of the compressed dump; 0: as fast as it can), so
   * that on a small machine the shop keeps most of the CPU while it runs.
   */
  BACKUP_MAX_MB_PER_SECOND: z.coerce.number().min(0).max(10_000).default(1),
  /** GET /metrics on the shop's own port, for `Authorization: Bearer <token>` only. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** GET /metrics on 127.0.0.1:METRICS_PORT (this machine only), without a token. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
});

export type Env = z.input<typeof EnvSchema>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  logLevel: string;
  redisUrl: string | undefined;
  /** Unset in development and tests: the app keeps a generated one in DATA_DIR. */
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
  adminEmails: string[];
  payments:
    | { provider: 'sandbox' }
    | {
        provider: 'stripe';
        secretKey: string;
        publishableKey: string;
        webhookSecret: string | undefined;
        apiUrl: string | undefined;
      };
  /** Sign-in, sign-up and reset attempts per client address per minute. */
  authRateLimit: number;
  trustProxy: boolean;
  /** Whether admin actions and security events are written to audit_log (AUDIT_LOG). */
  auditLog: boolean;
  seedDemoData: boolean;
  webDist: string;
  /** Sales tax per delivery state in hundredths of a percent (CA=7.25 → 725); unlisted states pay none. */
  salesTaxRates: Record<string, number>;
  /** How long an unpaid order holds its stock before the expiry job cancels it. */
  orderHoldMinutes: number;
  /** How many days after delivery a customer may ask to return parts (RETURN_WINDOW_DAYS). */
  returnWindowDays: number;
  /** Where customers send returned parts (RETURN_ADDRESS), printed in the approval mail. */
  returnAddress: string;
  /** Where new-order notices go (ORDER_NOTIFY_EMAILS); empty: to every admin. */
  orderNotifyEmails: string[];
  /** How often the expiry job looks for unpaid orders past their deadline, in milliseconds. */
  orderExpiryIntervalMs: number;
  smtpTimeoutMs: number;
  stripe: { timeoutMs: number; maxNetworkRetries: number };
  /** Thresholds past which requests are answered 503 + Retry-After; 0 means not checked. */
  overload: { maxEventLoopDelayMs: number; maxHeapUsedBytes: number; retryAfterSeconds: number };
  jobs: { pollMs: number; retryBaseMs: number };
  /** Scheduled backups (0 ms: none), how many files to keep, and where they go. */
  backups: { intervalMs: number; keep: number; dir: string; maxBytesPerSecond: number };
  /** Prometheus metrics: off (nothing measured, /metrics 404) unless a token or a local port is set. */
  metrics: { token: string | undefined; port: number | undefined } | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * SALES_TAX_RATES: comma-separated STATE=percent pairs, "CA=7.25,NY=4". A percent has at most
 * two decimals, so it is kept exactly as hundredths of a percent.
 */
function parseSalesTaxRates(value: string | undefined): Record<string, number> {
  const rates: Record<string, number> = {};
  for (const pair of (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)) {
    const [code = '', percent = ''] = pair.split('=').map((v) => v.trim());
    const state = code.toUpperCase();
    if (!/^[A-Z]{2}$/.test(state) || !/^\d{1,2}$|^\d{1,2}\.\d{1,2}$/.test(percent)) {
      throw new ConfigError(
        `Invalid configuration: SALES_TAX_RATES must be STATE=percent pairs like "CA=7.25,NY=4" (got "${pair}")`,
      );
    }
    if (!isDeliveryState(state)) {
      throw new ConfigError(
        `Invalid configuration: SALES_TAX_RATES names ${state}, which is not a state the shop delivers to`,
      );
    }
    const [whole = '0', fraction = ''] = percent.split('.');
    rates[state] = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  }
  return rates;
}

/**
 * ORDER_NOTIFY_EMAILS: comma-separated addresses, "orders@shop.com, sam@shop.com". Each must be a
 * mail address, so a typo stops the start instead of losing every notice.
 */
function parseNotifyEmails(value: string | undefined): string[] {
  const emails = (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const email of emails) {
    if (!z.email().safeParse(email).success) {
      throw new ConfigError(
        `Invalid configuration: ORDER_NOTIFY_EMAILS must be comma-separated mail addresses (got "${email}")`,
      );
    }
  }
  return [...new Set(emails.map((email) => email.toLowerCase()))];
}

/** Parse the environment once. A bad value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // An empty variable means "not set", as shells and .env files commonly leave them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const got = cleaned[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${got === undefined ? '' : ` (got "${got}")`}`,
    );
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.AUTH_SECRET) {
    throw new ConfigError('Invalid configuration: AUTH_SECRET is required in production');
  }
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      `Invalid configuration: ${e.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'} must be set with the other Google variable`,
    );
  }
  const provider = e.PAYMENT_PROVIDER ?? (e.STRIPE_SECRET_KEY ? 'stripe' : 'sandbox');
  if (provider === 'stripe' && (!e.STRIPE_SECRET_KEY || !e.STRIPE_PUBLISHABLE_KEY)) {
    throw new ConfigError(
      `Invalid configuration: ${e.STRIPE_SECRET_KEY ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY'} is required when PAYMENT_PROVIDER is stripe`,
    );
  }
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolMax: e.DATABASE_POOL_MAX,
    logLevel: e.LOG_LEVEL,
    redisUrl: e.REDIS_URL,
    authSecret: e.AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    adminEmails: (e.ADMIN_EMAILS ?? '')
      .split(',')
      .map((v) => v.trim().toLowerCase())
      .filter(Boolean),
    authRateLimit: e.AUTH_RATE_LIMIT,
    payments:
      provider === 'stripe'
        ? {
            provider,
            secretKey: e.STRIPE_SECRET_KEY ?? '',
            publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL,
          }
        : { provider: 'sandbox' },
    trustProxy: e.TRUST_PROXY,
    auditLog: e.AUDIT_LOG === 'on',
    seedDemoData: e.SEED_DEMO_DATA ?? e.NODE_ENV !== 'production',
    webDist: path.resolve(e.WEB_DIST),
    salesTaxRates: parseSalesTaxRates(e.SALES_TAX_RATES),
    orderHoldMinutes: e.ORDER_HOLD_MINUTES,
    returnWindowDays: e.RETURN_WINDOW_DAYS,
    returnAddress: e.RETURN_ADDRESS,
    orderNotifyEmails: parseNotifyEmails(e.ORDER_NOTIFY_EMAILS),
    orderExpiryIntervalMs: Math.round(e.ORDER_EXPIRY_INTERVAL_SECONDS * 1000),
    smtpTimeoutMs: Math.round(e.SMTP_TIMEOUT_SECONDS * 1000),
    stripe: {
      timeoutMs: Math.round(e.STRIPE_TIMEOUT_SECONDS * 1000),
      maxNetworkRetries: e.STRIPE_MAX_NETWORK_RETRIES,
    },
    overload: overloadLimits(e),
    jobs: {
      pollMs: Math.round(e.JOBS_POLL_SECONDS * 1000),
      retryBaseMs: Math.round(e.JOB_RETRY_BASE_SECONDS * 1000),
    },
    backups: backupSettings(e),
    metrics:
      e.METRICS_TOKEN !== undefined || e.METRICS_PORT !== undefined
        ? { token: e.METRICS_TOKEN, port: e.METRICS_PORT }
        : undefined,
  };
}

/**
 * A backup a day by default, the seven newest kept, in DATA_DIR/backups; none under NODE_ENV=test
 * unless asked for, so test servers do not write files nobody reads.
 */
function backupSettings(e: z.infer<typeof EnvSchema>): Config['backups'] {
  const hours = e.BACKUP_INTERVAL_HOURS ?? (e.NODE_ENV === 'test' ? 0 : 24);
  return {
    intervalMs: Math.round(hours * 3_600_000),
    keep: e.BACKUP_KEEP,
    dir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    maxBytesPerSecond: Math.round(e.BACKUP_MAX_MB_PER_SECOND * 2 ** 20),
  };
}

/**
 * Off by default under NODE_ENV=test, so a busy test machine never sheds a test's requests.
 * Elsewhere: a mean event-loop lag of a whole second, or a heap at 90 % of V8's limit, means
 * new requests would only queue behind ones already late.
 */
function overloadLimits(e: z.infer<typeof EnvSchema>): Config['overload'] {
  const testing = e.NODE_ENV === 'test';
  const heapMb =
    e.OVERLOAD_MAX_HEAP_MB ?? (testing ? 0 : (v8.getHeapStatistics().heap_size_limit * 0.9) / 2 ** 20);
  return {
    maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS ?? (testing ? 0 : 1000),
    maxHeapUsedBytes: Math.round(heapMb * 2 ** 20),
    retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
  };
}
