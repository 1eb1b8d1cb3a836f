import { type Config } from '@gw/runtime';
import { PRODUCTION_DEFAULTS } from '@gw/core/config';
import { siweDomainPolicy } from '@gw/core/auth';

/** `5000` → `5 s`, `60000` → `1 min`, `3600000` → `1 h`; other values in ms. */
function duration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

/**
 * The start-up banner of a local run: one human-readable block for stderr, next to the JSON logs,
 * printed by `scripts/start.ts` and `scripts/demo.ts` once the API listens. It names the API's base
 * address, its reference (`/api/docs`) and OpenAPI document, the login `domain` values the service
 * accepts, and each development relaxation with whether it is on (NODE_ENV=development and its
 * variable unset or set that way): private webhook URLs, the SIWE loopback rule, the fast retries.
 * The apps' own entry points print none: their logs stay JSON.
 * @param port the port the API listens on
 * @param what what is running, e.g. `API and worker`
 * @returns the block, ending with a newline
 */
export function startupBanner(config: Config, port: number, what = 'API and worker'): string {
  const base = `http://localhost:${port}/api`;
  const siwe = siweDomainPolicy(config, port);
  const production = PRODUCTION_DEFAULTS;
  const fast = config.WEBHOOK_BACKOFF_BASE_MS < production.WEBHOOK_BACKOFF_BASE_MS;
  const flag = (on: boolean) => (on ? 'on ' : 'off');
  const lines = [
    '',
    `Service Gateway: ${what} running (NODE_ENV=${config.NODE_ENV})`,
    `  API          ${base}`,
    `  Reference    ${base}/docs   (OpenAPI document: ${base}/openapi.json)`,
    `  SIWE domain  ${siwe.describe}`,
    config.NODE_ENV === 'development'
      ? '  Local development relaxations (NODE_ENV=development; production has none: see docs/operating.md):'
      : `  Local development relaxations: none (NODE_ENV=${config.NODE_ENV} keeps the production rules)`,
    `    ${flag(config.WEBHOOK_ALLOW_PRIVATE_URLS)}  private webhook URLs: a receiver on this machine may be registered (WEBHOOK_ALLOW_PRIVATE_URLS=${config.WEBHOOK_ALLOW_PRIVATE_URLS})`,
    `    ${flag(siwe.loopback)}  SIWE loopback: gw.login against ${base} or http://127.0.0.1:${port}/api needs no SIWE variable`,
    `    ${flag(fast)}  fast retries: ${duration(config.WEBHOOK_BACKOFF_BASE_MS)} doubling to ${duration(config.WEBHOOK_BACKOFF_MAX_MS)}, ${config.WEBHOOK_MAX_ATTEMPTS} attempts ` +
      `(WEBHOOK_BACKOFF_BASE_MS=${config.WEBHOOK_BACKOFF_BASE_MS}, WEBHOOK_BACKOFF_MAX_MS=${config.WEBHOOK_BACKOFF_MAX_MS}; production: ${duration(production.WEBHOOK_BACKOFF_BASE_MS)} to ${duration(production.WEBHOOK_BACKOFF_MAX_MS)})`,
    '  Logs follow on stdout as JSON lines. Ctrl-C stops gracefully (a second Ctrl-C at once).',
    '',
  ];
  return `${lines.join('\n')}\n`;
}
