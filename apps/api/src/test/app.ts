import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.js';
import type { PasswordHashing } from '../auth/auth.js';
import { loadConfig, type Config } from '../config.js';
import { migrationsFolder as defaultMigrationsFolder, openDatabase, type Database } from '../db/client.js';
import { migrationsKey } from '../db/pglite-template.js';
import { remembered } from '../lib/remembered.js';
import { MemoryInvalidationBus } from '../lib/invalidation-bus.js';
import type { Mail, Mailer } from '../lib/mail.js';
import type { UploadStore } from '../modules/uploads/store.js';

const silent = { error: () => {}, warn: () => {}, info: () => {} };

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a new
 * database on the TEST_DATABASE_URL server that is dropped again on close.
 */
export async function createTestDatabase(
  options: { migrationsFolder?: string; pgliteDir?: string } = {},
): Promise<Database> {
  const { migrationsFolder } = options;
  if (process.env.TEST_DB !== 'postgres') {
    return openDatabase({
      databaseUrl: undefined,
      pgliteDir: options.pgliteDir ?? 'memory://',
      poolMax: 1,
      log: silent,
      ...(migrationsFolder ? { migrationsFolder } : {}),
    });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `pitstop_test_${randomUUID().replaceAll('-', '')}`;
  // Copying a migrated template database is much faster than migrating each new one.
  const template = migrationsFolder ? undefined : await migratedPostgresTemplate(adminUrl);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({
    databaseUrl: url.toString(),
    pgliteDir: 'unused',
    poolMax: 20,
    log: silent,
    ...(migrationsFolder ? { migrationsFolder } : {}),
  });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A database with every migration applied, kept on the test server under a name made of the
 * migrations' key, for test databases to be copied from (CREATE DATABASE … TEMPLATE). Made once
 * per set of migrations; a worker that finds another making it waits for the name to appear.
 */
async function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  const key = await migrationsKey(defaultMigrationsFolder);
  const template = `pitstop_template_${key}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1;
    if (await exists()) return template;
    // One maker at a time across test workers; the others find the template once it is renamed.
    await admin.query('select pg_advisory_lock(727275)');
    try {
      if (await exists()) return template;
      const making = `${template}_making`;
      await admin.query(`drop database if exists ${making}`);
      await admin.query(`create database ${making}`);
      const url = new URL(adminUrl);
      url.pathname = `/${making}`;
      const database = await openDatabase({
        databaseUrl: url.toString(),
        pgliteDir: 'unused',
        poolMax: 2,
        log: silent,
      });
      await database.close();
      await admin.query(`alter database ${making} rename to ${template}`);
      return template;
    } finally {
      await admin.query('select pg_advisory_unlock(727275)');
    }
  } finally {
    await admin.end();
  }
}

/**
 * Passwords for test apps: better-auth's own scrypt hash and check, each made once per worker for
 * the same input. A hash costs about 180 ms of a core, and the API suites sign up well over a
 * thousand accounts, nearly all with one password, so the hash of a password is made the first
 * time and given to every account that chooses it (a real hash, with its own salt, that
 * better-auth's check verifies), and checking a password against a hash, which always answers the
 * same, is done once. The shop salts every account's hash afresh.
 */
const hashes = new Map<string, Promise<string>>();
const checks = new Map<string, Promise<boolean>>();
export const testPasswords: PasswordHashing = {
  hash: (password) => remembered(hashes, password, () => hashPassword(password)),
  verify: ({ hash, password }) =>
    remembered(checks, JSON.stringify([hash, password]), () => verifyPassword({ hash, password })),
};

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: path.join(os.tmpdir(), `pitstop-test-${randomUUID()}`),
    WEB_DIST: path.join(os.tmpdir(), 'pitstop-no-web'),
    SEED_DEMO_DATA: 'false',
    // Test files sign up many riders from one address; a file that tests the limit sets its own.
    AUTH_RATE_LIMIT: '100000',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export interface TestAppOptions {
  seed?: boolean;
  env?: Record<string, string>;
  mailer?: Mailer;
  uploads?: UploadStore;
  /** PGlite only: its files in this folder, as the shop keeps them, instead of in memory. */
  pgliteDir?: string;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase(options.pgliteDir ? { pgliteDir: options.pgliteDir } : {});
  const config = testConfig({ SEED_DEMO_DATA: options.seed ? 'true' : 'false', ...options.env });
  const app = await buildApp(config, {
    database,
    logger: false,
    passwords: testPasswords,
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.uploads ? { uploads: options.uploads } : {}),
  });
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * The app a test file's tests share: built before them and closed after them. Its fields are
 * filled in once the tests run, so read them inside tests and hooks, not at the file's top level.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
  });
  afterAll(async () => {
    // Nothing to close when building the app failed (the failure is already reported).
    await t.close?.();
  });
  return t;
}

/** Two app instances on one database, standing for two processes behind a load balancer. */
export interface TwoProcesses {
  database: Database;
  a: FastifyInstance;
  b: FastifyInstance;
}

/** Whether two processes of a test share Redis (REDIS_URL set) or an in-memory bus: for titles. */
export const busLabel = process.env.REDIS_URL ? 'Redis' : 'in-memory bus';

/**
 * Two instances on one database for a test file's tests, built before them and closed after
 * them. With REDIS_URL they share that Redis, as processes do; without it an in-memory bus that
 * keeps the same contract (a change reaches the other instance before the writer answers). One
 * config, so both sign with the same secret, as processes share AUTH_SECRET.
 */
export function useTwoProcesses(
  options: { env?: Record<string, string>; mailer?: Mailer } = {},
): TwoProcesses {
  const two = {} as TwoProcesses;
  beforeAll(async () => {
    const redisUrl = process.env.REDIS_URL;
    const database = await createTestDatabase();
    const bus = redisUrl ? undefined : new MemoryInvalidationBus();
    const config = testConfig({ ...options.env, ...(redisUrl ? { REDIS_URL: redisUrl } : {}) });
    const build = () =>
      buildApp(config, {
        database,
        logger: false,
        passwords: testPasswords,
        ...(options.mailer ? { mailer: options.mailer } : {}),
        ...(bus ? { invalidationBus: bus } : {}),
      });
    Object.assign(two, { database, a: await build(), b: await build() });
    await Promise.all([two.a.ready(), two.b.ready()]);
  });
  afterAll(async () => {
    await two.a?.close();
    await two.b?.close();
    await two.database?.close();
  });
  return two;
}

/** A mailer that keeps what it is given, for tests to read links from. */
export function captureMailer(): Mailer & { sent: Mail[]; last(to: string): Mail; link(to: string): string } {
  const sent: Mail[] = [];
  return {
    sent,
    send: async (mail) => {
      sent.push(mail);
    },
    last(to) {
      const mail = [...sent].reverse().find((m) => m.to === to);
      if (!mail) throw new Error(`no mail to ${to}`);
      return mail;
    },
    link(to) {
      const match = /https?:\/\/\S+/.exec(this.last(to).text);
      if (!match) throw new Error(`no link in the mail to ${to}`);
      return match[0];
    },
  };
}
