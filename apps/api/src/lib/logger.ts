import type { FastifyServerOptions } from 'fastify';

const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

/**
 * A client that closed its connection mid-answer (it navigated away, cancelled a download) ends a
 * compressed answer's stream early, and @fastify/compress logs that as an error. It is the
 * client's doing, not the shop failing, and an error line for it would bury real ones (and page
 * someone): it is logged at debug.
 */
function clientWentAway(args: unknown[]): boolean {
  const [first] = args;
  const err = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
  return err instanceof Error && err.message === 'premature close';
}

const hooks = {
  logMethod(
    this: { debug: (...args: unknown[]) => void },
    args: unknown[],
    method: (...args: unknown[]) => void,
    level: number,
  ) {
    if (level >= 50 && clientWentAway(args)) return this.debug(...args);
    return method.apply(this, args);
  },
};

export interface LoggerSettings {
  env: string;
  logLevel: string;
}

/**
 * Someone reading a terminal outside production gets one coloured line per entry; everything
 * else (production, files, pipes, log collectors) gets pino's JSON, one object per line.
 */
export function loggerOptions(
  config: LoggerSettings,
  stdoutIsTerminal = Boolean(process.stdout.isTTY),
): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  const base = { level: config.logLevel, redact: REDACT, hooks };
  if (!stdoutIsTerminal || config.env === 'production') return base;
  return {
    ...base,
    transport: {
      target: 'pino-pretty',
      options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
    },
  };
}
