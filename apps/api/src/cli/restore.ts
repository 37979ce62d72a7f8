// npm run restore -- FILE [--force]: a backup back into DATA_DIR (PGlite) or DATABASE_URL, with
// its uploads. Stop the shop first. See docs/decisions/027-running-the-shop.md, "Backups".
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { DataDirLockedError } from '../db/lock.js';
import { restoreBackup } from '../modules/backups/restore.js';

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    console.error('Usage: npm run restore -- FILE [--force]');
    process.exit(2);
  }
  const config = loadConfig();
  const result = await restoreBackup(file, {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    force: values.force,
    log: { info: () => undefined, warn: (m) => console.warn(m), error: (m) => console.error(m) },
  });
  const { manifest, counts } = result;
  console.log(
    `Restored the backup of ${manifest.createdAt} into ${config.databaseUrl ? 'PostgreSQL' : config.dataDir}: ` +
      `${counts.parts} parts, ${counts.orders} orders, ${counts.users} users, ${result.uploads} upload files` +
      (result.migratedFrom ? `; migrated forward from ${result.migratedFrom}.` : '.'),
  );
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof Error
      ? `Restore failed: ${err.message}`
      : err,
  );
  process.exit(1);
});
