import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CartItemParamsSchema, CartSchema, SetCartItemSchema } from '@pitstop/core/cart';
import { ProblemSchema } from '@pitstop/core/problem';
import { currentUser, requireUser } from '../../auth/plugin.js';
import { clearCart, readCart, removeCartItem, setCartItem } from './service.js';

/** The signed-in customer's cart. Every answer is the whole cart, so the page never asks twice. */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  const problems = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema, 409: ProblemSchema };
  const common = { tags: ['cart'], security: [{ bearer: [] }] };
  app.addHook('preValidation', requireUser(app));

  app.get(
    '/cart',
    {
      schema: {
        ...common,
        summary: 'My cart, with each part’s current price and stock; subtotal in dollars',
        response: { 200: CartSchema, 401: ProblemSchema },
      },
    },
    async (request) => readCart(app.db, currentUser(request).id),
  );

  app.put(
    '/cart/items/:partId',
    {
      schema: {
        ...common,
        summary: 'Put a part in the cart, or change its quantity (within its minimum and available quantity)',
        params: CartItemParamsSchema,
        body: SetCartItemSchema,
        response: { 200: CartSchema, ...problems },
      },
    },
    async (request) =>
      setCartItem(app.db, currentUser(request).id, request.params.partId, request.body.quantity),
  );

  app.delete(
    '/cart/items/:partId',
    {
      schema: {
        ...common,
        summary: 'Take a part out of the cart',
        params: CartItemParamsSchema,
        response: { 200: CartSchema, ...problems },
      },
    },
    async (request) => removeCartItem(app.db, currentUser(request).id, request.params.partId),
  );

  app.delete(
    '/cart',
    {
      schema: { ...common, summary: 'Empty the cart', response: { 200: CartSchema, 401: ProblemSchema } },
    },
    async (request) => clearCart(app.db, currentUser(request).id),
  );
};
