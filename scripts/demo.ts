/**
 * `pnpm demo`: the main job, end to end, on the real stack (PostgreSQL + Redis on their default
 * local ports; `pnpm db:migrate` has run). It
 *  1. starts the API and the worker in this process (queue prefix `gwdemo`),
 *  2. starts a receiver that verifies signatures and dedupes by the delivery id with
 *     @service-gateway/webhook-receiver, as the specification tells integrators to (the kit also checks
 *     X-Service-Delivery against the id signed in the body, and the attempt's signed timestamp),
 *  3. provisions an organization and mints tokens with the operator CLI,
 *  4. logs in freshly generated wallets with Sign-In with Ethereum (server nonces; the
 *     organization's API key binds the sessions to it),
 *  5. registers a webhook for the four payment events,
 *  6. takes one payment through settle and refund, one that fails for a short balance and one
 *     left to expire,
 *  7. prints every verified delivery, including one retried after a receiver error and one
 *     duplicate the receiver recognised, then a summary of the deliveries from the API,
 *  8. has a wallet sign an EIP-712 consent and reads its health records under it,
 *  9. runs on two local chains (anvil 31337 and 31338, started here unless
 *     CHAIN_RPC_URLS names nodes): prints the deployed contracts and the custody address, sends a
 *     wallet test tokens with `admin chain:faucet`, has it deposit some to custody with its own
 *     key (credited after the confirmations), deposits more without gas by signing an EIP-2612
 *     permit that the gateway relays, withdraws on chain, and checks the reserves,
 * 10. alongside the payments (each flow's lines are printed once it is done): stakes 5
 *     tokens from the custodial balance (a custody outflow) until a reward accrues; sends 3 tokens
 *     over the bridge by permit (locked at home, minted on the second chain); and has a third wallet
 *     delegate and vote by signature for a treasury payment that the demo proposes
 *     (`admin governance:propose`), which the worker's keeper queues and executes (the Timelock,
 *     funded by the faucet once as seed:demo does, pays; the recipient's balance is read on chain).
 *     Every transaction hash is printed.
 * 11. an AI connector: the organization sets its connector ceiling; an MCP client (the
 *     SDK's own, `@modelcontextprotocol/client`) meets 401 at the organization's MCP endpoint and
 *     runs the whole OAuth 2.1 flow itself (protected-resource metadata, discovery, dynamic
 *     registration, PKCE with `resource`); Alice's side of it, the consent page, is driven over
 *     plain HTTP as its script does (scripts/lib/connector-consent.ts: her wallet signs the EIP-4361
 *     message stating the scopes and limits she keeps; no browser). The client lists its tools,
 *     pays within its per-transaction limit (create + confirm) and is refused over it.
 * Exits 1 unless the withdrawal is confirmed, the reserves hold, the stake earns, the bridge transfer
 * completes, the vote is confirmed with the wallet's weight and the proposal pays, and the connector
 * pays within its limit and is refused over it, too.
 * Exits 0 when all four event names were delivered and verified, 1 otherwise.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createPublicClient, createWalletClient, defineChain, erc20Abi, http, parseAbiItem } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { createLogger, loadEnvFile, ensureLocalSecretsKey, serviceDependencies, waitForDependencies } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { consentTypedData } from '@gw/core/consents';
import { mcpResource } from '@gw/core/connectors';
import { publicOrigin, startApi, startupBanner } from '@gw/api';
import { Client as McpClient, StreamableHTTPClientTransport, UnauthorizedError } from '@modelcontextprotocol/client';
import { startWorker } from '@gw/worker';
import { MemoryStore, webhookReceiver, type WebhookEvent } from '@service-gateway/webhook-receiver';
import { setIntervalMining, startLocalChains, type LocalChains } from '@gw/contracts/anvil';
import { localAppRoleFor } from '@gw/db';
import path from 'node:path';
import { consentOverHttp, MemoryOAuthClientProvider } from './lib/connector-consent.js';
// The typed client's signing of served typed data (string uint256 fields → bigint, the signer checked).
import { signBallot, signDelegation, signPermit } from '../packages/client/src/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
// The demo's own settings below (its queue prefix, any free port, quiet logs, a fast back-off)
// give way to the shell's environment only; .env (read now: `pnpm db:migrate` read it too)
// supplies the rest, such as DATABASE_URL, REDIS_URL and SECRETS_ENCRYPTION_KEY.
const shell = { ...process.env };
loadEnvFile(root);
// Without SECRETS_ENCRYPTION_KEY: a random local key in .data/secrets.key (0600), generated once.
const localKey = ensureLocalSecretsKey(root);
if (localKey.source === 'generated') process.stderr.write(`generated a local SECRETS_ENCRYPTION_KEY in ${localKey.path} (mode 0600)\n`);
// Two local chains unless the shell or .env names nodes (kept in .data/chain, as `pnpm start` keeps them).
const localChains: LocalChains | undefined = process.env.CHAIN_RPC_URLS
  ? undefined
  : await startLocalChains({ stateDir: path.join(root, '.data', 'chain') });
// The anvils are this process's children: a Ctrl-C (or SIGTERM) stops them before exiting.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void (localChains?.stop() ?? Promise.resolve()).finally(() => process.exit(130));
  });
const env = {
  ...process.env,
  ...(localChains && { CHAIN_RPC_URLS: localChains.rpcUrls }),
  QUEUE_PREFIX: shell.QUEUE_PREFIX ?? 'gwdemo',
  PORT: shell.PORT ?? '0',
  LOG_LEVEL: shell.LOG_LEVEL ?? 'warn',
  // The demo's receiver listens on 127.0.0.1: the default with NODE_ENV=development, set here in
  // case the shell says otherwise (production refuses it).
  WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
  // The specification's back-off (1 min, 2 min, ...) scaled down so a retry is seen in seconds.
  WEBHOOK_BACKOFF_BASE_MS: shell.WEBHOOK_BACKOFF_BASE_MS ?? '1000',
  WEBHOOK_BACKOFF_MAX_MS: shell.WEBHOOK_BACKOFF_MAX_MS ?? '8000',
};
// As `pnpm start`: the demo's API and worker connect as the database's rows-only app role when
// DATABASE_URL is a superuser's (migrations ran as the superuser); its operator CLI keeps the URL.
const asSuperuser = loadConfig(env);
const appRole = await localAppRoleFor(asSuperuser);
const config = appRole ? loadConfig({ ...env, DATABASE_URL: appRole.url }) : asSuperuser;
const say = (line = '') => process.stdout.write(`${line}\n`);

/**
 * Runs the operator CLI exactly as an operator would; resolves with its one JSON object.
 * Asynchronous on purpose: this process also runs the API and the worker, and a synchronous child
 * process would stop their event loop while the CLI waits on them (the worker's deposit scan holds
 * an advisory lock that `token:mint`'s scan waits for: a deadlock, seen in CI).
 * @throws the child's error (with `stdout`, `stderr`) when it exits non-zero
 */
