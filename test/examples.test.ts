import { copyFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { installPacks, workspaceRoot, type InstalledPacks } from './support/packed.js';
import { startStack, type Stack } from './support/stack.js';

/**
 * `examples/integration/index.mjs` runs against a started stack with only
 * the packed `@service-gateway/client` and `@service-gateway/webhook-receiver` (installed from their tarballs in a fresh
 * folder) plus the `siwe` and `ethers` versions its package.json names, under plain `node`.
 * It logs in, registers a webhook, takes payments to settled, refunded, failed and expired,
 * verifies and dedupes every delivery, rotates the secret and retries a dead delivery; it exits 0
 * only when every step held.
 */
const EXAMPLE = path.join(workspaceRoot, 'examples', 'integration');

describe('examples/integration against a started stack', () => {
  let stack: Stack;
  let consumer: InstalledPacks;

  beforeAll(async () => {
    const manifest = JSON.parse(await readFile(path.join(EXAMPLE, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const { siwe, ethers } = manifest.dependencies;
    consumer = await installPacks({
      packages: ['packages/client', 'packages/webhook-receiver'],
      dependencies: { siwe: siwe!, ethers: ethers! },
    });
    await copyFile(path.join(EXAMPLE, 'index.mjs'), path.join(consumer.dir, 'index.mjs'));
    // Short back-off and few attempts so step 6 sees a delivery die within seconds.
    stack = await startStack('examples', {
      chain: true,
      env: { WEBHOOK_MAX_ATTEMPTS: '3', WEBHOOK_BACKOFF_BASE_MS: '100', WEBHOOK_BACKOFF_MAX_MS: '400' },
    });
  }, 300_000);

  afterAll(async () => {
    await stack?.stop();
    await consumer?.cleanup();
  });

  it('runs every step of the integration and exits 0', async () => {
    const { apiKey } = await stack.org();
    const payerKey = generatePrivateKey();
    await stack.mint(privateKeyToAccount(payerKey).address, 20n * 10n ** 18n);
    const { stdout } = await consumer.run(process.execPath, ['index.mjs'], {
      timeoutMs: 120_000,
      // Exactly what examples/integration/README.md tells its reader to set, nothing of this process.
      readerEnv: true,
      env: {
        GW_BASE_URL: `${stack.baseUrl}/api`,
        GW_API_KEY: apiKey,
        GW_PAYER_PRIVATE_KEY: payerKey,
        GW_SIWE_DOMAIN: stack.config.SIWE_DOMAIN,
        GW_WAIT_MS: '30000',
      },
    });
    const lines = stdout.trim().split('\n');
    for (const step of ['1.', '2.', '3.', '5.', '6.']) expect(lines.some((l) => l.startsWith(step))).toBe(true);
    for (const event of ['payment.settled', 'payment.refunded', 'payment.failed', 'payment.expired'])
      expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^4\\. verified ${event.replace('.', '\\.')} `)));
    expect(stdout).toMatch(/recognised as a duplicate/);
    expect(stdout).toMatch(/under another X-Service-Delivery: refused \(400 delivery-mismatch\)/);
    expect(stdout).toMatch(/is dead after 3 attempts/);
    // The one rejection is the replay of step 4.
    expect(lines.at(-1)).toMatch(/^done: 6 deliveries processed, 1 duplicate\(s\) skipped, 1 rejected$/);
  }, 180_000);
});
