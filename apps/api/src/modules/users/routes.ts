import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccessKeySchema,
  AdminCheckSchema,
  InsertedSchema,
  ProfileSchema,
  PublicSettingsSchema,
  UserInfoSchema,
} from '@pitstop/core/accounts';
import { ProblemSchema } from '@pitstop/core/problem';
import { eq } from 'drizzle-orm';
import { AddUserSchema, UserRowSchema } from '@pitstop/core/admin';
import { DeletedSchema } from '@pitstop/core/orders';
import { ModifiedSchema } from '@pitstop/core/payments';
import { currentAccount, currentUser, requireAdmin, requireUser } from '../../auth/plugin.js';
import { sessions, users } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { Db } from '../../db/client.js';
import { auditContextOf, recordAudit, withAuditContext } from '../audit/service.js';
import { requireStoredUpload } from '../uploads/service.js';
import {
  checkAdmin,
  deleteUser,
  exchangeAccessKey,
  findUserByEmail,
  listUsers,
  makeAdmin,
  saveOwnProfile,
  toProfile,
} from './service.js';
import { singleLineText } from '@pitstop/core/text';

const EmailParams = z.object({
  email: singleLineText()
    .trim()
    .min(3)
    .max(254)
    .regex(/^[^@\s]+@[^@\s]+$/, 'Provide a Valid Email'),
});
const problems = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };
const bearer = [{ bearer: [] }];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = requireUser(app);

  app.get(
    '/settings',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Public settings the web app needs',
        response: { 200: PublicSettingsSchema },
      },
    },
    async () => ({ googleSignIn: Boolean(app.config.google) }),
  );

  app.get(
    '/me',
    {
      preValidation: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: ProfileSchema, ...problems },
      },
    },
    // The row was read with the session (and is dropped from the session cache on any change).
    async (request) => toProfile(currentAccount(request)),
  );

  app.put(
    '/user/:email',
    {
      preValidation: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'Exchange a session for the access key (the signed-in owner of the email only)',
        security: bearer,
        params: EmailParams,
        response: { 200: AccessKeySchema, ...problems },
      },
    },
    async (request) => {
      const caller = currentUser(request);
      const answer = await exchangeAccessKey(
        app.db,
        caller,
        request.params.email,
        app.config.adminEmails,
        auditContextOf(request),
      );
      // A bootstrap admin was just promoted: their cached session must show it.
      if (caller.role !== 'admin' && app.config.adminEmails.includes(caller.email.toLowerCase())) {
        await app.sessionCache.forgetUsers([caller.id]);
      }
      return answer;
    },
  );

  app.get(
    '/admin/:email',
    {
      preValidation: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'Whether the user with this email is an admin (yourself, or anyone for admins)',
        security: bearer,
        params: EmailParams,
        response: { 200: AdminCheckSchema, ...problems },
      },
    },
    async (request) => checkAdmin(app.db, currentUser(request), request.params.email),
  );

  app.post(
    '/userInfo',
    {
      preValidation: signedIn,
      schema: {
        tags: ['accounts'],
        summary:
          'Save your profile: name, occupation and an uploaded photo; without `img` the photo on the account stays (400 on `img` when it has none)',
        security: bearer,
        body: UserInfoSchema,
        response: { 200: InsertedSchema, ...problems },
      },
    },
    async (request) => {
      if (request.body.img) await requireStoredUpload(app.uploads, request.body.img);
      const saved = await saveOwnProfile(app.db, currentUser(request), request.body);
      await app.sessionCache.forgetUsers([saved.insertedId]);
      return saved;
    },
  );
};

/** Admin-only user management (spec §7: GET /user, PUT /user/admin/{email}; plus delete and add). */
export const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = requireAdmin(app);
  const adminProblems = { ...problems, 404: ProblemSchema, 409: ProblemSchema };

  app.get(
    '/user',
    {
      preValidation: admin,
      schema: {
        tags: ['admin'],
        summary: 'Every user (admins)',
        security: bearer,
        response: { 200: z.array(UserRowSchema), ...adminProblems },
      },
    },
    async () => listUsers(app.db),
  );

  app.put(
    '/user/admin/:email',
    {
      preValidation: admin,
      schema: {
        tags: ['admin'],
        summary: 'Make a user an admin',
        security: bearer,
        params: EmailParams,
        response: { 200: ModifiedSchema, ...adminProblems },
      },
    },
    async (request) => {
      const result = await makeAdmin(app.db, request.params.email, auditContextOf(request));
      const promoted = await findUserByEmail(app.db, request.params.email);
      if (promoted) await app.sessionCache.forgetUsers([promoted.id]);
      return result;
    },
  );

  app.delete(
    '/user/:id',
    {
      preValidation: admin,
      schema: {
        tags: ['admin'],
        summary: 'Delete a user (not yourself, not the last admin); their orders stay',
        security: bearer,
        params: z.object({ id: singleLineText().min(1).max(100) }),
        response: { 200: DeletedSchema, ...adminProblems },
      },
    },
    async (request) => {
      const result = await deleteUser(
        app.db,
        currentUser(request),
        request.params.id,
        auditContextOf(request),
      );
      // Its sessions went with it (a cascade better-auth does not see).
      await app.sessionCache.forgetUsers([request.params.id]);
      return result;
    },
  );

  app.post(
    '/users',
    {
      preValidation: admin,
      schema: {
        tags: ['admin'],
        summary: 'Add a user; they are mailed a link to set their password',
        security: bearer,
        body: AddUserSchema,
        response: { 200: InsertedSchema, ...adminProblems },
      },
    },
    async (request) => {
      const { name, email, occupation, img } = request.body;
      if (await findUserByEmail(app.db, email)) {
        throw new AppError('conflict', 'That email is already registered.', [
          { field: 'email', message: 'That email is already registered.' },
        ]);
      }
      await requireStoredUpload(app.uploads, img);
      const audit = auditContextOf(request);
      // A random password nobody knows; the person chooses their own through the mailed link.
      const { user } = await app.auth.api.signUpEmail({
        body: { name, email, password: randomBytes(24).toString('base64url') },
      });
      // better-auth wrote the account in its own statements; its completion and the audit row
      // commit together.
      await app.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ occupation, image: img, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        await recordAudit(tx as unknown as Db, audit, {
          action: 'user.create',
          recordType: 'user',
          recordId: user.id,
          after: { name, email, occupation, role: 'user' },
        });
      });
      // Sign-up signs the new account in; that session is not the admin's to keep.
      await app.db.delete(sessions).where(eq(sessions.userId, user.id));
      await app.sessionCache.forgetUsers([user.id]);
      app.invitations.add(email.toLowerCase());
      // Its reset request is the admin's, as the audit trail records it.
      await withAuditContext(audit, () =>
        app.auth.api.requestPasswordReset({
          body: { email, redirectTo: `${app.config.publicUrl}/reset-password` },
        }),
      );
      return { insertedId: user.id };
    },
  );
};
