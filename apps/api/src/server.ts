import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './db/lock.js';
import { DEMO_ACCOUNTS } from './seed/demo-accounts.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing in-flight requests, then closing`);
    // Stops accepting, lets in-flight requests finish, then runs onClose (closes the database).
    const force = setTimeout(() => {
      // What still held the process, for whoever reads the log.
      app.server.getConnections((_err, connections) => {
        app.log.error(
          { connections, resources: process.getActiveResourcesInfo() },
          'shutdown took longer than 10 s; exiting',
        );
        process.exit(1);
      });
    }, 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Pitstop Parts is serving ${config.publicUrl} (database: ${app.database.kind})`);
  if (config.seedDemoData && config.env !== 'production') {
    const list = DEMO_ACCOUNTS.map(
      (a) => `${a.email} / ${a.password} (${a.role === 'admin' ? 'admin' : 'customer'})`,
    );
    app.log.info(`Demo accounts: ${list.join(', ')}`);
  }
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
