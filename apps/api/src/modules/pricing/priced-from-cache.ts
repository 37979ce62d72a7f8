import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendCached } from '../../lib/response-cache.js';

/**
 * An onRequest hook for reads that show prices (lists, a part, an assembly): a cached answer is
 * sent with the viewer's prices laid over it — a visitor's with running sales, a customer with a
 * price list their priced copy — never another viewer's (issue #30). No cached answer: the route runs.
 */
export function answerPricedFromCache(app: FastifyInstance) {
  return (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const hit = app.catalogueCache.answer(request.url);
    if (!hit) return done();
    const answer = app.priceBook.answer(request, hit);
    if (!(answer instanceof Promise)) {
      sendCached(reply, answer);
      return;
    }
    answer.then((priced) => sendCached(reply, priced), done);
  };
}