async function admin(...args: string[]): Promise<Record<string, string>> {
  const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/admin/src/cli.ts', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  if (stderr) process.stderr.write(stderr);
  return JSON.parse(stdout) as Record<string, string>;
}

/** Polls `check` until it answers something, for at most `ms`; throws naming `what` after that. */
async function waitFor<T>(what: string, check: () => Promise<T | undefined>, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A flow run alongside the others: its lines are kept and printed together when it is awaited. */
interface Flow {
  ok: boolean;
  lines: string[];
}
function inBackground(run: (out: (line: string) => void) => Promise<boolean>): Promise<Flow> {
  const lines: string[] = [];
  return run((line) => lines.push(line)).then(
    (ok) => ({ ok, lines }),
    (err: unknown) => ({ ok: false, lines: [...lines, `  ✗ ${err instanceof Error ? err.message : String(err)}`] }),
  );
}

async function main(): Promise<number> {
  const logger = createLogger(config.LOG_LEVEL, { app: 'demo' });
  // PostgreSQL or Redis down is one line each and a bounded wait, not a stream of traces.
  await waitForDependencies(serviceDependencies(config), {
    timeoutMs: config.STARTUP_WAIT_MS,
    logger,
    secrets: [config.DATABASE_URL, config.REDIS_URL],
  });
  const worker = await startWorker(config, { logger });
  // The API deploys the contracts on the local chains when none are recorded (or the chains were reset).
  const api = await startApi(config, { logger });
  for (const anvil of localChains?.anvils ?? []) await setIntervalMining(anvil.rpcUrl, 1);
  const port = (api.server.address() as AddressInfo).port;
  process.stderr.write(startupBanner(config, port, 'demo API and worker'));
  const base = `http://127.0.0.1:${port}/api`;
  say(`API listening on ${base}; worker running (queue prefix "${config.QUEUE_PREFIX}")`);

  // --- the integrator's receiver ------------------------------------------------------------
  const seen = new Map<string, WebhookEvent>();
  let failNext = true;
  let listener: RequestListener = (_req, res) => res.writeHead(503).end();
  const receiver = createServer((req, res) => listener(req, res));
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/gateway`;
  say(`Receiver listening on ${receiverUrl}`);

  // --- provisioning (operator CLI) ----------------------------------------------------------
  const org = await admin('org:create', '--name', `Demo merchant ${new Date().toISOString()}`, '--scopes', 'all');
  // The key is shown (once) so that the reader can call the API by hand with it.
  say(`Organization ${org.organizationId} created with an API key (every scope), shown this once:`);
  say(`  ${org.apiKey}`);
  say('  This is a local demo key in your local database: use it against this API (X-API-Key), never share or deploy it.');
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', 'x-api-key': org.apiKey!, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Record<string, any>;
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  // Org-bound login: a server nonce, then the signed message posted with the
  // organization's API key, so the JWT is accepted only together with this organization's key.
  const login = async (wallet: PrivateKeyAccount) => {
    const { nonce } = (await (await fetch(`${base}/gateway/v1/sso/nonce`)).json()) as { nonce: string };
    const message = createSiweMessage({
      domain: config.SIWE_DOMAIN,
      address: wallet.address,
      statement: 'Sign in to the gateway demo',
      uri: `https://${config.SIWE_DOMAIN}/login`,
      version: '1',
      chainId: 1,
      nonce,
      issuedAt: new Date(),
    });
    const res = await fetch(`${base}/gateway/v1/sso/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': org.apiKey! },
      body: JSON.stringify({ message, signature: await wallet.signMessage({ message }) }),
    });
    if (!res.ok) throw new Error(`login failed: ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  };

  const alice = privateKeyToAccount(generatePrivateKey());
  const bob = privateKeyToAccount(generatePrivateKey());
  const ONE = 10n ** 18n;
  say(`Minted: ${JSON.stringify(await admin('token:mint', '--address', alice.address, '--amount', (50n * ONE).toString()))}`);
  say(`Minted: ${JSON.stringify(await admin('token:mint', '--address', bob.address, '--amount', '1000'))}`);
  const aliceToken = await login(alice);
  const bobToken = await login(bob);
  say(`Wallets ${alice.address} and ${bob.address} logged in with EIP-4361 messages (server nonces, sessions bound to the organization)`);

  // --- the chain ------------------------------------------------------------------
  say('\nThe chain:');
  const addresses = (await (await fetch(`${base}/gateway/v1/contracts/addresses`)).json()) as {
    networks: Record<string, { custody: string; contracts: Record<string, string> }>;
  };
  for (const [chain, n] of Object.entries(addresses.networks))
    say(
      `  ${chain}: ${Object.entries(n.contracts)
        .map(([k, a]) => `${k} ${a}`)
        .join(', ')}; custody ${n.custody}`,
    );
  const drip = await admin('chain:faucet', '--to', alice.address, '--amount', (30n * ONE).toString());
  say(`  faucet → ${alice.address}: ${BigInt(drip.amount!) / ONE} tokens on ${drip.chain}, tx ${drip.txHash} (block ${drip.blockNumber})`);
  const info = await call('GET', '/gateway/v1/token/info');
  say(`  token contract ${info.onchain.contract}: ${info.onchain.name} (${info.onchain.symbol}), totalSupply ${info.onchain.totalSupply}`);
  const showBalances = async () => {
    const balances = await call('GET', '/gateway/v1/wallet/balances', undefined, aliceToken);
    const onchain = (balances.onchain ?? []).map(
      (b: { chain: string; symbol: string; balance: string }) => `${b.symbol} ${b.balance} on ${b.chain}`,
    );
    say(`  ${alice.address}: custodial ${balances.data[0].balance}; its own wallet: ${onchain.join(', ')}`);
  };
  await showBalances();
  // Alice deposits 10 of her own tokens: an ordinary ERC-20 transfer to the custody address, signed by
  // her key (the local chain gives her some ETH for gas first).
  const home = config.CHAIN_RPC_URLS!.find((c) => c.chainId === config.CHAIN_HOME_ID)!;
  const homeChain = defineChain({
    id: home.chainId,
    name: `eip155:${home.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [home.url] } },
  });
  await fetch(home.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [alice.address, '0xde0b6b3a7640000'] }),
  });
  const custody = addresses.networks[`eip155:${home.chainId}`]!.custody as `0x${string}`;
  const homeClient = createPublicClient({ chain: homeChain, transport: http(home.url) });
  const balanceOn = (url: string, token: `0x${string}`, who: `0x${string}`) =>
    createPublicClient({ transport: http(url) }).readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [who] });

  // Governance by signature, started now and run alongside the rest (a proposal's cycle
  // is some 30 blocks at a block a second): a third wallet, Carol, receives tokens at her own address
  // (above the Governor's 4 % quorum, so her vote alone passes the proposal), delegates them to
  // herself by signature, and votes for a treasury payment the demo proposes; the worker's keeper
  // queues and executes it, and the Timelock pays. The Timelock is funded once (as seed:demo does).
  const carol = privateKeyToAccount(generatePrivateKey());
  const payee = privateKeyToAccount(generatePrivateKey()).address;
  const votes = 50_000_000n * ONE;
  const payment = 7n * ONE;
  const homeContracts = addresses.networks[`eip155:${home.chainId}`]!.contracts as Record<string, `0x${string}`>;
  const carolDrip = await admin('chain:faucet', '--to', carol.address, '--amount', votes.toString());
  const treasuryDrip =
    (await balanceOn(home.url, homeContracts.token!, homeContracts.treasury!)) < payment
      ? await admin('chain:faucet', '--to', homeContracts.treasury!, '--amount', (1_000_000n * ONE).toString())
      : undefined;
  const governance = inBackground(async (out) => {
    out(`  faucet → ${carol.address} (Carol): ${votes / ONE} tokens at her own address, tx ${carolDrip.txHash}`);
    if (treasuryDrip) out(`  faucet → the treasury (Timelock) ${homeContracts.treasury}: 1000000 tokens, tx ${treasuryDrip.txHash}`);
    const carolToken = await login(carol);
    const dt = await call('GET', `/gateway/v1/governance/delegation/typed-data?delegatee=${carol.address}`, undefined, carolToken);
    const dm = dt.typedData.message;
    const delegationSignature = await signDelegation(carol, dt.typedData, carol.address);
    const d = await call(
      'POST',
      '/gateway/v1/governance/delegate',
      { delegatee: dm.delegatee, nonce: dm.nonce, expiry: Number(dm.expiry), signature: delegationSignature },
      carolToken,
    );
    const delegated = await waitFor('the delegation to be confirmed', async () => {
      const now = await call('GET', `/gateway/v1/governance/delegations/${d.id}`, undefined, carolToken);
      if (now.status === 'failed') throw new Error(`delegation failed: ${now.failureReason}`);
      return now.status === 'confirmed' ? now : undefined;
    });
    out(
      `  delegation ${d.id}: Carol signed a Delegation to herself (gas paid by the gateway): ${delegated.status}, delegateBySig tx ${delegated.txHash}`,
    );
    const paidBefore = await balanceOn(home.url, homeContracts.token!, payee);
    const proposed = await admin(
      'governance:propose',
      '--title',
      `Demo: pay ${payment / ONE} tokens to ${payee}`,
      '--to',
      payee,
      '--amount',
      payment.toString(),
    );
    const proposalOf = async () => {
      const page = await call('GET', '/gateway/v1/governance/proposals?state=all', undefined, carolToken);
      return (page.data as Array<Record<string, any>>).find((p) => BigInt(p.id) === BigInt(proposed.proposalId!));
    };
    const open = await waitFor('the proposal to be open for voting', async () => {
      const p = await proposalOf();
      return p && p.state !== 'pending' ? p : undefined;
    });
    out(
      `  proposal ${proposed.proposalId} ("${open.title}", from the treasury), propose tx ${open.txHash} (block ${open.blockNumber}): ${open.state}, voting until block ${open.voteEnd}`,
    );
    const bt = await call(
      'GET',
      `/gateway/v1/governance/ballot/typed-data?proposalId=${proposed.proposalId}&choice=for`,
      undefined,
      carolToken,
    );
    const ballotSignature = await signBallot(carol, bt.typedData);
    const v = await call(
      'POST',
      '/gateway/v1/governance/vote',
      { proposalId: proposed.proposalId, choice: 'for', signature: ballotSignature },
      carolToken,
    );
    const voted = await waitFor('the vote to be confirmed', async () => {
      const now = await call('GET', `/gateway/v1/governance/votes/${v.id}`, undefined, carolToken);
      if (now.status === 'failed') throw new Error(`vote failed: ${now.failureReason}`);
      return now.status === 'confirmed' ? now : undefined;
    });
    out(
      `  vote ${v.id}: Carol signed a Ballot for it: ${voted.status} with weight ${BigInt(voted.weight) / ONE} tokens, castVoteBySig tx ${voted.txHash}`,
    );
    const executed = await waitFor(
      'the proposal to be executed',
      async () => {
        const p = await proposalOf();
        if (p && ['defeated', 'canceled', 'expired'].includes(p.state)) throw new Error(`proposal ${p.state}`);
        return p?.state === 'executed' ? p : undefined;
      },
      120_000,
    );
    // The keeper's queue and execute transactions, read back from the Governor's logs.
    const fromBlock = BigInt(open.blockNumber);
    const id = BigInt(proposed.proposalId!);
    const queuedLogs = await homeClient.getLogs({
      address: homeContracts.governor!,
      event: parseAbiItem('event ProposalQueued(uint256 proposalId, uint256 etaSeconds)'),
      fromBlock,
    });
    const executedLogs = await homeClient.getLogs({
      address: homeContracts.governor!,
      event: parseAbiItem('event ProposalExecuted(uint256 proposalId)'),
      fromBlock,
    });
    const queued = queuedLogs.find((l) => l.args.proposalId === id);
    const ran = executedLogs.find((l) => l.args.proposalId === id);
    const paid = (await balanceOn(home.url, homeContracts.token!, payee)) - paidBefore;
    out(
      `  proposal ${executed.state} by the worker's keeper (tally for ${BigInt(executed.tally.for) / ONE} tokens): queue tx ${queued?.transactionHash}, execute tx ${ran?.transactionHash}`,
    );
    out(`  ${payee} received ${paid / ONE} tokens from the treasury (balanceOf read on ${homeChain.name})`);
    return voted.status === 'confirmed' && BigInt(voted.weight) === votes && executed.state === 'executed' && paid === payment;
  });
  const depositTx = await createWalletClient({ account: alice, chain: homeChain, transport: http(home.url) }).writeContract({
    address: info.onchain.contract,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [custody, 10n * ONE],
  });
  say(`  deposit: ${alice.address} sent 10 tokens to custody ${custody}, tx ${depositTx}`);
  const credited = await waitFor('the deposit to be credited', async () => {
    const list = await call('GET', '/gateway/v1/wallet/deposits', undefined, aliceToken);
    return list.data.find((d: { txHash: string; status: string }) => d.txHash === depositTx && d.status === 'credited');
  });
  say(`  deposit credited after ${credited.confirmations} confirmations (block ${credited.blockNumber})`);
  // A gasless deposit: Alice signs an EIP-2612 permit (EIP-712 typed data served by the API; the
  // typed client's gw.depositWithPermit does the same), and the gateway relays permit + transferFrom.
  const typed = await call('GET', `/gateway/v1/wallet/permit-deposits/typed-data?amount=${5n * ONE}`, undefined, aliceToken);
  const pm = typed.typedData.message;
  const permitSignature = await signPermit(alice, typed.typedData);
  const permitDeposit = await call(
    'POST',
    '/gateway/v1/wallet/permit-deposits',
    { amount: (5n * ONE).toString(), deadline: Number(pm.deadline), signature: permitSignature },
    aliceToken,
  );
  say(`  gasless deposit ${permitDeposit.id}: ${alice.address} signed a permit for 5 tokens (nonce ${pm.nonce}); the gateway relays it`);
  const relayed = await waitFor('the gasless deposit to be credited', async () => {
    const now = await call('GET', `/gateway/v1/wallet/permit-deposits/${permitDeposit.id}`, undefined, aliceToken);
    if (now.status === 'failed') throw new Error(`gasless deposit failed: ${now.failureReason}`);
    return now.deposit === 'credited' ? now : undefined;
  });
  say(`  gasless deposit credited: permit tx ${relayed.permitTxHash}, transferFrom tx ${relayed.txHash} (gas paid by the gateway)`);
  await showBalances();

  // Run alongside the payments below: Alice stakes 5 tokens from her custodial balance (a
  // custody outflow: approve, then stakeFor her address) and sends 3 of her own tokens over the bridge
  // by permit (the vault locks them at home, the wrapped token is minted on the second chain).
  const stakeAmount = 5n * ONE;
  const staking = inBackground(async (out) => {
    const op = await call('POST', '/gateway/v1/staking/stake', { source: 'custody', amount: stakeAmount.toString() }, aliceToken);
    const staked = await waitFor('the stake to be confirmed', async () => {
      const now = await call('GET', `/gateway/v1/staking/operations/${op.id}`, undefined, aliceToken);
      if (now.status === 'failed') throw new Error(`stake failed: ${now.failureReason}`);
      return now.status === 'confirmed' ? now : undefined;
    });
    out(
      `  stake ${op.id}: ${stakeAmount / ONE} tokens from Alice's custodial balance to the pool ${staked.pool}: ${staked.status}, stakeFor tx ${staked.txHash}`,
    );
    const position = await waitFor('a reward to accrue', async () => {
      const now = (await call('GET', '/gateway/v1/staking/positions', undefined, aliceToken)).data[0];
      return now && BigInt(now.earned) > 0n ? now : undefined;
    });
    out(
      `  position of ${position.address}: staked ${position.staked}, earned ${position.earned} base units so far (the pool pays 0.1 token a second, pro rata)`,
    );
    return staked.status === 'confirmed' && BigInt(position.staked) >= stakeAmount && BigInt(position.earned) > 0n;
  });
  const bridgeAmount = 3n * ONE;
  const remote = config.CHAIN_RPC_URLS!.find((c) => c.chainId !== config.CHAIN_HOME_ID)!;
  const bridge = inBackground(async (out) => {
    const bt = await call('GET', `/gateway/v1/bridge/permit-typed-data?amount=${bridgeAmount}`, undefined, aliceToken);
    const m = bt.typedData.message;
    const signature = await signPermit(alice, bt.typedData);
    const t = await call(
      'POST',
      '/gateway/v1/bridge/initiate',
      {
        toChainId: `eip155:${remote.chainId}`,
        toAddress: alice.address,
        amount: bridgeAmount.toString(),
        funding: 'permit',
        deadline: Number(m.deadline),
        signature,
      },
      aliceToken,
    );
    const final = await waitFor('the bridge transfer to complete', async () => {
      const now = await call('GET', `/gateway/v1/bridge/transfers/${t.id}`, undefined, aliceToken);
      return now.status === 'completed' || now.status === 'failed' ? now : undefined;
    });
    const wrapped = addresses.networks[`eip155:${remote.chainId}`]!.contracts.wrappedToken as `0x${string}`;
    const held = await balanceOn(remote.url, wrapped, alice.address);
    out(
      `  bridge transfer ${t.id}: ${bridgeAmount / ONE} of Alice's own tokens, signed permit, ${final.fromChainId} → ${final.toChainId}: ${final.status}${final.failureReason ? ` (${final.failureReason})` : ''}`,
    );
    out(
      `    lock tx ${final.source.txHash} on ${final.source.chain} (block ${final.source.blockNumber}), mint tx ${final.destination.txHash} on ${final.destination.chain}`,
    );
    out(`    ${alice.address} holds ${held} base units of the wrapped token ${wrapped} on ${final.toChainId}`);
    return final.status === 'completed' && held >= bridgeAmount;
  });

  const hook = await call('POST', '/gateway/v1/webhooks/register', {
    url: receiverUrl,
    events: ['payment.settled', 'payment.failed', 'payment.expired', 'payment.refunded'],
  });
  say(`Webhook ${hook.id} registered for ${hook.events.join(', ')}`);
  listener = webhookReceiver({
    secret: hook.secret,
    store: new MemoryStore(),
    onError: () => undefined,
    handler: (event, ctx) => {
      if (failNext) {
        failNext = false;
        say(`  ✗ receiver error on purpose for ${ctx.eventType} (delivery ${ctx.deliveryId}): the service will retry`);
        throw new Error('simulated outage');
      }
      seen.set(ctx.deliveryId, event);
      const p = event.data.payment as { id: string; status: string; amount: string };
      const signedAt = new Date(event.delivery.timestamp * 1000).toISOString();
      say(
        `  ✓ verified ${ctx.eventType.padEnd(16)} delivery ${ctx.deliveryId} (signed ${signedAt})  payment ${p.id} ${p.status} ${p.amount}`,
      );
    },
  });
  const duplicates = { count: 0 };
  const inner = listener;
  listener = (req, res) => {
    const end = res.end.bind(res);
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      if (typeof chunk === 'string' && chunk.includes('"duplicate":true')) {
        duplicates.count += 1;
        say(`  ↺ duplicate delivery ${String(req.headers['x-service-delivery'])} recognised: answered 200, not processed again`);
      }
      return end(chunk as never, ...(rest as []));
    }) as typeof res.end;
    void inner(req, res);
  };

  // --- payments -----------------------------------------------------------------------------
  say('\nPayments:');
  const p1 = await call('POST', '/gateway/v1/payments', { amount: (12n * ONE).toString(), description: 'Order #1001' }, aliceToken);
  say(`  payment ${p1.id} created: ${p1.status}`);
  say(`  payment ${p1.id} confirmed: ${(await call('POST', `/gateway/v1/payments/${p1.id}/confirm`, undefined, aliceToken)).status}`);
  say(`  payment ${p1.id} refunded: ${(await call('POST', `/gateway/v1/payments/${p1.id}/refund`, undefined, aliceToken)).status}`);
  const p2 = await call('POST', '/gateway/v1/payments', { amount: (5n * ONE).toString(), description: 'Order #1002' }, bobToken);
  const c2 = await call('POST', `/gateway/v1/payments/${p2.id}/confirm`, undefined, bobToken);
  say(`  payment ${p2.id} confirmed with a short balance: ${c2.status} (${c2.failureReason})`);
  const p3 = await call(
    'POST',
    '/gateway/v1/payments',
    { amount: ONE.toString(), description: 'Order #1003', expiresInSeconds: 2 },
    aliceToken,
  );
  say(`  payment ${p3.id} created with a 2 s expiry and left alone`);

  say('\nDeliveries received:');
  const want = ['payment.settled', 'payment.refunded', 'payment.failed', 'payment.expired'];
  const deadline = Date.now() + 60_000;
  const types = () => new Set([...seen.values()].map((e) => e.type));
  while (want.some((t) => !types().has(t)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));

  // Resend one delivered delivery by hand: the receiver must recognise the duplicate.
  const firstDelivered = [...seen.keys()][0];
  if (firstDelivered) {
    await call('POST', `/gateway/v1/webhooks/deliveries/${firstDelivered}/retry`);
    const until = Date.now() + 10_000;
    while (duplicates.count === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  }

  const list = await call('GET', '/gateway/v1/webhooks/deliveries');
  say('\nDeliveries as the API reports them:');
  for (const d of list.data)
    say(`  ${d.id}  ${d.event.padEnd(16)} ${d.status.padEnd(9)} attempts=${d.attempts} lastStatus=${d.lastStatusCode}`);

  // Signed consent: Alice's wallet signs an EIP-712 HealthConsent for the organization;
  // the organization then reads her clinical records under it (the read is logged against its id).
  say('\nSigned consent (EIP-712):');
  const issuedAt = Math.floor(Date.now() / 1000);
  const statement = {
    organization: org.organizationId!,
    purpose: 'Demo: reading my clinical records',
    scopes: ['health:read'],
    issuedAt,
    expiresAt: issuedAt + 3600,
    nonce: `demo${issuedAt}`,
  };
  const consent = await call(
    'POST',
    '/gateway/v1/consents',
    { consent: statement, signature: await alice.signTypedData(consentTypedData(alice.address, statement)) },
    aliceToken,
  );
  say(`  ${alice.address} signed consent ${consent.id} (signature ${String(consent.signature).slice(0, 14)}… stored with it)`);
  const recordsRead = await call('GET', `/v1/health/records?patient=${alice.address}`, undefined, bobToken);
  say(`  the organization read ${recordsRead.data.length} clinical records of ${alice.address} under consent ${recordsRead.consentId}`);

  // --- the flows started earlier, each printed once it is done -------------------
  const flows = { staking, bridge, governance };
  const outcomes: Record<string, boolean> = {};
  for (const [name, title] of [
    ['staking', 'Staking (from custody)'],
    ['bridge', 'The bridge (by permit)'],
    ['governance', 'Governance by signature (a treasury payment)'],
  ] as const) {
    say(`\n${title}:`);
    const f = await flows[name];
    for (const line of f.lines) say(line);
    outcomes[name] = f.ok;
    if (!f.ok) say(`  ✗ ${name} did not hold`);
  }

  // --- back on chain: a withdrawal, then the proof of reserves --------------------
  say('\nWithdrawal and reserves:');
  const w = await call('POST', '/gateway/v1/wallet/withdraw', { amount: (5n * ONE).toString() }, aliceToken);
  say(`  withdrawal ${w.id} of 5 tokens to ${w.to}: ${w.status}`);
  const done = await waitFor('the withdrawal to be final', async () => {
    const now = await call('GET', `/gateway/v1/wallet/withdrawals/${w.id}`, undefined, aliceToken);
    return now.status === 'confirmed' || now.status === 'failed' ? now : undefined;
  });
  say(`  withdrawal ${w.id}: ${done.status}, tx ${done.txHash}`);
  await showBalances();
  // `reserves:check` exits 1 when they do not hold; its JSON says why either way. Right after the
  // withdrawal is confirmed: the check takes the ledger at the block it reads the chain at (a
  // withdrawal counts by the block it was mined in), so there is no window to wait out.
  const reserves = await admin('reserves:check').catch(
    (err: unknown) => JSON.parse((err as { stdout: string }).stdout) as Record<string, string>,
  );
  say(`  reserves on ${reserves.chain}: custodial ${reserves.custodial}, on chain ${reserves.onchain}, holds: ${reserves.holds}`);

  // --- an AI connector: an MCP client through OAuth 2.1, Alice consenting ------------
  say('\nAn AI connector (MCP over OAuth 2.1):');
  const connectorScopes = ['wallet:read', 'payments:read', 'payments:write'];
  const ceiling = await call('POST', '/connectors/ceiling', {
    scopes: connectorScopes,
    anyClient: true,
    maxPerTransaction: (10n * ONE).toString(),
    maxPerDay: (50n * ONE).toString(),
    maxTotal: (100n * ONE).toString(),
  });
  say(
    `  the organization allows connectors ${ceiling.scopes.join(', ')}, at most ${BigInt(ceiling.maxPerTransaction) / ONE} tokens a payment, ${BigInt(ceiling.maxPerDay) / ONE} a day, ${BigInt(ceiling.maxTotal) / ONE} in total`,
  );
  const mcpUrl = new URL(mcpResource(publicOrigin(api.deps), org.organizationId!));
  // The client's redirect URI: the consent is driven over HTTP, which stops at the redirect to it,
  // so nothing needs to listen there.
  const redirectUri = 'http://127.0.0.1:53682/callback';
  const perTransaction = 2n * ONE;
  let callback: URL | undefined;
  const provider = new MemoryOAuthClientProvider({
    redirectUrl: redirectUri,
    clientName: 'Demo agent',
    // Alice at the consent page: keeps the scopes, sets her limits, signs with her wallet.
    onRedirect: async (authorizationUrl) => {
      const outcome = await consentOverHttp(authorizationUrl, {
        redirectUri,
        holder: alice,
        choice: {
          scopes: connectorScopes,
          perTransaction: perTransaction.toString(),
          perDay: (5n * ONE).toString(),
          total: (10n * ONE).toString(),
        },
      });
      callback = outcome.callback;
    },
  });
  const first = new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider });
  const unauthorized = await new McpClient({ name: 'demo-agent', version: '1.0.0' }).connect(first).then(
    () => false,
    (err: unknown) => (err instanceof UnauthorizedError ? true : Promise.reject(err)),
  );
  if (!unauthorized || !callback?.searchParams.get('code')) throw new Error('the MCP client was not sent through the authorization');
  await first.finishAuth(callback.searchParams);
  const agent = new McpClient({ name: 'demo-agent', version: '1.0.0' });
  await agent.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }));
  const myGrants = await call('GET', '/gateway/v1/connectors/grants', undefined, aliceToken);
  const grant = myGrants.data.find((g: { clientId: string }) => g.clientId === provider.clientInformation()?.client_id);
  say(
    `  grant ${grant.id}: ${alice.address} authorized "${grant.clientName}" at ${mcpUrl.href} for ${grant.scopes.join(', ')}, at most ${BigInt(grant.limits.perTransaction) / ONE} tokens a payment, ${BigInt(grant.limits.perDay) / ONE} a day, ${BigInt(grant.limits.total) / ONE} in total (401, metadata, registration, PKCE, her signed consent)`,
  );
  const { tools } = await agent.listTools();
  say(`  tools/list: ${tools.length} tools (${tools.map((t) => t.name).join(', ')})`);
  type ToolOut = { isError?: boolean; structuredContent?: Record<string, any> };
  const tool = async (name: string, args: Record<string, unknown>) => (await agent.callTool({ name, arguments: args })) as ToolOut;
  const small = await tool('create_payment', { amount: ONE.toString(), description: 'Agent order #1' });
  const paid = await tool('confirm_payment', { id: small.structuredContent?.id });
  say(`  payment ${small.structuredContent?.id} of 1 token, created and confirmed by the agent: ${paid.structuredContent?.status}`);
  const large = await tool('create_payment', { amount: (3n * ONE).toString(), description: 'Agent order #2' });
  const refused = await tool('confirm_payment', { id: large.structuredContent?.id });
  const problem = refused.structuredContent ?? {};
  say(
    `  payment ${large.structuredContent?.id} of 3 tokens refused: ${problem.code} (${problem.window} limit ${BigInt(problem.limit ?? 0) / ONE} tokens); it stays ${(await call('GET', `/gateway/v1/payments/${large.structuredContent?.id}`, undefined, aliceToken)).status}`,
  );
  await agent.close();
  const connectorOk =
    paid.structuredContent?.status === 'settled' &&
    refused.isError === true &&
    problem.code === 'spending-limit-exceeded' &&
    BigInt(problem.limit) === perTransaction;
  if (!connectorOk) say('  ✗ the connector did not hold');

  const missing = want.filter((t) => !types().has(t));
  say(missing.length === 0 ? `\nAll four events delivered and verified (${want.join(', ')}).` : `\nMissing events: ${missing.join(', ')}`);
  await worker.stop();
  await api.stop();
  await localChains?.stop();
  receiver.closeAllConnections();
  receiver.close();
  const allFlows = Object.values(outcomes).every(Boolean);
  return missing.length === 0 && done.status === 'confirmed' && String(reserves.holds) === 'true' && allFlows && connectorOk ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  async (err: unknown) => {
    process.stderr.write(`demo failed: ${err instanceof Error ? err.message : String(err)}\n`);
    await localChains?.stop().catch(() => undefined);
    process.exit(1);
  },
);
