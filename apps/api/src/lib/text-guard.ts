import type { FastifyInstance, FastifyRequest } from 'fastify';
import { textRuleTexts } from '@pitstop/core/messages';
import { withoutControlCharacters } from '@pitstop/core/control-characters';
import { AppError } from './errors.js';

const NUL = '\u0000';

/**
 * The path ("lines.0.note") of the first string or key in a parsed request part that `refused`
 * matches, or undefined. Walked with a list, not recursion, and each entry points to its parent
 * instead of copying its path: a 1 MB body of nested arrays must neither blow the stack (a
 * RangeError would be a 500 again) nor take quadratic time.
 */
export function findRefusedText(value: unknown, refused: (text: string) => boolean): string[] | undefined {
  interface Entry {
    value: unknown;
    key: string;
    parent: Entry | undefined;
  }
  const pathOf = (entry: Entry | undefined, last?: string): string[] => {
    const path = last === undefined ? [] : [last];
    for (let e = entry; e?.parent; e = e.parent) path.push(e.key);
    return path.reverse();
  };
  const pending: Entry[] = [{ value, key: '', parent: undefined }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const item = next.value;
    if (typeof item === 'string') {
      if (refused(item)) return pathOf(next);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      // Reversed onto the list, so the first field is looked at first and named first.
      const entries = Object.entries(item).reverse();
      for (const [key, child] of entries) {
        if (refused(key)) return pathOf(next, key);
        pending.push({ value: child, key, parent: next });
      }
    }
  }
  return undefined;
}

/** A refused text as the 400 problem that names its field, as a schema's refusal reads. */
export function refusedTextError(path: string[], where: string): AppError {
  // A key may itself carry the characters: the field is named without them.
  const field = path.map((part) => withoutControlCharacters(part)).join('.') || where;
  return new AppError('invalid', textRuleTexts.controlCharacters, [
    { field, message: textRuleTexts.controlCharacters },
  ]);
}

function nulIn(request: FastifyRequest): AppError | undefined {
  const hasNul = (text: string) => text.includes(NUL);
  // A URL can carry a NUL only as %00 (the HTTP parser refuses the raw byte), so the catalogue's
  // hot GETs cost one look at their address.
  const parts = request.url.includes('%00')
    ? ([
        ['params', request.params],
        ['query', request.query],
        ['body', request.body],
      ] as const)
    : ([['body', request.body]] as const);
  for (const [where, value] of parts) {
    const path = value === undefined || value === null ? undefined : findRefusedText(value, hasNul);
    if (path) return refusedTextError(path, where);
  }
  return undefined;
}

/**
 * The backstop behind the schemas' text rule (packages/core/src/text.ts, decision 027): a NUL
 * anywhere in a request's path parameters, query or JSON body is refused with the same 400 before
 * any route's own checks run, so a route whose schema forgot the rule (or has none) still cannot
 * hand PostgreSQL a NUL and answer 500. Only NUL: it is the one character PostgreSQL cannot
 * store, and the backstop cannot know which fields may hold tabs and line breaks; the schemas
 * refuse the other control characters. Pages (the 404 handler) clean their address instead.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    done(request.is404 ? undefined : nulIn(request));
  });
}
