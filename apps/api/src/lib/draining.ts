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
  let sweep: NodeJS.Timeout | undefined;
  app.decorate('isClosing', () => closing);
  app.addHook('preClose', async () => {
    closing = true;
    // The server closes the connections that are idle when it closes, once. An answer already on
    // its way then (written before closing began, so without "connection: close") leaves its
    // connection idle a moment later, and open: the balancer keeps it for its keep-alive timeout
    // (60 s for nginx) and the shutdown waited that long. Idle connections are closed until the
    // server has closed; nginx set up as in scripts/resilience.ts (proxy_next_upstream error
    // non_idempotent) sends a request that meets a closed connection to the other process.
    sweep = setInterval(() => app.server.closeIdleConnections(), 100);
    sweep.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
}
