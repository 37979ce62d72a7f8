import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CardIdParamsSchema,
  OneClickSettingSchema,
  SandboxSaveCardSchema,
  SaveSetupCardSchema,
  SavedCardSchema,
  SavedCardsSchema,
  SetupIntentSchema,
} from '@pitstop/core/saved-cards';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireUser } from '../../auth/plugin.js';
import type { PaymentProviderClient } from '../../lib/payments/provider.js';
import {
  addSandboxCard,
  createSetupIntent,
  listCards,
  removeCard,
  saveSetupCard,
  setOneClick,
} from './service.js';

const problems = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };
const bearer = [{ bearer: [] }];

export interface CardsOptions {
  provider: PaymentProviderClient;
  /** Stripe's publishable key for the profile's card form; null in the sandbox. */
  publishableKey: string | null;
}

/** The profile's saved cards and the 1-Click switch (issue #28, items 4 and 5). */
export const cardsRoutes: FastifyPluginAsyncZod<CardsOptions> = async (app, { provider, publishableKey }) => {
  const signedIn = requireUser(app);
  const form = { provider: provider.name, publishableKey };

  app.get(
    '/cards',
    {
      preValidation: signedIn,
      schema: {
        tags: ['cards'],
        summary:
          'My saved cards, newest first, and 1-Click: on or off, and ready (on, a default address and a card)',
        security: bearer,
        response: { 200: SavedCardsSchema, 401: ProblemSchema },
      },
    },
    async (request) => listCards(app.db, currentUser(request).id, form),
  );

  app.post(
    '/cards/setup-intent',
    {
      preValidation: signedIn,
      schema: {
        tags: ['cards'],
        summary:
          'Stripe: a SetupIntent (off-session use) for my provider customer, for the card form to confirm; test mode answers 409',
        security: bearer,
        response: { 200: SetupIntentSchema, ...problems },
      },
    },
    async (request) => createSetupIntent(app.db, provider, currentUser(request)),
  );

  app.post(
    '/cards',
    {
      preValidation: signedIn,
      schema: {
        tags: ['cards'],
        summary:
          'Stripe: keep the card of a SetupIntent the card form confirmed (it must be my customer’s and have succeeded); kept once',
        security: bearer,
        body: SaveSetupCardSchema,
        response: { 201: SavedCardSchema, ...problems },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await saveSetupCard(app.db, provider, currentUser(request), request.body.setupIntentId)),
  );

  if (provider.name === 'sandbox') {
    app.post(
      '/cards/sandbox',
      {
        preValidation: signedIn,
        schema: {
          tags: ['cards'],
          summary:
            'Test mode: save one of Stripe’s public test cards (only brand, last four and expiry are kept; the number decides how later charges go)',
          security: bearer,
          body: SandboxSaveCardSchema,
          response: { 201: SavedCardSchema, ...problems },
        },
      },
      async (request, reply) =>
        reply.code(201).send(await addSandboxCard(app.db, provider, currentUser(request), request.body)),
    );
  }

  app.delete(
    '/cards/:id',
    {
      preValidation: signedIn,
      schema: {
        tags: ['cards'],
        summary: 'Remove a saved card of mine: detached at the provider, kept in history; another’s is 404',
        security: bearer,
        params: CardIdParamsSchema,
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      await removeCard(app.db, provider, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/me/one-click',
    {
      preValidation: signedIn,
      schema: {
        tags: ['cards'],
        summary: 'Turn 1-Click on or off; answers my cards and 1-Click state as GET /cards',
        security: bearer,
        body: OneClickSettingSchema,
        response: { 200: SavedCardsSchema, ...problems },
      },
    },
    async (request) => setOneClick(app.db, currentUser(request).id, request.body.enabled, form),
  );
};
