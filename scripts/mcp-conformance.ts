/**
 * `pnpm mcp:conformance`: the MCP conformance suite (`@modelcontextprotocol/conformance`,
 * a root devDependency) against an organization's real MCP endpoint, with a committed baseline of
 * expected failures (test/mcp-conformance-baseline.json).
 *
 * 1. Creates and migrates a template database of its own (as jest's global setup does) and starts
 *    the real API in this process with test/support/stack.ts (no worker, no chain).
 * 2. Creates an organization, logs a fresh wallet in with its API key (SIWE), and writes a
 *    connector grant and a bearer access token for it with every connector scope
 *    (test/support/connector-token.ts: no OAuth flow).
 * 3. Starts a loopback reverse proxy (node:http) that forwards to `POST /mcp/<organization id>`
 *    adding `Authorization: Bearer <token>`: the conformance CLI's server mode takes no token, and
 *    the product has no unauthenticated mode. The proxy only translates its own address into the
 *    API's public one: a Host (or Origin) naming the proxy becomes the public origin's host
 *    (`localhost:<API port>`); any other Host or Origin is forwarded unchanged, so the
 *    `dns-rebinding-protection` scenario still reaches the endpoint's own Host/Origin checks.
 * 4. Runs the CLI's server scenarios (the package's default `active` suite) against the proxy,
 *    reads each scenario's checks.json, and compares with the baseline: a scenario fails when one
 *    of its checks is FAILURE or WARNING (the package's own rule for its baselines).
 *
 * The package's authorization scenarios (`auth/*`) are all client scenarios (they test an OAuth
 * client against a mock authorization server); none tests a server, so none runs here. The
 * authorization server's independent client check is oauth4webapi's, not this script's.
 *
 * Prints `PASS <scenario>` / `FAIL <scenario> (expected: <why>)` / `FAIL <scenario> (UNEXPECTED: ...)`
 * / `PASS <scenario> (STALE baseline entry: ...)`, one line per scenario, then one summary line
 * `mcp conformance: N passed, M failed (K expected), U unexpected, S stale`. Exits 1 on an
 * unexpected failure, a stale baseline entry (a baselined scenario that now passes, or that did not
 * run), or when the run itself broke; 0 otherwise.
 *
 * Options: `--verbose` prints the failing checks' messages; env `MCP_CONFORMANCE_KEEP=1` keeps the
 * CLI's result folder (printed) instead of deleting it; env `MCP_CONFORMANCE_BASELINE` reads another
 * baseline file (to try a change of it).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTemplateDatabase, dropRunDatabases, runMigrateCli, TEMPLATE_ENV } from '@gw/db/testing';
import { CONNECTOR_SCOPES } from '@gw/core/connectors';
import { publicOrigin } from '@gw/api';
import { startStack, type Stack } from '../test/support/stack.js';
import { connectorToken } from '../test/support/connector-token.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASELINE_FILE = path.resolve(ROOT, process.env.MCP_CONFORMANCE_BASELINE || path.join('test', 'mcp-conformance-baseline.json'));
const CLI = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
/** The whole CLI run; its scenarios take a few seconds against a local server. */
const CLI_TIMEOUT_MS = 90_000;
const verbose = process.argv.includes('--verbose');

interface Check {
  id: string;
  name: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | string;
  errorMessage?: string;
}
interface ScenarioResult {
  scenario: string;
  checks: Check[];
}

/** The committed baseline: `{ "expectedFailures": { "<scenario>": "<why>" } }`. */
async function readBaseline(): Promise<Map<string, string>> {
  const raw = JSON.parse(await readFile(BASELINE_FILE, 'utf8')) as { expectedFailures?: Record<string, unknown> };
  if (!raw || typeof raw !== 'object' || !raw.expectedFailures || typeof raw.expectedFailures !== 'object') {
    throw new Error(`${BASELINE_FILE}: expected { "expectedFailures": { "<scenario>": "<why>" } }`);
  }
  const out = new Map<string, string>();
  for (const [scenario, why] of Object.entries(raw.expectedFailures)) {
    if (typeof why !== 'string' || why.trim() === '')
      throw new Error(`${BASELINE_FILE}: "${scenario}" needs a reason (a non-empty string)`);
    out.set(scenario, why.trim());
  }
  return out;
}

/**
 * The loopback reverse proxy in front of the MCP endpoint: same path, `Authorization: Bearer
 * <token>` added, and the proxy's own Host/Origin translated to the public origin's (anything else
 * passes unchanged, so the endpoint's DNS-rebinding checks still see a foreign Host or Origin).
 */
async function startProxy(target: { apiPort: number; publicOrigin: string; token: string }): Promise<{ url: string; server: Server }> {
  const publicHost = new URL(target.publicOrigin).host;
  let ownHosts: Set<string> = new Set();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value === undefined || name === 'connection' || name === 'keep-alive' || name === 'proxy-connection') continue;
      headers[name] = value;
    }
    const host = (req.headers.host ?? '').toLowerCase();
    headers.host = ownHosts.has(host) ? publicHost : (req.headers.host ?? publicHost);
    const origin = req.headers.origin;
    if (typeof origin === 'string') {
      let originHost = '';
      try {
        originHost = new URL(origin).host.toLowerCase();
      } catch {
        // Not a URL: forwarded as it came.
      }
      headers.origin = ownHosts.has(originHost) ? target.publicOrigin : origin;
    }
    headers.authorization = `Bearer ${target.token}`;
    const upstream = httpRequest(
      { host: '127.0.0.1', port: target.apiPort, method: req.method, path: req.url, headers },
      (up: IncomingMessage) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', (err: Error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${err.message}`);
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  ownHosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  return { url: `http://127.0.0.1:${port}`, server };
}

