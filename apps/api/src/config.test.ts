import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults: embedded database, port 3000, demo data outside production', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemoData).toBe(true);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemoData).toBe(false);
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT .*\(got "abc"\)$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid configuration: DATABASE_URL must be a postgres/],
    [{ LOG_LEVEL: 'loud' }, /^Invalid configuration: LOG_LEVEL /],
    [{ PUBLIC_URL: 'not a url' }, /^Invalid configuration: PUBLIC_URL /],
  ])('refuses %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
