import { constants } from 'node:os';
import type { Config } from '../config/env.js';
import type { Logger } from '../logging/logger.js';
import { serviceDependencies, waitForDependencies, type Dependency } from './dependencies.js';

/** What an entry point runs: anything with a graceful `stop`. */
export interface StoppableService {
  /** Graceful stop: in-flight work finishes, then the clients close. */
  stop(): Promise<void>;
  /**
   * The steps of the stop still under way (`StopProgress.pending()`), named in the
   * log line of a stop that runs past SHUTDOWN_TIMEOUT_MS.
   */
  pendingStopSteps?(): string[];
}

/** Options of {@link runService}. */
export interface RunServiceOptions<T extends StoppableService> {
  /** The process's name in its log lines: `api`, `worker`, `ops`, `api+worker`. */
  app: string;
  logger: Logger;
  /** STARTUP_WAIT_MS, SHUTDOWN_TIMEOUT_MS and where PostgreSQL and Redis are. */
  config: Config;
  /** What must answer before `start` runs (default: PostgreSQL and Redis, {@link serviceDependencies}). */
  dependencies?: Dependency[];
  /** Starts the service once its dependencies answer; `signal` aborts when a stop is requested meanwhile. */
  start(signal: AbortSignal): Promise<T>;
}

/**
 * A repeated signal within this many ms of the first is the same request, not a second one: a
 * terminal's Ctrl-C goes to the whole foreground process group, so `pnpm start`'s node gets it
 * from the terminal and again from pnpm, which passes its own copy on (about 1 ms apart). A
 * person's second Ctrl-C comes later.
 */
export const DUPLICATE_SIGNAL_WINDOW_MS = 500;

/**
 * Runs an entry point so that a signal is obeyed at every stage, even while waiting for Redis, and
 * a stop that cannot finish still exits:
 * 1. SIGTERM and SIGINT are handled from the first moment: while starting, the start is abandoned
 *    (the dependency wait stops at once; what already started is stopped) and the process exits 0;
 *    once running, `stop` runs (drain, then close) and the process exits 0, or 1 if it throws;
 * 2. a stop that takes longer than SHUTDOWN_TIMEOUT_MS exits 1, naming the steps it was still
 *    waiting for (`pending`, from the service's `pendingStopSteps`), and a second signal exits at once
 *    (128 + the signal's number, as a shell reports a process killed by it); a copy of the first
 *    arriving within {@link DUPLICATE_SIGNAL_WINDOW_MS} is not a second one;
 * 3. before `start`, {@link waitForDependencies} waits up to STARTUP_WAIT_MS for PostgreSQL and
 *    Redis, one log line per dependency that is down.
 * @returns the started service (undefined when a stop came first; the process is exiting then)
 * @throws what `start` throws, or DependencyUnavailableError (give both to {@link exitOnStartupError})
 */
export async function runService<T extends StoppableService>(opts: RunServiceOptions<T>): Promise<T | undefined> {
  const { app, logger, config } = opts;
  const controller = new AbortController();
  const state: { service?: T } = {};
  let stopping: NodeJS.Signals | undefined;
  let stoppingSince = 0;
  const stop = (running: T) =>
    running.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err: { message: (err as Error).message }, stopping: app }, 'shutdown failed');
        process.exit(1);
      },
    );
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping && Date.now() - stoppingSince < DUPLICATE_SIGNAL_WINDOW_MS) return; // the same Ctrl-C, relayed by pnpm
    if (stopping) {
      logger.warn({ signal, stopping: app }, `${signal} again: exiting now, without waiting for the graceful stop`);
      process.exit(128 + (constants.signals[signal] ?? 15));
    }
    stopping = signal;
    stoppingSince = Date.now();
    controller.abort();
    setTimeout(() => {
      logger.error(
        { stopping: app, pending: state.service?.pendingStopSteps?.() ?? [] },
        `the graceful stop did not finish within ${config.SHUTDOWN_TIMEOUT_MS} ms (SHUTDOWN_TIMEOUT_MS); exiting`,
      );
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    if (state.service) {
      logger.info({ signal, stopping: app, forceWith: 'a second signal' }, 'shutting down');
      void stop(state.service);
    } else {
      logger.info({ signal, stopping: app }, 'stop requested while starting');
    }
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  let started: T;
  try {
    await waitForDependencies(opts.dependencies ?? serviceDependencies(config), {
      timeoutMs: config.STARTUP_WAIT_MS,
      logger,
      signal: controller.signal,
      secrets: [config.DATABASE_URL, config.REDIS_URL],
    });
    started = await opts.start(controller.signal);
  } catch (err) {
    if (!stopping) throw err;
    logger.info({ stopping: app }, 'stopped before it had started');
    process.exit(0);
  }
  // Set before a stop requested while starting runs, so that its time-out names the pending steps too.
  state.service = started;
  if (stopping) {
    await stop(started);
    return undefined;
  }
  return started;
}

/**
 * Start-up failure of an entry point (an invalid configuration, a dependency that stayed down, a
 * busy port): its message, one line, on stderr (no stack trace), and exit 1.
 */
export function exitOnStartupError(err: unknown): never {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