/** Runs the conformance CLI's server scenarios against `url`, results into `outDir`; its output is kept for errors. */
async function runCli(url: string, outDir: string): Promise<{ code: number | null; output: string; timedOut: boolean }> {
  const child = spawn(process.execPath, [CLI, 'server', '--url', url, '--suite', 'active', '-o', outDir], {
    cwd: ROOT,
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (c: string) => (output += c));
  child.stderr.setEncoding('utf8').on('data', (c: string) => (output += c));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, CLI_TIMEOUT_MS);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  clearTimeout(timer);
  return { code, output, timedOut };
}

/** The scenarios' results from the CLI's folders `server-<scenario>-<ISO time with - for : and .>/checks.json`. */
async function readResults(outDir: string): Promise<ScenarioResult[]> {
  const results: ScenarioResult[] = [];
  for (const entry of (await readdir(outDir, { withFileTypes: true })).filter((e) => e.isDirectory())) {
    const m = /^server-(.+)-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/.exec(entry.name);
    if (!m) throw new Error(`unexpected result folder ${entry.name}`);
    const checks = JSON.parse(await readFile(path.join(outDir, entry.name, 'checks.json'), 'utf8')) as Check[];
    results.push({ scenario: m[1]!, checks });
  }
  return results.sort((a, b) => a.scenario.localeCompare(b.scenario));
}

async function main(): Promise<number> {
  const started = Date.now();
  const baseline = await readBaseline();
  let templateUrl: string | undefined;
  let stack: Stack | undefined;
  let proxy: Server | undefined;
  let outDir: string | undefined;
  try {
    // The stack's databases are clones of a migrated template, as in the jest runs.
    const template = await createTemplateDatabase();
    templateUrl = template.url;
    await runMigrateCli(template.url, ROOT);
    process.env[TEMPLATE_ENV] = template.url;
    stack = await startStack('mcp-conformance', { worker: false });
    const org = await stack.org();
    const holder = await stack.login(undefined, { apiKey: org.apiKey });
    const token = await connectorToken(stack, {
      organizationId: org.organizationId,
      wallet: holder.address,
      scopes: [...CONNECTOR_SCOPES],
      clientId: 'mcp-conformance',
    });
    const origin = publicOrigin(stack.api.deps);
    const apiPort = (stack.api.server.address() as AddressInfo).port;
    const p = await startProxy({ apiPort, publicOrigin: origin, token: token.token });
    proxy = p.server;
    const mcpUrl = `${p.url}${new URL(token.url).pathname}`;
    console.log(
      `mcp conformance: @modelcontextprotocol/conformance server scenarios (active suite) against ${token.url} through ${mcpUrl}`,
    );

    outDir = await mkdtemp(path.join(tmpdir(), 'gw-mcp-conformance-'));
    const run = await runCli(mcpUrl, outDir);
    const results = await readResults(outDir);
    if (run.timedOut || results.length === 0) {
      console.error(run.output);
      console.error(
        run.timedOut ? `the conformance CLI did not finish within ${CLI_TIMEOUT_MS / 1000} s` : 'the conformance CLI ran no scenario',
      );
      console.log('mcp conformance: 0 passed, 1 failed (0 expected), 1 unexpected, 0 stale');
      return 1;
    }

    let passed = 0;
    let failed = 0;
    let expected = 0;
    let unexpected = 0;
    let stale = 0;
    for (const r of results) {
      const bad = r.checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING');
      const why = baseline.get(r.scenario);
      if (bad.length === 0) {
        passed += 1;
        if (why === undefined) console.log(`PASS ${r.scenario}`);
        else {
          stale += 1;
          console.log(`PASS ${r.scenario} (STALE baseline entry, remove it: ${why})`);
        }
      } else {
        failed += 1;
        const what = bad.map((c) => `${c.id} ${c.status}`).join(', ');
        if (why !== undefined) {
          expected += 1;
          console.log(`FAIL ${r.scenario} (expected: ${why})`);
        } else {
          unexpected += 1;
          console.log(`FAIL ${r.scenario} (UNEXPECTED: ${what})`);
        }
        if (verbose || why === undefined) {
          for (const c of bad) console.log(`    ${c.status} ${c.id}${c.errorMessage ? `: ${c.errorMessage}` : ''}`);
        }
      }
    }
    const ran = new Set(results.map((r) => r.scenario));
    for (const [scenario, why] of baseline) {
      if (ran.has(scenario)) continue;
      stale += 1;
      console.log(`MISSING ${scenario} (STALE baseline entry: the suite has no such scenario any more: ${why})`);
    }
    console.log(
      `mcp conformance: ${passed} passed, ${failed} failed (${expected} expected), ${unexpected} unexpected, ${stale} stale` +
        ` [${((Date.now() - started) / 1000).toFixed(1)} s]`,
    );
    return unexpected > 0 || stale > 0 ? 1 : 0;
  } finally {
    if (proxy) {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy!.close(() => resolve()));
    }
    if (stack) await stack.stop().catch((err: unknown) => console.error(`stack stop: ${err instanceof Error ? err.message : String(err)}`));
    if (templateUrl) await dropRunDatabases(templateUrl).catch(() => undefined);
    if (outDir) {
      if (process.env.MCP_CONFORMANCE_KEEP === '1') console.log(`results kept in ${outDir}`);
      else await rm(outDir, { recursive: true, force: true });
    }
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    console.log('mcp conformance: 0 passed, 1 failed (0 expected), 1 unexpected, 0 stale');
    process.exit(1);
  },
);
