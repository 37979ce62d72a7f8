import fs from 'node:fs/promises';
import path from 'node:path';
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
import { currentUser, requireUser } from '../../auth/plugin.js';
import { AppError } from '../../lib/errors.js';
import { checkAdmin, exchangeAccessKey, getProfile, saveOwnProfile } from './service.js';

const EmailParams = z.object({
  email: z
    .string()
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
      preHandler: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: ProfileSchema, ...problems },
      },
    },
    async (request) => getProfile(app.db, currentUser(request).id),
  );

  app.put(
    '/user/:email',
    {
      preHandler: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'Exchange a session for the access key (the signed-in owner of the email only)',
        security: bearer,
        params: EmailParams,
        response: { 200: AccessKeySchema, ...problems },
      },
    },
    async (request) =>
      exchangeAccessKey(app.db, currentUser(request), request.params.email, app.config.adminEmails),
  );

  app.get(
    '/admin/:email',
    {
      preHandler: signedIn,
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
      preHandler: signedIn,
      schema: {
        tags: ['accounts'],
        summary: 'Save your profile: name, occupation and an uploaded photo',
        security: bearer,
        body: UserInfoSchema,
        response: { 200: InsertedSchema, ...problems },
      },
    },
    async (request) => {
      const file = path.join(app.config.dataDir, request.body.img);
      const exists = await fs.access(file).then(
        () => true,
        () => false,
      );
      if (!exists) {
        throw new AppError('invalid', 'Upload the photo first', [
          { field: 'img', message: 'Upload the photo first' },
        ]);
      }
      return saveOwnProfile(app.db, currentUser(request), request.body);
    },
  );
};
