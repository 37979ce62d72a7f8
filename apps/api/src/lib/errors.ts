import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Problem } from '@pitstop/core/problem';

export type ErrorKind =
  'invalid' | 'unauthorized' | 'forbidden' | 'not_found' | 'conflict' | 'payment_failed' | 'unavailable';

const statusOf: Record<ErrorKind, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payment_failed: 402,
  unavailable: 503,
};

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface FieldError {
  field: string;
  message: string;
}

/** The one error type services throw; the handler below maps it to problem+json. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
  get status(): number {
    return statusOf[this.kind];
  }
}

export function problem(status: number, detail?: string, errors?: FieldError[]): Problem {
  return {
    type: 'about:blank',
    title: titles[status] ?? 'Error',
    status,
    ...(detail ? { detail } : {}),
    ...(errors?.length ? { errors } : {}),
  };
}

function fieldOf(instancePath: string | undefined, fallback: string): string {
  const field = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return field || fallback;
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  // admin_shutdown, crash_shutdown, cannot_connect_now (starting up, in recovery)
  '57P01',
  '57P02',
  '57P03',
  // too_many_connections: the server is full, not the query wrong
  '53300',
]);

const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection is closed|the database system is (starting up|shutting down|in recovery)|PGlite is closed|Cannot use a pool after calling end/i;

/**
 * A failure to reach the database (refused, dropped, timed out, server shutting down) rather than
 * a bad query: answered 503 so clients and load balancers retry, instead of a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message, errors } = e as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.test(message)) return true;
    // A refused connect to a name with several addresses comes as an AggregateError.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

/**
 * Whether a database error (or one it was wrapped in: drizzle puts the driver's error in `cause`)
 * carries this PostgreSQL SQLSTATE, e.g. 23505 unique_violation, 23503 foreign_key_violation.
 */
export function hasSqlState(error: unknown, code: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** How long a client is asked to wait before trying again after a 503 (seconds). */
export const RETRY_AFTER_SECONDS = '5';

/** problem+json for every failure; 5xx answers never carry the cause (it is logged instead). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    let body: Problem;
    if (error instanceof AppError) {
      body = problem(error.status, error.message, error.errors);
      if (body.status >= 500) request.log.warn({ err: error }, 'request refused');
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'body';
      const errors = error.validation.map((v) => ({
        field: fieldOf(v.instancePath, where),
        message: v.message ?? 'is invalid',
      }));
      body = problem(400, errors[0]?.message ?? 'The request is invalid', errors);
    } else if (error.validation) {
      body = problem(400, error.message);
    } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      body = problem(error.statusCode, error.message);
    } else if (error.statusCode === 503) {
      // A plugin's own refusal (load shedding, closing): still a problem, still retryable.
      if (!reply.hasHeader('retry-after')) void reply.header('retry-after', RETRY_AFTER_SECONDS);
      body = problem(503, 'The shop is very busy right now. Please try again in a moment.');
    } else if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      void reply.header('retry-after', RETRY_AFTER_SECONDS);
      body = problem(503, 'The shop cannot reach its database right now. Please try again in a moment.');
    } else {
      request.log.error({ err: error }, 'request failed');
      body = problem(500, 'Something went wrong on our side. Please try again.');
    }
    return reply.code(body.status).type('application/problem+json').send(body);
  });
}
