import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { redisEnv, type Stack } from './stack.js';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Runs the real worker entry point as a separate process (what a container runs). */
export function spawnWorkerProcess(stack: Stack, env: Record<string, string> = {}): ChildProcess {
  // The heap flag of the production start (docker/entrypoint.sh: WORKER_MAX_OLD_SPACE_MB), over the sources.
  const heapMb = env.WORKER_MAX_OLD_SPACE_MB ?? String(stack.config.WORKER_MAX_OLD_SPACE_MB);
  return spawn(
    process.execPath,
    [`--max-old-space-size=${heapMb}`, '--max-semi-space-size=8', '--import', 'tsx', 'apps/worker/src/main.ts'],
    {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: stack.config.DATABASE_URL,
        DATABASE_POOLER: stack.config.DATABASE_POOLER,
        // REDIS_URL and QUEUE_PREFIX, and the stack's Redis Cluster or Sentinel if it runs on one.
        ...redisEnv(stack.config),
        NODE_ENV: 'test',
        SECRETS_ENCRYPTION_KEY: stack.config.SECRETS_ENCRYPTION_KEY!,
        WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
        LOG_LEVEL: 'silent',
        WORKER_LOCK_DURATION_MS: String(stack.config.WORKER_LOCK_DURATION_MS),
        WEBHOOK_BACKOFF_BASE_MS: String(stack.config.WEBHOOK_BACKOFF_BASE_MS),
        WEBHOOK_BACKOFF_MAX_MS: String(stack.config.WEBHOOK_BACKOFF_MAX_MS),
        WEBHOOK_TIMEOUT_MS: String(stack.config.WEBHOOK_TIMEOUT_MS),
        WEBHOOK_MAX_ATTEMPTS: String(stack.config.WEBHOOK_MAX_ATTEMPTS),
        SWEEP_INTERVAL_MS: String(stack.config.SWEEP_INTERVAL_MS),
        SWEEP_GRACE_MS: String(stack.config.SWEEP_GRACE_MS),
        // The same cap and circuit settings as the stack's in-process worker.
        ...Object.fromEntries(
          Object.entries(stack.config)
            .filter(
              ([k]) =>
                k.startsWith('WEBHOOK_CIRCUIT_') ||
                k === 'WEBHOOK_CAP_WAIT_MAX_MS' ||
                k === 'WEBHOOK_ENDPOINT_CONCURRENCY' ||
                k === 'WEBHOOK_DISABLE_AFTER_MS',
            )
            .map(([k, v]) => [k, String(v)]),
        ),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}

export const exited = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve({ code: child.exitCode, signal: child.signalCode });
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
