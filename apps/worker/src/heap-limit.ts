/**
 * The worker's heap limit comes from the configuration (WORKER_MAX_OLD_SPACE_MB), but V8 can only
 * take it as a start-up flag: docker/entrypoint.sh (and the package's `start` script) start the
 * worker with `--max-old-space-size=$WORKER_MAX_OLD_SPACE_MB`. This module reads back the flag the
 * process was actually started with, so that a start that bypassed the entrypoint is visible.
 *
 * @module
 */
import { getHeapStatistics } from 'node:v8';
import type { Config, Logger } from '@gw/runtime';

const FLAG = /^--max[-_]old[-_]space[-_]size=(\d+)$/;

/**
 * The `--max-old-space-size` (MiB) this process was started with: the last one among its
 * command-line flags (`process.execArgv`, as docker/entrypoint.sh passes it).
 * @returns null when there is none (V8's default, sized from the machine's memory, applies)
 */
export function startedMaxOldSpaceMb(execArgv: readonly string[]): number | null {
  let found: number | null = null;
  for (const arg of execArgv) {
    const m = FLAG.exec(arg);
    if (m) found = Number(m[1]);
  }
  return found;
}

/** What {@link reportHeapLimit} logs. */
export interface HeapLimitReport {
  /** WORKER_MAX_OLD_SPACE_MB. */
  configuredMb: number;
  /** The `--max-old-space-size` in force, or null when the process was started without one. */
  startedMb: number | null;
  /** V8's whole heap limit (old space plus the young generation), MiB. */
  heapSizeLimitMb: number;
}

/**
 * Logs the worker's heap limit next to the configured one; in production, a start without the
 * configured `--max-old-space-size` (e.g. `node dist/main.js` run by hand) is logged as a warning.
 */
export function reportHeapLimit(
  config: Pick<Config, 'WORKER_MAX_OLD_SPACE_MB' | 'NODE_ENV'>,
  logger: Logger,
  execArgv: readonly string[] = process.execArgv,
): HeapLimitReport {
  const report: HeapLimitReport = {
    configuredMb: config.WORKER_MAX_OLD_SPACE_MB,
    startedMb: startedMaxOldSpaceMb(execArgv),
    heapSizeLimitMb: Math.round(getHeapStatistics().heap_size_limit / 2 ** 20),
  };
  if (report.startedMb !== report.configuredMb && config.NODE_ENV === 'production') {
    logger.warn({ heap: report }, 'worker started without --max-old-space-size=WORKER_MAX_OLD_SPACE_MB (use docker/entrypoint.sh)');
  } else {
    logger.info({ heap: report }, 'worker heap limit');
  }
  return report;
}
