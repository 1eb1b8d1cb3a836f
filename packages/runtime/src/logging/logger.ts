import { pino, type Logger, type LoggerOptions } from 'pino';
import { redactUrlsDeep } from './redact-urls.js';

/**
 * Paths pino censors before anything is written. Credentials, secrets and signatures must
 * never reach logs.
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
 * Creates the process logger (JSON lines on stdout, or `destination` when given). An error logged
 * under `err` is serialized as pino does (message, stack, causes, own properties) with every URL in
 * it cut to its scheme and host (`redactUrls`): a provider's RPC key rides in its URL, and
 * libraries quote the URL they called in their errors.
 * @param level pino level; `silent` disables output
 * @param bindings fields added to every line, e.g. `{ app: 'worker' }`
 */
export function createLogger(level: string, bindings: Record<string, unknown> = {}, destination?: pino.DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: { ...bindings },
    redact: { paths: redactPaths, censor: '[redacted]' },
    serializers: { err: (err: unknown) => redactUrlsDeep(pino.stdSerializers.err(err as Error)) },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };
