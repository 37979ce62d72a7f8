import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** True once close() began (SIGTERM): readiness fails so load balancers stop sending. */
    isClosing(): boolean;
  }
}

/**
 * A graceful close for a process behind a load balancer that keeps connections open (nginx
 * upstream keep-alive): requests in flight or already sent on an open connection are served
 * (return503OnClosing is off), and every answer from then on closes its connection, so no
 * keep-alive connection holds the shutdown and no accepted request is refused.
 */
export function registerDraining(app: FastifyInstance): void {
  let closing = false;
  app.decorate('isClosing', () => closing);
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
}
