/**
 * Module boundaries: `pnpm lint` refuses an import between the modules of
 * packages/core that packages/core/module-dependencies.js does not allow, a deep import, a name
 * another module re-exports from its repository, and an import up the layers. Each case lints a
 * made-up file at a real path with the project's own ESLint configuration.
 */
import { describe, expect, it } from '@jest/globals';
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { MODULE_DEPENDENCIES } from '../packages/core/module-dependencies.js';

const cwd = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd });

/** The `no-restricted-imports` messages ESLint gives `code` as the file at `path`. */
async function restricted(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${cwd}${path}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('module boundaries (packages/core/module-dependencies.js, enforced by pnpm lint)', () => {
  it('lets a module import what the table allows, through the index', async () => {
    expect(await restricted('packages/core/src/payments/x.ts', "export { recordEvent } from '../webhooks/index.js';\n")).toEqual([]);
    expect(await restricted('packages/core/src/webhooks/x.ts', "export { deliveryQueue } from './engine/queue.js';\n")).toEqual([]);
    expect(await restricted('packages/core/src/webhooks/engine/x.ts', "export { deliveryQueue } from './queue.js';\n")).toEqual([]);
  });

  it('refuses an import of a module the table does not list', async () => {
    const messages = await restricted('packages/core/src/ledger/x.ts', "export { recordEvent } from '../webhooks/index.js';\n");
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("'ledger' may import only ../chain/index.js, ../evm/index.js, ../idempotency/index.js");
  });

  it('refuses the lower module importing the higher one (the outbox never imports the modules that record events)', async () => {
    const messages = await restricted('packages/core/src/webhooks/x.ts', "export { confirmPayment } from '../payments/index.js';\n");
    expect(messages).toEqual([expect.stringContaining("'webhooks' may import only no other module")]);
  });

  it("refuses a module's sub-folder importing the folders above it (the delivery engine never imports the API's side)", async () => {
    const messages = await restricted('packages/core/src/webhooks/engine/x.ts', "export { listWebhooks } from '../service.js';\n");
    expect(messages).toEqual([expect.stringContaining('does not import the folders above it')]);
    const other = await restricted('packages/core/src/webhooks/engine/x.ts', "export { transfer } from '../../ledger/index.js';\n");
    expect(other).toEqual([expect.stringContaining("'webhooks' may import only no other module")]);
  });

  it("refuses a deep import of an allowed module's file", async () => {
    const messages = await restricted(
      'packages/core/src/payments/x.ts',
      "export { enqueueDeliveries } from '../webhooks/engine/queue.js';\n",
    );
    expect(messages).toHaveLength(1);
  });

  it("refuses a name another module's index re-exports from its repository", async () => {
    const messages = await restricted('packages/core/src/credits/x.ts', "export { getBalance } from '../ledger/index.js';\n");
    expect(messages).toEqual([expect.stringContaining("call a function of ledger's service instead")]);
    expect(await restricted('packages/core/src/credits/x.ts', "export { balanceOf } from '../ledger/index.js';\n")).toEqual([]);
    // Also what it re-exports from a sub-folder's repository (the delivery engine's store).
    const store = await restricted('packages/core/src/payments/x.ts', "export { createDeliveryStore } from '../webhooks/index.js';\n");
    expect(store).toEqual([expect.stringContaining("call a function of webhooks's service instead")]);
  });

  it('refuses @gw/core inside core, and imports up the layers', async () => {
    expect(await restricted('packages/core/src/payments/x.ts', "export { recordEvent } from '@gw/core/webhooks';\n")).toHaveLength(1);
    expect(await restricted('packages/runtime/src/x.ts', "export { listWebhooks } from '@gw/core/webhooks';\n")).toHaveLength(1);
    expect(await restricted('packages/db/src/x.ts', "export { loadConfig } from '@gw/runtime';\n")).toHaveLength(1);
    expect(await restricted('packages/core/src/payments/x.ts', "export { startApi } from '@gw/api';\n")).toHaveLength(1);
  });

  it('keeps the local-chain tooling out of the apps that serve traffic and out of the other modules', async () => {
    const tooling = "export { mintByDeposit } from '@gw/core/local-chain';\n";
    for (const app of ['api', 'worker', 'ops'])
      expect(await restricted(`apps/${app}/src/x.ts`, tooling)).toEqual([expect.stringContaining("'local-chain' is tooling")]);
    expect(await restricted('apps/admin/src/x.ts', tooling)).toEqual([]);
    const inCore = await restricted('packages/core/src/custody/x.ts', "export { mintByDeposit } from '../local-chain/index.js';\n");
    expect(inCore).toContainEqual(expect.stringContaining("'local-chain' is tooling"));
    const deep = await restricted('packages/core/src/chain/x.ts', "export { mintByDeposit } from '../local-chain/service.js';\n");
    expect(deep).toContainEqual(expect.stringContaining("'local-chain' is tooling"));
    for (const deps of Object.values(MODULE_DEPENDENCIES)) expect(deps).not.toContain('local-chain');
  });

  it('lists every module of packages/core, with dependencies on listed modules only and no cycle', () => {
    const modules = Object.keys(MODULE_DEPENDENCIES);
    for (const deps of Object.values(MODULE_DEPENDENCIES)) for (const d of deps) expect(modules).toContain(d);
    // Each module is listed after all it depends on: the order is a topological one, so there is no cycle.
    modules.forEach((m, i) => {
      for (const d of MODULE_DEPENDENCIES[m]!) expect(modules.indexOf(d)).toBeLessThan(i);
    });
  });
});
