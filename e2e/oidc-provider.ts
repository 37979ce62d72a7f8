import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import Provider from 'oidc-provider';

export const GOOGLE_TEST_USER = { login: 'googler', email: 'googler@gmail.com', name: 'Gia Googler' };

/**
 * A local OpenID provider on 127.0.0.1 standing in for Google: its built-in development login
 * screen accepts any login and password, and every login signs in as GOOGLE_TEST_USER.
 */
export async function startOidcProvider(port: number, redirectUri: string) {
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'pitstop-e2e';
  const clientSecret = randomBytes(24).toString('hex');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, sub) => ({
      accountId: sub,
      claims: async () => ({
        sub,
        email: GOOGLE_TEST_USER.email,
        email_verified: true,
        name: GOOGLE_TEST_USER.name,
      }),
    }),
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [randomBytes(16).toString('hex')] },
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(port, '127.0.0.1', () => resolve(s));
  });
  return {
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
