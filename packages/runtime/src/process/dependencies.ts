import { probeDatabase } from '@gw/db';
import type { Config } from '../config/env.js';
import { pingRedis } from '../health/check-dependencies.js';
import type { Logger } from '../logging/logger.js';
import { createRedis, describeRedisTarget, urlWithoutCredentials, type RedisTarget } from '../redis/redis.js';

/** A service a process needs before it can start, and how to see whether it answers. */
export interface Dependency {
  /** `PostgreSQL`, `Redis`. */
  name: string;
  /** Where it is looked for, without credentials (`redis://127.0.0.1:6379`). */
  where: string;
  /** The variable that says where it is. */
  variable: string;
  /** Resolves when it answers within `timeoutMs`; rejects with the reason otherwise. */
  probe(timeoutMs: number): Promise<void>;
}

/** Rejects with `timeout after N ms` when `promise` takes longer than `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** PostgreSQL at DATABASE_URL: one connection and `SELECT 1` (@gw/db `probeDatabase`). */
export function postgresDependency(config: Pick<Config, 'DATABASE_URL'>): Dependency {
  return {
    name: 'PostgreSQL',
    where: urlWithoutCredentials(config.DATABASE_URL),
    variable: 'DATABASE_URL',
    probe: (timeoutMs) => within(probeDatabase(config.DATABASE_URL, timeoutMs), timeoutMs + 500),
  };
}

/**
 * Redis as the configuration reaches it (REDIS_URL, a Cluster or Sentinels): one connection that
 * never reconnects, then PING (on a cluster, its state and every master).
 */
export function redisDependency(config: RedisTarget): Dependency {
  const variable = config.REDIS_CLUSTER_NODES ? 'REDIS_CLUSTER_NODES' : config.REDIS_SENTINELS ? 'REDIS_SENTINELS' : 'REDIS_URL';
  return {
    name: 'Redis',
    where: describeRedisTarget(config),
    variable,
    probe: async (timeoutMs) => {
      const redis = createRedis(config, {
        lazyConnect: true,
        failFast: true,
        reconnect: false,
        connectTimeoutMs: timeoutMs,
        name: 'startup-probe',
      });
      let first: Error | undefined;
      redis.on('error', (err: Error) => (first ??= err));
      try {
        await within(redis.connect(), timeoutMs + 500);
        await within(pingRedis(redis), timeoutMs);
      } catch (err) {
        // ioredis rejects `connect()` with "Connection is closed." after the socket's own error.
        throw first ?? err;
      } finally {
        redis.disconnect();
      }
    },
  };
}

/** The dependencies of the service's processes: PostgreSQL and Redis. */
export function serviceDependencies(config: Config): Dependency[] {
  return [postgresDependency(config), redisDependency(config)];
}

/** Thrown by {@link waitForDependencies} when a dependency did not answer in time. Its message is one line. */
export class DependencyUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DependencyUnavailableError';
  }
}

/** Thrown by {@link waitForDependencies} when `signal` aborts the wait (a stop was requested). */
export class StartAbortedError extends Error {
  constructor() {
    super('start-up aborted: a stop was requested');
    this.name = 'StartAbortedError';
  }
}

/** The reason of a failed probe, in one line, with any password of `urls` removed. */
function reasonOf(err: unknown, secrets: string[]): string {
  const e = err as NodeJS.ErrnoException | undefined;
  let text = (e?.message || e?.code || String(err)).split('\n')[0]!;
  for (const secret of secrets) if (secret) text = text.split(secret).join('***');
  return text;
}

/** The passwords of `urls`, to keep out of messages. */
function passwordsOf(urls: (string | undefined)[]): string[] {
  return urls.flatMap((u) => {
    try {
      return u ? [decodeURIComponent(new URL(u).password)] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Waits until every dependency answers, for a bounded time. Tries each at once, then again after
 * 0.25 s, 0.5 s, 1 s, then every 2 s, for at most `timeoutMs` (STARTUP_WAIT_MS). Logs one `warn`
 * line for each dependency found down (its name, where it is without credentials, and why), and one
 * `info` line if it answers later; nothing per attempt.
 * @param opts.secrets URLs whose passwords must not appear in a reason (DATABASE_URL, REDIS_URL)
 * @param opts.signal aborts the wait (SIGTERM, SIGINT while starting)
 * @throws DependencyUnavailableError once `timeoutMs` has passed with one still down (its message
 *   names the dependencies and their variables, not their URLs: the warning did); StartAbortedError
 */
export async function waitForDependencies(
  dependencies: Dependency[],
  opts: {
    timeoutMs: number;
    logger: Pick<Logger, 'warn' | 'info'>;
    signal?: AbortSignal;
    secrets?: (string | undefined)[];
    probeTimeoutMs?: number;
  },
): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  const seconds = Math.round(opts.timeoutMs / 1000);
  const secrets = passwordsOf(opts.secrets ?? []);
  const reported = new Set<Dependency>();
  let pending = dependencies;
  let pause = 250;
  for (;;) {
    if (opts.signal?.aborted) throw new StartAbortedError();
    const probeTimeout = Math.max(250, Math.min(opts.probeTimeoutMs ?? 2000, deadline - Date.now()));
    const outcomes = await Promise.all(
      pending.map((d) =>
        d.probe(probeTimeout).then(
          () => undefined,
          (err: unknown) => reasonOf(err, secrets),
        ),
      ),
    );
    const down: Dependency[] = [];
    pending.forEach((d, i) => {
      const reason = outcomes[i];
      if (reason === undefined) {
        if (reported.has(d)) opts.logger.info({ dependency: d.name, url: d.where }, `${d.name} at ${d.where} answers; starting`);
        return;
      }
      down.push(d);
      if (reported.has(d)) return;
      reported.add(d);
      opts.logger.warn(
        { dependency: d.name, url: d.where },
        `${d.name} at ${d.where} is unreachable (${reason}); retrying for up to ${seconds} s (STARTUP_WAIT_MS), then exiting`,
      );
    });
    if (down.length === 0) return;
    pending = down;
    if (opts.signal?.aborted) throw new StartAbortedError();
    const left = deadline - Date.now();
    if (left <= 0) {
      const names = down.map((d) => d.name).join(' and ');
      const variables = down.map((d) => d.variable).join(', ');
      throw new DependencyUnavailableError(
        `exiting: ${names} still unreachable after ${seconds} s (STARTUP_WAIT_MS); start ${down.length > 1 ? 'them' : 'it'}, or point ${variables} at ${down.length > 1 ? 'them' : 'it'}`,
      );
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, Math.min(pause, left));
      function done() {
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', done);
        resolve();
      }
      opts.signal?.addEventListener('abort', done, { once: true });
    });
    pause = Math.min(pause * 2, 2000);
  }
}
