import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const Status = z.object({ status: z.enum(['ok', 'unavailable']) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/live',
    { schema: { tags: ['health'], response: { 200: Status } }, logLevel: 'warn' },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    { schema: { tags: ['health'], response: { 200: Status, 503: Status } }, logLevel: 'warn' },
    async (request, reply) => {
      if (app.isClosing()) return reply.code(503).send({ status: 'unavailable' as const });
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
