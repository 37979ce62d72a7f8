import type { FastifyServerOptions } from 'fastify';

const REDACT = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];

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
  const base = { level: config.logLevel, redact: REDACT };
  if (!stdoutIsTerminal || config.env === 'production') return base;
  return {
    ...base,
    transport: {
      target: 'pino-pretty',
      options: { singleLine: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' },
    },
  };
}
