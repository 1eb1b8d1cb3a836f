/**
 * `pnpm start`: the API and the worker in one process (after `pnpm db:migrate`; `exec` in the
 * script makes this process pnpm's own child, so a signal to pnpm reaches it). In containers each
 * app runs alone instead (`pnpm --filter @gw/api start`, `pnpm --filter @gw/worker start`).
 * Waits up to STARTUP_WAIT_MS for PostgreSQL and Redis (one line for each that is down), then
 * prints the start-up banner on stderr (API, reference, SIWE domains, development relaxations).
 * SIGTERM/SIGINT, also while starting: the worker drains first (in-flight attempts finish and are
 * recorded), then the HTTP server stops, then the clients close; a second signal exits at once.
 *
 * Without CHAIN_RPC_URLS it also starts two local chains (anvil, chain ids 31337 and 31338, kept in
 * .data/chain/ across restarts), points the service at them and records their URLs in
 * .data/local-chains.json for the operator CLI of another terminal; the API deploys our contracts
 * there when none are recorded (or the chain was reset), then the chains mine a block every second
 * so that confirmations advance. They stop last, and the record with them.
 *
 * In development, when DATABASE_URL is a superuser's, the API and the worker connect as the
 * database's rows-only role `<database>_app` instead ({@link localAppRoleFor}).
 */
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createLogger, ensureLocalSecretsKey, exitOnStartupError, loadEnvFile, recordLocalChains, runService } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { localAppRoleFor } from '@gw/db';
import { setIntervalMining, startLocalChains, type LocalChains } from '@gw/contracts/anvil';
import { startApi, startupBanner } from '@gw/api';
import { startWorker } from '@gw/worker';

let localChains: LocalChains | undefined;
/** Removes .data/local-chains.json (the operator CLI's way to the chains) once the chains stop. */
let forgetLocalChains = (): void => undefined;
const stopLocalChains = async (): Promise<void> => {
  forgetLocalChains();
  await localChains?.stop();
};
try {
  const root = fileURLToPath(new URL('..', import.meta.url));
  // .env fills what the environment leaves unset (`pnpm db:migrate`, run before, read it too).
  loadEnvFile(root);
  // Quick start: without SECRETS_ENCRYPTION_KEY, a random key kept in .data/secrets.key (0600).
  const key = ensureLocalSecretsKey(root);
  // No chain named → two embedded local chains (anvil from npm, nothing downloaded).
  if (!process.env.CHAIN_RPC_URLS) {
    localChains = await startLocalChains({ stateDir: path.join(root, '.data', 'chain') });
    process.env.CHAIN_RPC_URLS = localChains.rpcUrls;
  }
  let config = loadConfig();
  // Locally PostgreSQL's superuser runs the migrations (`pnpm db:migrate`, before this), but the
  // API and the worker connect as the database's rows-only app role, as in the containers: what
  // they run can neither alter the schema nor disable the audit trail's triggers.
  const appRole = await localAppRoleFor(config);
  if (appRole) {
    process.env.DATABASE_URL = appRole.url;
    config = loadConfig();
    process.stderr.write(`database: connecting as ${appRole.role} (rows only; migrations ran as the superuser)\n`);
  }

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
        await stopLocalChains();
        throw err;
      });
      const worker = await startWorker(config).catch(async (err: unknown) => {
        await api.stop();
        await stopLocalChains();
        throw err;
      });
      // Deployed (or reused) by the API: from now on a block a second, so confirmations advance.
      for (const anvil of localChains?.anvils ?? []) await setIntervalMining(anvil.rpcUrl, 1);
      return {
        api,
        stop: async () => {
          await worker.stop();
          await api.stop();
          await stopLocalChains();
        },
        pendingStopSteps: () => [
          ...worker.pendingStopSteps().map((s) => `worker: ${s}`),
          ...api.pendingStopSteps().map((s) => `api: ${s}`),
        ],
      };
    },
  });
  if (!running) await stopLocalChains();
  else {
    process.stderr.write(startupBanner(config, (running.api.server.address() as AddressInfo).port));
    if (localChains) {
      // Deployed and mining: the operator CLI in another terminal finds them through this record
      // (they are on other ports than 8545 and 8546 when those are taken).
      forgetLocalChains = recordLocalChains(root, localChains.anvils);
      process.stderr.write(`local chains (anvil): ${localChains.anvils.map((a) => `eip155:${a.chainId} ${a.rpcUrl}`).join(', ')}\n`);
    }
  }
} catch (err) {
  // The anvils are this process's children: never leave them running on the ports.
  await stopLocalChains().catch(() => undefined);
  exitOnStartupError(err);
}
