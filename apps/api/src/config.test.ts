import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults: embedded database, port 3000, demo data outside production', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemoData).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) }).seedDemoData).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT .*\(got "abc"\)$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL /],
    [{ PUBLIC_URL: 'not a url' }, /^Invalid configuration: PUBLIC_URL /],
    [{ NODE_ENV: 'production' }, /^Invalid configuration: AUTH_SECRET is required in production$/],
    [{ AUTH_SECRET: 'short' }, /^Invalid configuration: AUTH_SECRET must be at least 32 characters/],
    [{ GOOGLE_CLIENT_ID: 'id' }, /^Invalid configuration: GOOGLE_CLIENT_SECRET must be set/],
    [{ SMTP_URL: 'http://x' }, /^Invalid configuration: SMTP_URL /],
    [{ SALES_TAX_RATES: 'CA:7' }, /^Invalid configuration: SALES_TAX_RATES must be STATE=percent pairs/],
    [{ SALES_TAX_RATES: 'CA=7.255' }, /^Invalid configuration: SALES_TAX_RATES must be STATE=percent pairs/],
    [{ SALES_TAX_RATES: 'HI=4' }, /^Invalid configuration: SALES_TAX_RATES names HI, which is not a state/],
    [{ ORDER_HOLD_MINUTES: '0' }, /^Invalid configuration: ORDER_HOLD_MINUTES /],
    [{ ORDER_HOLD_MINUTES: '1.5' }, /^Invalid configuration: ORDER_HOLD_MINUTES /],
    [{ ORDER_EXPIRY_INTERVAL_SECONDS: 'often' }, /^Invalid configuration: ORDER_EXPIRY_INTERVAL_SECONDS /],
    [{ RETURN_WINDOW_DAYS: '0' }, /^Invalid configuration: RETURN_WINDOW_DAYS /],
    [{ RETURN_WINDOW_DAYS: '14.5' }, /^Invalid configuration: RETURN_WINDOW_DAYS /],
    [{ RETURN_WINDOW_DAYS: '366' }, /^Invalid configuration: RETURN_WINDOW_DAYS /],
    [{ RETURN_ADDRESS: 'Reno' }, /^Invalid configuration: RETURN_ADDRESS must be a postal address/],
    [
      { ORDER_NOTIFY_EMAILS: 'orders@pitstop.com, sam at pitstop' },
      /^Invalid configuration: ORDER_NOTIFY_EMAILS must be comma-separated mail addresses \(got "sam at pitstop"\)/,
    ],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads the admin list and Google settings', () => {
    const config = loadConfig({
      ADMIN_EMAILS: ' Boss@Pitstop.com, ops@pitstop.com ,',
      GOOGLE_CLIENT_ID: 'a',
      GOOGLE_CLIENT_SECRET: 'b',
    });
    expect(config.adminEmails).toEqual(['boss@pitstop.com', 'ops@pitstop.com']);
    expect(config.google?.discoveryUrl).toContain('accounts.google.com');
  });

  it('reads sales tax per state in hundredths of a percent, none by default', () => {
    expect(loadConfig({}).salesTaxRates).toEqual({});
    expect(loadConfig({ SALES_TAX_RATES: ' CA=7.25, ny = 4 ,DC=6.5' }).salesTaxRates).toEqual({
      CA: 725,
      NY: 400,
      DC: 650,
    });
  });

  it('holds unpaid orders 30 minutes and looks for expired ones every 30 s by default', () => {
    expect(loadConfig({})).toMatchObject({ orderHoldMinutes: 30, orderExpiryIntervalMs: 30_000 });
    expect(loadConfig({ ORDER_HOLD_MINUTES: '45', ORDER_EXPIRY_INTERVAL_SECONDS: '0.2' })).toMatchObject({
      orderHoldMinutes: 45,
      orderExpiryIntervalMs: 200,
    });
  });

  it('sends new-order notices to the admins unless ORDER_NOTIFY_EMAILS names who', () => {
    expect(loadConfig({}).orderNotifyEmails).toEqual([]);
    expect(
      loadConfig({ ORDER_NOTIFY_EMAILS: ' Orders@Pitstop.com,,sam@pitstop.com , orders@pitstop.com' })
        .orderNotifyEmails,
    ).toEqual(['orders@pitstop.com', 'sam@pitstop.com']);
  });

  it('takes returns for 30 days after delivery by default', () => {
    expect(loadConfig({}).returnWindowDays).toBe(30);
    expect(loadConfig({ RETURN_WINDOW_DAYS: '14' }).returnWindowDays).toBe(14);
    expect(loadConfig({ RETURN_ADDRESS: ' Returns, 1 Main St, Reno, NV 89501 ' }).returnAddress).toBe(
      'Returns, 1 Main St, Reno, NV 89501',
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });

  it('sheds load outside tests by default, never in tests unless asked, and bounds the providers', () => {
    const production = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32) });
    expect(production.overload.maxEventLoopDelayMs).toBe(1000);
    expect(production.overload.maxHeapUsedBytes).toBeGreaterThan(100 * 2 ** 20);
    expect(production.smtpTimeoutMs).toBe(10_000);
    expect(production.stripe).toEqual({ timeoutMs: 15_000, maxNetworkRetries: 2 });
    expect(loadConfig({ NODE_ENV: 'test' }).overload).toMatchObject({
      maxEventLoopDelayMs: 0,
      maxHeapUsedBytes: 0,
    });
    const asked = loadConfig({
      NODE_ENV: 'test',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '200',
      OVERLOAD_MAX_HEAP_MB: '512',
    });
    expect(asked.overload).toEqual({
      maxEventLoopDelayMs: 200,
      maxHeapUsedBytes: 512 * 2 ** 20,
      retryAfterSeconds: 10,
    });
    expect(() => loadConfig({ SMTP_TIMEOUT_SECONDS: 'never' })).toThrow(
      /^Invalid configuration: SMTP_TIMEOUT_SECONDS /,
    );
  });
});

describe('backup settings', () => {
  it('a backup a day into DATA_DIR/backups, the newest seven kept, read at 1 MB/s; none under NODE_ENV=test unless asked', () => {
    expect(loadConfig({ DATA_DIR: '/srv/shop' }).backups).toEqual({
      intervalMs: 24 * 3_600_000,
      keep: 7,
      dir: '/srv/shop/backups',
      maxBytesPerSecond: 2 ** 20,
    });
    expect(loadConfig({ NODE_ENV: 'test' }).backups.intervalMs).toBe(0);
    expect(
      loadConfig({
        BACKUP_INTERVAL_HOURS: '6',
        BACKUP_KEEP: '30',
        BACKUP_DIR: '/mnt/backup',
        BACKUP_MAX_MB_PER_SECOND: '0',
      }).backups,
    ).toEqual({ intervalMs: 6 * 3_600_000, keep: 30, dir: '/mnt/backup', maxBytesPerSecond: 0 });
    expect(() => loadConfig({ BACKUP_MAX_MB_PER_SECOND: '-1' })).toThrow(
      /^Invalid configuration: BACKUP_MAX_MB_PER_SECOND /,
    );
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/^Invalid configuration: BACKUP_KEEP /);
  });
});
