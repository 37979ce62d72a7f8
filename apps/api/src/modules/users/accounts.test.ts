import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { messages } from '@pitstop/core/messages';
import { SESSION_CACHE_TTL_MS } from '../../auth/session-cache.js';
import { users } from '../../db/schema.js';
import { captureMailer, createTestApp, type TestApp } from '../../test/app.js';
import { ORIGIN, accessKeyFor, bearer, signIn, signUp, uniqueEmail } from '../../test/accounts.js';

describe('accounts', () => {
  let t: TestApp;
  const mail = captureMailer();
  beforeAll(async () => {
    t = await createTestApp({
      mailer: mail,
      env: { ADMIN_EMAILS: 'boss@example.com', AUTH_RATE_LIMIT: '1000' },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('signs up, signs in, and exchanges the session for an access key that works as Bearer', async () => {
    const { email, password } = await signUp(t.app, { name: 'Asha Rider' });
    const res = await signIn(t.app, email, password);
    expect(res.statusCode).toBe(200);
    const token = res.headers['set-auth-token'] as string;
    const accessKey = await accessKeyFor(t.app, email, token);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(accessKey) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      name: 'Asha Rider',
      email,
      role: 'user',
      emailVerified: false,
      image: null,
    });
    expect(me.json()).not.toHaveProperty('password');
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    const { email } = await signUp(t.app);
    const wrong = await signIn(t.app, email, 'not-the-password');
    const unknown = await signIn(t.app, uniqueEmail('ghost'), 'whatever-pass');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().code).toBe(unknown.json().code);
  });

  it('refuses a second account on the same email', async () => {
    const { email } = await signUp(t.app);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: ORIGIN },
      payload: { name: 'Copy', email, password: 'another-pass' },
    });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(again.statusCode).toBeLessThan(500);
    expect(again.json().code).toMatch(/ALREADY_EXISTS/);
  });

  describe('PUT /api/user/:email (the exchange)', () => {
    it('refuses anonymous callers', async () => {
      const res = await t.app.inject({ method: 'PUT', url: '/api/user/someone@example.com', payload: {} });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
    });

    it('refuses a made-up token', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/user/someone@example.com',
        headers: bearer('made-up-token'),
      });
      expect(res.statusCode).toBe(401);
    });

    it('refuses another user’s email with 403', async () => {
      const me = await signUp(t.app);
      const other = await signUp(t.app);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${other.email}`,
        headers: bearer(me.token),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().detail).toBe(messages.forbidden);
      expect(res.json()).not.toHaveProperty('accessKey');
    });

    it('ignores a role in the body', async () => {
      const me = await signUp(t.app);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/user/${me.email}`,
        headers: bearer(me.token),
        payload: { email: me.email, role: 'admin' },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await t.database.db.select().from(users).where(eq(users.id, me.userId));
      expect(row?.role).toBe('user');
    });
  });

  describe('GET /api/admin/:email', () => {
    it('answers false for a customer, true for a bootstrap admin, and 403 for someone else’s email', async () => {
      const customer = await signUp(t.app);
      const boss = await signUp(t.app, { email: 'boss@example.com' });
      const mine = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${customer.email}`,
        headers: bearer(customer.token),
      });
      expect(mine.json()).toEqual({ admin: false });
      const bossCheck = await t.app.inject({
        method: 'GET',
        url: '/api/admin/boss@example.com',
        headers: bearer(boss.token),
      });
      expect(bossCheck.json()).toEqual({ admin: true });
      const nosy = await t.app.inject({
        method: 'GET',
        url: '/api/admin/boss@example.com',
        headers: bearer(customer.token),
      });
      expect(nosy.statusCode).toBe(403);
      const byAdmin = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${customer.email}`,
        headers: bearer(boss.token),
      });
      expect(byAdmin.json()).toEqual({ admin: false });
      const anonymous = await t.app.inject({ method: 'GET', url: `/api/admin/${customer.email}` });
      expect(anonymous.statusCode).toBe(401);
    });

    // The app's own role changes clear the session cache on every process at once
    // (auth/sessions.test.ts); one made in SQL by hand is seen once the cached entry is due.
    it('sees a demotion made in SQL once the cached session is due', async () => {
      const boss = await signUp(t.app, { email: 'boss2@example.com' });
      await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, boss.userId));
      const before = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${boss.email}`,
        headers: bearer(boss.token),
      });
      expect(before.json()).toEqual({ admin: true });
      await t.database.db.update(users).set({ role: 'user' }).where(eq(users.id, boss.userId));
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + SESSION_CACHE_TTL_MS + 1 });
      try {
        const after = await t.app.inject({
          method: 'GET',
          url: `/api/admin/${boss.email}`,
          headers: bearer(boss.token),
        });
        expect(after.json()).toEqual({ admin: false });
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it('signs out: the token stops working', async () => {
    const me = await signUp(t.app);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { ...bearer(me.token), origin: ORIGIN },
    });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(me.token) });
    expect(after.statusCode).toBe(401);
  });

  describe('password reset', () => {
    async function requestReset(email: string) {
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: ORIGIN },
        payload: { email, redirectTo: `${ORIGIN}/reset-password` },
      });
    }

    it('mails a link that sets a new password; the old one fails and old sessions end', async () => {
      const me = await signUp(t.app, { password: 'old-password' });
      const res = await requestReset(me.email);
      expect(res.statusCode).toBe(200);
      await t.app.jobs.runDue();
      const link = new URL(mail.link(me.email));
      expect(mail.last(me.email).subject).toMatch(/reset/i);
      expect(mail.last(me.email).text).toContain('Pitstop Parts');

      // The link goes to the API, which sends the browser on to the SPA's reset page with a token.
      const follow = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(follow.statusCode).toBe(302);
      const target = new URL(String(follow.headers.location));
      expect(target.pathname).toBe('/reset-password');
      const token = target.searchParams.get('token');
      expect(token).toBeTruthy();

      const reset = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: { origin: ORIGIN },
        payload: { newPassword: 'new-password', token },
      });
      expect(reset.statusCode).toBe(200);
      expect((await signIn(t.app, me.email, 'old-password')).statusCode).toBe(401);
      expect((await signIn(t.app, me.email, 'new-password')).statusCode).toBe(200);
      const oldSession = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(me.token) });
      expect(oldSession.statusCode).toBe(401);

      const reused = await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers: { origin: ORIGIN },
        payload: { newPassword: 'third-password', token },
      });
      expect(reused.statusCode).toBe(400);
    });

    it('answers the same for an email nobody registered, and sends nothing', async () => {
      const ghost = uniqueEmail('ghost');
      const known = await signUp(t.app);
      const a = await requestReset(ghost);
      const b = await requestReset(known.email);
      expect(a.statusCode).toBe(b.statusCode);
      expect(a.json()).toEqual(b.json());
      await t.app.jobs.runDue();
      expect(mail.sent.some((m) => m.to === known.email && /reset/i.test(m.subject))).toBe(true);
      expect(mail.sent.some((m) => m.to === ghost)).toBe(false);
    });
  });

  describe('POST /api/userInfo', () => {
    it('validates with the catalogue messages', async () => {
      const me = await signUp(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/userInfo',
        headers: bearer(me.token),
        payload: { email: 'Not An Email', name: '', occupation: 'Pilot', img: '' },
      });
      expect(res.statusCode).toBe(400);
      const byField: Record<string, string> = {};
      for (const e of res.json().errors as { field: string; message: string }[])
        byField[e.field] ??= e.message;
      expect(byField).toMatchObject({
        email: messages.emailInvalid,
        name: messages.nameRequired,
        img: messages.imgRequired,
      });
      expect(byField.occupation).toBeTruthy();
    });

    it('refuses another user’s email and a photo that was never uploaded', async () => {
      const me = await signUp(t.app);
      const other = await signUp(t.app);
      const img = `/uploads/${'a'.repeat(64)}.webp`;
      const theirs = await t.app.inject({
        method: 'POST',
        url: '/api/userInfo',
        headers: bearer(me.token),
        payload: { email: other.email, name: 'X', occupation: 'Student', img },
      });
      expect([400, 403]).toContain(theirs.statusCode);
      const missing = await t.app.inject({
        method: 'POST',
        url: '/api/userInfo',
        headers: bearer(me.token),
        payload: { email: me.email, name: 'X', occupation: 'Student', img },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors[0].field).toBe('img');
      const anonymous = await t.app.inject({
        method: 'POST',
        url: '/api/userInfo',
        payload: { email: me.email, name: 'X', occupation: 'Student', img },
      });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  it('tells the web app whether Google sign-in is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.json()).toEqual({ googleSignIn: false });
  });
});

describe('verification mail over real SMTP', () => {
  let t: TestApp;
  let server: SMTPServer;
  const received: { to: string; text: string }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo[0]?.address ?? '', text: raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, AUTH_RATE_LIMIT: '1000' } });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends a verification mail at sign-up whose link verifies the address', async () => {
    const me = await signUp(t.app, { name: 'Mail Tester' });
    await expect.poll(() => received.find((m) => m.to === me.email), { timeout: 10_000 }).toBeTruthy();
    const raw = received.find((m) => m.to === me.email)!.text;
    // Quoted-printable may wrap the link; undo soft line breaks before looking for it.
    const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = /https?:\/\/[^\s"<>]+verify-email[^\s"<>]+/.exec(text);
    expect(match).toBeTruthy();
    const link = new URL(match![0]);
    const verify = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect([200, 302]).toContain(verify.statusCode);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.userId));
    expect(row?.emailVerified).toBe(true);
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 429 after too many sign-in attempts from one address, with a problem', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await signIn(t.app, 'nobody@example.com', 'wrong-pass')).statusCode);
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
    expect(statuses.slice(3)).toEqual([429, 429]);
    const last = await signIn(t.app, 'nobody@example.com', 'wrong-pass');
    expect(last.headers['content-type']).toMatch(/json/);
    expect(last.json().status).toBe(429);
  });

  it('counts sign-up and reset separately from sign-in, and limits them too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: ORIGIN },
        payload: { email: 'nobody@example.com', redirectTo: `${ORIGIN}/reset-password` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
