import type { FastifyInstance, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeliverySettingsSchema } from '@pitstop/core/delivery-settings';
import { ProblemSchema } from '@pitstop/core/problem';
import { requireAdmin } from '../../auth/plugin.js';
import { jsonResponse, sendCached } from '../../lib/response-cache.js';
import { auditContextOf } from '../audit/service.js';
import { DELIVERY_SETTINGS_TAG, DeliverySettingsStore, saveDeliverySettings } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The delivery promise's settings, in memory (modules/settings/service.ts). */
    deliverySettings: DeliverySettingsStore;
  }
}

/** The store every module reads the settings from; it follows the catalogue cache's changes. */
export function registerDeliverySettings(app: FastifyInstance): DeliverySettingsStore {
  const store = new DeliverySettingsStore(app.db).follow(app.catalogueCache);
  app.decorate('deliverySettings', store);
  return store;
}

/**
 * GET /api/settings/delivery (anyone: what the part page, cart and checkout compute the promise
 * from) and PUT /api/admin/settings/delivery (admins). The public answer is kept in the catalogue
 * cache under the settings' tag, so a server-rendered part page built from it (its structured
 * data's shipping details) is dropped with it when the settings change.
 */
/** The public answer's address, as the web app asks it (and the page renderer notes it). */
const PUBLIC_PATH = '/api/settings/delivery';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings/delivery',
    {
      schema: {
        tags: ['settings'],
        summary:
          'The delivery promise’s settings: order cut-off and time zone, handling days, business days, holidays and carriers’ transit days by state',
        response: { 200: DeliverySettingsSchema },
      },
    },
    async (request, reply) => {
      // One key whatever the query string, so nobody fills the cache with copies of it.
      const cached = await app.catalogueCache.getOrCompute(PUBLIC_PATH, async () =>
        jsonResponse(await app.deliverySettings.get(), {}, [DELIVERY_SETTINGS_TAG]),
      );
      return sendCached(reply as FastifyReply, cached);
    },
  );

  app.put(
    '/admin/settings/delivery',
    {
      preValidation: requireAdmin(app),
      schema: {
        tags: ['settings'],
        summary: 'Change the delivery settings (admins); the change is in the audit trail',
        security: [{ bearer: [] }],
        body: DeliverySettingsSchema,
        response: {
          200: DeliverySettingsSchema,
          400: ProblemSchema,
          401: ProblemSchema,
          403: ProblemSchema,
        },
      },
    },
    async (request) => {
      const settings = { ...request.body, holidays: [...request.body.holidays].sort() };
      const saved = await saveDeliverySettings(app.db, settings, auditContextOf(request));
      // Every process forgets its copy (and the answers and pages built from it) before this answers.
      await app.catalogueCache.invalidateTags([DELIVERY_SETTINGS_TAG]);
      return saved;
    },
  );
};
