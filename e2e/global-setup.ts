import fs from 'node:fs/promises';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort, repoRoot, startShop } from '../scripts/server-process.ts';
import { startOidcProvider } from './oidc-provider.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The server's DATA_DIR: tests read the mails it wrote to its outbox there. */
    dataDir: string;
  }
}

/** The real server, built as `npm start` builds it, on a throw-away embedded database. */
export default async function setup(project: TestProject) {
  const indexFile = path.join(repoRoot, 'apps/web/dist/index.html');
  await fs.access(indexFile).catch(() => {
    throw new Error(`${indexFile} is missing: run npm run build first.`);
  });
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // Google's place is taken by a local OpenID provider.
  const oidc = await startOidcProvider(await freePort(), `${baseURL}/api/auth/callback/google`);
  const shop = await startShop(
    {
      NODE_ENV: 'test',
      GOOGLE_CLIENT_ID: oidc.clientId,
      GOOGLE_CLIENT_SECRET: oidc.clientSecret,
      GOOGLE_DISCOVERY_URL: oidc.discoveryUrl,
      // Every browser test signs in from 127.0.0.1; the rate limit itself is tested in the API suite.
      AUTH_RATE_LIMIT: '10000',
      ADMIN_EMAILS: 'admin@pitstop.com',
      // The checkout suite shows and charges California's sales tax.
      SALES_TAX_RATES: 'CA=7.25',
    },
    { port },
  );
  project.provide('baseURL', shop.url);
  project.provide('dataDir', shop.dataDir);

  return async () => {
    // Anything the server logged as an error during the suite is shown: a browser test can pass
    // while a request behind it failed, and that is a bug to see.
    const errors = shop
      .output()
      .split('\n')
      .filter((line) => /"level":(50|60)/.test(line));
    if (errors.length > 0) console.error(`The shop logged ${errors.length} error(s):\n${errors.join('\n')}`);
    await shop.stop();
    await oidc.close();
  };
}
