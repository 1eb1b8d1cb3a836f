/**
 * `pnpm start`: the API and the worker in one process (after `pnpm db:migrate`; `exec` in the
 * script makes this process pnpm's own child, so a signal to pnpm reaches it). In containers each
 * app runs alone instead (`pnpm --filter @gw/api start`, `pnpm --filter @gw/worker start`).
 * Waits up to STARTUP_WAIT_MS for PostgreSQL and Redis (one line for each that is down), then
 * prints the start-up banner on stderr (API, reference, SIWE domains, development relaxations).
 * SIGTERM/SIGINT, also while starting: the worker drains first (in-flight attempts finish and are
 * recorded), then the HTTP server stops, then the clients close; a second signal exits at once.
 *
 * Issue #27: without CHAIN_RPC_URLS it also starts two local chains (anvil, chain ids 31337 and
 * 31338, kept in .data/chain/ across restarts) and points the service at them; the API deploys our
 * contracts there when none are recorded (or the chain was reset), then the chains mine a block
 * every second so that confirmations advance. They stop last.
 */
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createLogger, ensureLocalSecretsKey, exitOnStartupError, loadConfig, loadEnvFile, runService } from '@gw/runtime';
import { setIntervalMining, startLocalChains, type LocalChains } from '@gw/contracts/anvil';
import { startApi, startupBanner } from '@gw/api';
import { startWorker } from '@gw/worker';

let localChains: LocalChains | undefined;
try {
  const root = fileURLToPath(new URL('..', import.meta.url));
  // .env fills what the environment leaves unset (`pnpm db:migrate`, run before, read it too).
  loadEnvFile(root);
  // Quick start: without SECRETS_ENCRYPTION_KEY, a random key kept in .data/secrets.key (0600).
  const key = ensureLocalSecretsKey(root);
  // Issue #27: no chain named → two embedded local chains (anvil from npm, nothing downloaded).
  if (!process.env.CHAIN_RPC_URLS) {
    localChains = await startLocalChains({ stateDir: path.join(root, '.data', 'chain') });
    process.env.CHAIN_RPC_URLS = localChains.rpcUrls;
  }
  const config = loadConfig();
  if (key.source === 'generated')
    process.stderr.write(`generated a local SECRETS_ENCRYPTION_KEY in ${key.path} (mode 0600; keep it, back it up)\n`);
  const logger = createLogger(config.LOG_LEVEL, { app: 'api+worker' });
  const running = await runService({
    app: 'api+worker',
    logger,
    config,
    // The API first: a busy port fails before the worker has taken any job.
    start: async () => {
      const api = await startApi(config).catch(async (err: unknown) => {
        await localChains?.stop();
        throw err;
      });
      const worker = await startWorker(config).catch(async (err: unknown) => {
        await api.stop();
        await localChains?.stop();
        throw err;
      });
      // Deployed (or reused) by the API: from now on a block a second, so confirmations advance.
      for (const anvil of localChains?.anvils ?? []) await setIntervalMining(anvil.rpcUrl, 1);
      return {
        api,
        stop: async () => {
          await worker.stop();
          await api.stop();
          await localChains?.stop();
        },
        pendingStopSteps: () => [
          ...worker.pendingStopSteps().map((s) => `worker: ${s}`),
          ...api.pendingStopSteps().map((s) => `api: ${s}`),
        ],
      };
    },
  });
  if (!running) await localChains?.stop();
  else {
    process.stderr.write(startupBanner(config, (running.api.server.address() as AddressInfo).port));
    if (localChains)
      process.stderr.write(`local chains (anvil): ${localChains.anvils.map((a) => `eip155:${a.chainId} ${a.rpcUrl}`).join(', ')}\n`);
  }
} catch (err) {
  // The anvils are this process's children: never leave them running on the ports.
  await localChains?.stop().catch(() => undefined);
  exitOnStartupError(err);
}
