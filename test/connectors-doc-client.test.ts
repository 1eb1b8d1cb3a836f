/**
 * docs/connectors.md's MCP client snippet (the official TypeScript SDK, `@modelcontextprotocol/client`)
 * runs as written against a real stack: the organization's ceiling set, the snippet started with
 * `MCP_URL`, the consent page's URL it prints driven by the holder over HTTP (`consentOverHttp`,
 * as the page's script does), the browser's return to the snippet's callback, then its `finishAuth`,
 * `tools/list` and a tool call. A change of the SDK's API or of the server that breaks the page's
 * example fails here.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { mcpResource } from '@gw/core/connectors';
import { publicOrigin } from '@gw/api';
import { startStack, type Stack } from './support/stack.js';
import { newWallet } from './support/wallet.js';
import { consentOverHttp } from '../scripts/lib/connector-consent.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The snippet's redirect URI (it listens there). */
const REDIRECT = 'http://127.0.0.1:33418/callback';

let stack: Stack;
let dir: string;
let child: ChildProcess | undefined;
beforeAll(async () => {
  stack = await startStack('doc-client', { chain: false, worker: false });
  // Inside the repository, so that the snippet's import resolves the workspace's SDK.
  dir = mkdtempSync(join(ROOT, 'test', '.doc-client-'));
});
afterAll(async () => {
  child?.kill();
  rmSync(dir, { recursive: true, force: true });
  await stack.stop();
});

it("docs/connectors.md's SDK client registers, sends the holder to the consent page, finishes with the code and calls a tool", async () => {
  const org = await stack.org();
  const ceiling = await stack.http
    .post('/api/connectors/ceiling')
    .set('X-API-Key', org.apiKey)
    .send({ scopes: ['wallet:read', 'payments:read'], anyClient: true, maxPerTransaction: null, maxPerDay: null, maxTotal: null });
  expect(ceiling.status).toBe(200);
  const blocks = [...readFileSync(join(ROOT, 'docs/connectors.md'), 'utf8').matchAll(/```js\n([\s\S]*?)```/g)];
  expect(blocks).toHaveLength(1);
  writeFileSync(join(dir, 'agent.mjs'), blocks[0]![1]!);

  const proc = spawn(process.execPath, [join(dir, 'agent.mjs')], {
    // What the page tells its reader to set (MCP_URL), and nothing of this process's environment.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, MCP_URL: mcpResource(publicOrigin(stack.api.deps), org.organizationId) },
  });
  child = proc;
  let output = '';
  proc.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
  const authorizationUrl = await new Promise<string>((resolve, reject) => {
    proc.stdout.on('data', (d) => {
      output += String(d);
      const m = /(http:\/\/\S+\/oauth\/authorize\?\S+)/.exec(output);
      if (m) resolve(m[1]!);
    });
    void exited.then(() => reject(new Error(`the snippet ended before asking for the consent: ${output}`)));
  });

  // The holder at the consent page; then the browser's return to the snippet's redirect URI.
  const { callback } = await consentOverHttp(authorizationUrl, {
    redirectUri: REDIRECT,
    holder: newWallet(),
    choice: { scopes: ['wallet:read'], perTransaction: '0', perDay: '0', total: '0' },
  });
  expect((await fetch(callback)).status).toBe(200);

  expect(await exited).toBe(0);
  expect(output).toContain("[ 'get_wallet_balances', 'get_token_info' ]");
  expect(output).toMatch(/address: '0x[0-9a-fA-F]{40}'/);
}, 60_000);
