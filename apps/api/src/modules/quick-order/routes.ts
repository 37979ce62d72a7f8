import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OrderNumberParamsSchema } from '@pitstop/core/orders';
import { ProblemSchema } from '@pitstop/core/problem';
import {
  AddCartLinesResultSchema,
  AddCartLinesSchema,
  QUICK_ORDER_FILE_FIELD,
  QUICK_ORDER_MAX_FILE_BYTES,
  QUICK_ORDER_MAX_LINES,
  QuickOrderResolveSchema,
  QuickOrderResultSchema,
  ReorderResultSchema,
} from '@pitstop/core/quick-order';
import { quickOrderTexts } from '@pitstop/core/quick-order-texts';
import { hasControlCharacters } from '@pitstop/core/control-characters';
import { currentUser, requireUser } from '../../auth/plugin.js';
import { AppError } from '../../lib/errors.js';
import { addCartLines, reorder, resolveQuickOrder } from './service.js';

const fileProblem = (message: string) =>
  new AppError('invalid', message, [{ field: QUICK_ORDER_FILE_FIELD, message }]);

/** An uploaded file as text: UTF-8 without NUL or other control characters (tabs and line breaks aside). */
function textOfFile(bytes: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw fileProblem(quickOrderTexts.notText);
  }
  if (hasControlCharacters(text, { multiLine: true })) throw fileProblem(quickOrderTexts.notText);
  return text;
}

/**
 * Quick order by part number (issue #30 item 4): POST /api/quick-order/resolve (text or a file),
 * POST /api/cart/lines (add many parts at once) and POST /api/orders/:number/reorder.
 */
export const quickOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  // In this plugin's own scope: the upload's limits apply to these routes only.
  await app.register(multipart, {
    limits: { fileSize: QUICK_ORDER_MAX_FILE_BYTES, files: 1, fields: 2, parts: 3 },
  });
  app.addHook('preValidation', requireUser(app));
  const problems = { 400: ProblemSchema, 401: ProblemSchema, 404: ProblemSchema, 413: ProblemSchema };
  const common = { tags: ['quick order'], security: [{ bearer: [] }] };

  app.post(
    '/quick-order/resolve',
    {
      schema: {
        ...common,
        summary: `Resolve lines of "part number, quantity" (at most ${QUICK_ORDER_MAX_LINES}) to parts, the viewer's prices, stock and per-line problems`,
        description:
          'JSON {text}, or multipart/form-data with a .csv/.txt file in field "file" (at most 256 KB). ' +
          'Columns separated by a comma, semicolon or tab; a header row is skipped; without a quantity ' +
          "the part's minimum is used. Numbers match as search matches them (dashes, spaces, dots and case " +
          'never count), also by an OEM or interchange number only one part carries. Lines of the same ' +
          'part are added together on the first. Nothing is written.',
        consumes: ['application/json', 'multipart/form-data'],
        body: QuickOrderResolveSchema.nullish(),
        response: { 200: QuickOrderResultSchema, ...problems },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      if (!request.isMultipart()) {
        if (!request.body)
          throw new AppError('invalid', quickOrderTexts.empty, [
            { field: 'text', message: quickOrderTexts.empty },
          ]);
        return resolveQuickOrder(app.db, userId, request.body.text);
      }
      const file = await request.file().catch(() => undefined);
      if (!file || file.fieldname !== QUICK_ORDER_FILE_FIELD) {
        file?.file.resume();
        throw fileProblem(quickOrderTexts.noFile);
      }
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (err) {
        if ((err as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw fileProblem(
            quickOrderTexts.fileTooLarge(QUICK_ORDER_MAX_FILE_BYTES / 1024, QUICK_ORDER_MAX_LINES),
          );
        }
        throw err;
      }
      if (file.file.truncated) {
        throw fileProblem(
          quickOrderTexts.fileTooLarge(QUICK_ORDER_MAX_FILE_BYTES / 1024, QUICK_ORDER_MAX_LINES),
        );
      }
      const text = textOfFile(bytes);
      try {
        return await resolveQuickOrder(app.db, userId, text);
      } catch (err) {
        // The limits name the file's field, not the JSON's.
        if (err instanceof AppError && err.errors?.[0]?.field === 'text') {
          throw fileProblem(err.message);
        }
        throw err;
      }
    },
  );

  app.post(
    '/cart/lines',
    {
      schema: {
        ...common,
        tags: ['cart'],
        summary:
          'Add many parts to the cart at once (each quantity added to what the cart holds); answers the cart, the lines added and the lines refused with why',
        body: AddCartLinesSchema,
        response: { 200: AddCartLinesResultSchema, ...problems },
      },
    },
    async (request) => addCartLines(app.db, currentUser(request).id, request.body.lines),
  );

  app.post(
    '/orders/:number/reorder',
    {
      schema: {
        ...common,
        tags: ['orders'],
        summary:
          "Put a past order's parts in the cart (its customer or a member of its company; else 404): lines no longer sold or out of stock are listed by name",
        params: OrderNumberParamsSchema,
        response: { 200: ReorderResultSchema, ...problems },
      },
    },
    async (request) => reorder(app.db, currentUser(request).id, request.params.number),
  );
};
