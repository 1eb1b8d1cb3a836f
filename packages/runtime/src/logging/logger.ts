import { pino, type Logger, type LoggerOptions } from 'pino';

/**
 * Paths pino censors before anything is written. Credentials, secrets and signatures must
 * never reach logs (spec, Authentication rule 4).
 */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'req.headers["x-service-signature"]',
  'req.headers["webhook-signature"]',
  'headers.authorization',
  'headers["x-api-key"]',
  'headers["x-service-signature"]',
  'res.headers["set-cookie"]',
  '*.secret',
  '*.token',
  '*.apiKey',
  '*.password',
  '*.signature',
  '*.privateKey',
  'secret',
  'token',
  'apiKey',
  'signature',
];

/**
 * Creates the process logger (JSON lines on stdout, or `destination` when given).
 * @param level pino level; `silent` disables output
 * @param bindings fields added to every line, e.g. `{ app: 'worker' }`
 */
export function createLogger(level: string, bindings: Record<string, unknown> = {}, destination?: pino.DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: { ...bindings },
    redact: { paths: redactPaths, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
