import request from 'supertest';
import { redisEnv, type Stack } from '../../../test/support/stack.js';
import { loadOpsConfig, type OpsConfig } from '../src/config.js';
import { startOps, type RunningOps } from '../src/start-ops.js';

export const OPS_USER = 'operator';
export const OPS_PASSWORD = 'correct horse battery staple';

export interface OpsUnderTest {
  ops: RunningOps;
  config: OpsConfig;
  baseUrl: string;
  http: ReturnType<typeof request>;
}

/** Environment of an ops app watching the same database, Redis database and prefix as `stack`. */
export function opsEnv(stack: Stack, env: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: stack.config.DATABASE_URL,
    // REDIS_URL, QUEUE_PREFIX and the Cluster or Sentinel variables.
    ...redisEnv(stack.config),
    // No SECRETS_ENCRYPTION_KEY: the ops console never reads it (least privilege).
    DATABASE_POOL_MAX: '2',
    LOG_LEVEL: 'silent',
    OPS_PORT: '0',
    OPS_USER,
    OPS_PASSWORD,
    ...env,
  };
}

/** Starts the real ops app (its own port, own clients) next to a running stack. Stop it before the stack. */
export async function startOpsFor(stack: Stack, env: Record<string, string> = {}): Promise<OpsUnderTest> {
  const config = loadOpsConfig(opsEnv(stack, env));
  const ops = await startOps(config);
  const baseUrl = `http://127.0.0.1:${(ops.server.address() as { port: number }).port}`;
  return { ops, config, baseUrl, http: request(baseUrl) };
}

export const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
