/**
 * The chain behind the gateway: deployments on two real anvils (recorded, reused,
 * redeployed after a reset), the addresses and compiled ABIs the API serves, reads from the
 * contracts (token info, balances, the treasury), the faucet, the relayer key sealed at rest, and a
 * dead node answering 503 instead of hanging.
 */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { artifacts } from '@gw/contracts';
import { encodeFunctionData, erc20Abi, formatUnits, getAddress, keccak256 } from 'viem';
import { createChains } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import {
  ANVIL_DEV_KEY,
  contractAddress,
  describeRevert,
  ensureDeployments,
  faucet,
  INITIAL_SUPPLY,
  publicClientOf,
  relayerAccount,
} from '@gw/core/chain';
import { contractAddresses } from '@gw/core/contracts';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { chainResets } from '../src/catalogue.js';
import { rpc } from '../../../test/support/rpc.js';

const ONE = 10n ** 18n;
const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('the chain: deployments, addresses, ABIs and reads on two anvils', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('chain', { chain: true, worker: false });
  }, 60_000);
  afterAll(() => stack.stop());

  const home = () => stack.chains!.anvils[0]!;
  const remote = () => stack.chains!.anvils[1]!;

  it('the API deployed every contract at start and records it; code is there and matches what was recorded', async () => {
    const rows = await stack.api.deps.prisma.chainDeployment.findMany({ orderBy: [{ chainId: 'asc' }, { contract: 'asc' }] });
    expect(rows.map((r) => `${r.chainId}:${r.contract}`)).toEqual([
      '31337:bridge',
      '31337:governor',
      '31337:staking',
      '31337:token',
      '31337:treasury',
      '31338:wrappedToken',
    ]);
    for (const r of rows) {
      const code = await rpc<string>(r.chainId === 31337 ? home().rpcUrl : remote().rpcUrl, 'eth_getCode', [r.address, 'latest']);
      expect(code.length).toBeGreaterThan(2);
      expect(keccak256(code as `0x${string}`)).toBe(r.codeHash);
      expect(r.sourceHash).toBe(artifacts.GatewayToken.sourceHash);
    }
  });

  it('a second start reuses the deployments; a reset chain is deployed again', async () => {
    const deps = { ...stack.api.deps, chainResets };
    const before = await deps.prisma.chainDeployment.findMany({ where: { chainId: 31338 } });
    const again = await ensureDeployments(deps, 'local');
    expect(again.map((r) => [r.chain, r.status])).toEqual([
      ['eip155:31337', 'reused'],
      ['eip155:31338', 'reused'],
    ]);
    // What the service knew of the chain's nonces and blocks (and of another chain's, which stays).
    const signer = '0x2222222222222222222222222222222222222222';
    await deps.prisma.chainNonce.createMany({
      data: [
        { chainId: 31338, signer, nextNonce: 99n },
        { chainId: 31337, signer, nextNonce: 7n },
      ],
    });
    await deps.prisma.custodyCursor.create({ data: { chainId: 31338, nextBlock: 500n, safeBlock: 490n } });
    // Reset the second chain to before anything was deployed: its recorded code is gone.
    const snapshot = await rpc<string>(remote().rpcUrl, 'evm_snapshot');
    await rpc(remote().rpcUrl, 'anvil_setCode', [before[0]!.address, '0x']);
    const redeployed = await ensureDeployments(deps, 'local', 31338);
    expect(redeployed).toEqual([expect.objectContaining({ chain: 'eip155:31338', status: 'deployed' })]);
    // A nonce of the old chain would leave a gap no transaction fills (stuck for ever), and its
    // cursor would skip the new chain's blocks: both forgotten, the other chain's untouched.
    expect(await deps.prisma.chainNonce.findMany({ where: { signer }, select: { chainId: true } })).toEqual([{ chainId: 31337 }]);
    expect(await deps.prisma.custodyCursor.count({ where: { chainId: 31338 } })).toBe(0);
    await deps.prisma.chainNonce.deleteMany({ where: { signer } });
    const after = await deps.prisma.chainDeployment.findMany({ where: { chainId: 31338 } });
    expect(after[0]!.address).not.toBe(before[0]!.address);
    expect(await rpc<string>(remote().rpcUrl, 'eth_getCode', [after[0]!.address, 'latest'])).not.toBe('0x');
    await rpc(remote().rpcUrl, 'evm_revert', [snapshot]);
    // Reverted: the new contract is gone and the old one is back, so the next start redeploys again.
    expect((await ensureDeployments(deps, 'none', 31338))[0]!.status).toBe('missing');
    expect((await ensureDeployments(deps, 'local', 31338))[0]!.status).toBe('deployed');
  });

  it('GET /contracts/addresses answers the real deployments per CAIP-2 chain, with the custody address', async () => {
    const res = await stack.http.get('/api/gateway/v1/contracts/addresses');
    expect(res.status).toBe(200);
    const relayer = await relayerAccount(stack.api.deps);
    const rows = await stack.api.deps.prisma.chainDeployment.findMany();
    const on = (chainId: number) => Object.fromEntries(rows.filter((r) => r.chainId === chainId).map((r) => [r.contract, r.address]));
    expect(res.body).toEqual({
      version: 2,
      networks: {
        'eip155:31337': { chainId: 31337, home: true, local: true, custody: relayer.address, contracts: on(31337) },
        'eip155:31338': { chainId: 31338, home: false, local: true, custody: relayer.address, contracts: on(31338) },
      },
    });
    for (const a of Object.values(on(31337))) expect(getAddress(a)).toBe(a);
  });

  it('with NODE_ENV=development the addresses name each local chain’s RPC URL, never a URL with a path, a query or credentials', async () => {
    const dev = { ...stack.api.deps, config: { ...stack.api.deps.config, NODE_ENV: 'development' as const } };
    const shown = await contractAddresses(dev);
    expect(shown.networks['eip155:31337']!.rpcUrl).toBe(home().rpcUrl);
    expect(shown.networks['eip155:31338']!.rpcUrl).toBe(remote().rpcUrl);
    // A provider-style URL (key in the path, the query or the user info) is never shown, even on a local chain.
    for (const url of [`${home().rpcUrl}/v2/KEY123`, `${home().rpcUrl}/?key=KEY123`, home().rpcUrl.replace('//', '//user:KEY123@')]) {
      const chains = createChains({ ...stack.api.deps.config, CHAIN_RPC_URLS: [{ chainId: 31337, url }] });
      const answer = await contractAddresses({ ...dev, chains });
      expect(JSON.stringify(answer)).not.toContain('KEY123');
      expect(answer.networks['eip155:31337']).toBeDefined();
    }
    // Outside development (this stack runs NODE_ENV=test, as production would): no URL at all.
    expect(JSON.stringify((await stack.http.get('/api/gateway/v1/contracts/addresses')).body)).not.toContain('rpcUrl');
  });

  it.each([
    ['token.json', artifacts.GatewayToken.abi],
    ['treasury.json', artifacts.Timelock.abi],
    ['governor.json', artifacts.GatewayGovernor.abi],
    ['staking.json', artifacts.Staking.abi],
    ['bridge.json', artifacts.BridgeVault.abi],
    ['wrapped-token.json', artifacts.WrappedToken.abi],
  ])('GET /contracts-abi/%s is the compiled ABI', async (file, abi) => {
    const res = await stack.http
      .get(`/api/contracts-abi/${file}`)
      .buffer(true)
      .parse((r, cb) => {
        let text = '';
        r.on('data', (c: Buffer) => (text += c.toString('utf8')));
        r.on('end', () => cb(null, text));
      });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body as unknown as string)).toEqual(abi);
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
  });

  it('token info, balances and the treasury come from the contracts, beside the custodial ledger', async () => {
    const info = await stack.http.get('/api/gateway/v1/token/info');
    expect(info.status).toBe(200);
    const token = (await stack.api.deps.prisma.chainDeployment.findFirstOrThrow({ where: { chainId: 31337, contract: 'token' } })).address;
    expect(info.body.onchain).toEqual({
      chain: 'eip155:31337',
      contract: token,
      name: stack.config.NATIVE_TOKEN_NAME,
      symbol: stack.config.NATIVE_TOKEN_SYMBOL,
      decimals: 18,
      totalSupply: INITIAL_SUPPLY.toString(),
    });

    const { apiKey } = await stack.org();
    const alice = await stack.login(undefined, { apiKey });
    const sent = await faucet(stack.api.deps, alice.address, 25n * ONE);
    expect(sent.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    await stack.mint(alice.address, 7n * ONE);
    const balances = await stack.http
      .get('/api/gateway/v1/wallet/balances')
      .set({ 'X-API-Key': apiKey, Authorization: `Bearer ${alice.token}` });
    expect(balances.status).toBe(200);
    expect(balances.body.data[0]).toEqual({ token: expect.objectContaining({ symbol: 'GTK' }), balance: (7n * ONE).toString() });
    expect(balances.body.onchain).toEqual([
      { chain: 'eip155:31337', contract: token, symbol: 'GTK', balance: (25n * ONE).toString() },
      { chain: 'eip155:31338', contract: expect.any(String), symbol: 'wGTK', balance: '0' },
    ]);
    // The chain agrees, read directly.
    const onChain = await publicClientOf(stack.api.deps, stack.api.deps.chains.home!).readContract({
      address: token as `0x${string}`,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [alice.address as `0x${string}`],
    });
    expect(onChain).toBe(25n * ONE);

    const treasury = await stack.http
      .get('/api/gateway/v1/treasury/overview')
      .set({ 'X-API-Key': apiKey, Authorization: `Bearer ${alice.token}` });
    expect(treasury.status).toBe(200);
    const timelock = (await stack.api.deps.prisma.chainDeployment.findFirstOrThrow({ where: { chainId: 31337, contract: 'treasury' } }))
      .address;
    expect(treasury.body.onchain).toEqual({
      chain: 'eip155:31337',
      address: timelock,
      balances: [{ chain: 'eip155:31337', contract: token, symbol: 'GTK', balance: '0' }],
    });
  });

  it('the relayer key is stored sealed: its hex never appears in the row', async () => {
    const relayer = await relayerAccount(stack.api.deps);
    const row = await stack.api.deps.prisma.chainKey.findUniqueOrThrow({ where: { role: 'relayer' } });
    expect(row.address).toBe(relayer.address);
    const key = stack.api.deps.secretBox.open(row.privateKeyEncrypted);
    expect(row.privateKeyEncrypted).not.toContain(key.slice(2));
    // The relayer pays gas: it was funded on both local chains.
    for (const a of [home(), remote()])
      expect(BigInt(await rpc<string>(a.rpcUrl, 'eth_getBalance', [relayer.address, 'latest']))).toBeGreaterThan(ONE);
  });

  /** `pnpm --silent admin …` against this stack's database and chains. */
  const admin = (args: string[], env: Record<string, string> = {}) => {
    const r = spawnSync('pnpm', ['--silent', 'admin', ...args], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: stack.config.DATABASE_URL,
        SECRETS_ENCRYPTION_KEY: stack.config.SECRETS_ENCRYPTION_KEY!,
        CHAIN_RPC_URLS: stack.chains!.rpcUrls,
        LOG_LEVEL: 'silent',
        ...env,
      },
      encoding: 'utf8',
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  it('asked for more than it holds, the faucet says what it holds and what was asked, in token units; token:mint too', async () => {
    const deps = stack.api.deps;
    const token = await contractAddress(deps, 31337, 'token');
    const deployer = privateKeyToAccount(ANVIL_DEV_KEY).address;
    const held = await publicClientOf(deps, deps.chains.home!).readContract({
      address: token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [deployer],
    });
    const asked = held + ONE;
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    const refused = await faucet(deps, wallet, asked).then(
      () => undefined,
      (err: unknown) => err as { code?: string; message: string },
    );
    expect(refused?.message).not.toMatch(/Unable to decode/);
    expect(refused).toMatchObject({
      code: 'insufficient-funds',
      message: expect.stringContaining(
        `the faucet holds ${formatUnits(held, 18)} GTK; asked ${formatUnits(asked, 18)} GTK`,
      ) as unknown as string,
    });
    const minted = admin(['token:mint', '--address', wallet, '--amount', asked.toString()]);
    expect(minted.code).toBe(1);
    const error = (JSON.parse(minted.stderr.trim()) as { error: string }).error;
    expect(error).not.toMatch(/Unable to decode/);
    expect(error).toContain(`the faucet holds ${formatUnits(held, 18)} GTK; asked ${formatUnits(asked, 18)} GTK`);
  }, 120_000);

  it("a revert of any of our contracts is decoded with their errors, OpenZeppelin's included", async () => {
    const deps = stack.api.deps;
    const token = await contractAddress(deps, 31337, 'token');
    const pub = publicClientOf(deps, deps.chains.home!);
    const poor = privateKeyToAccount(generatePrivateKey()).address;
    const err = await pub
      .estimateGas({
        account: poor,
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [poor, 5n] }),
      })
      .catch((e: unknown) => e);
    expect(describeRevert(err)).toBe(`ERC20InsufficientBalance(${poor}, 0, 5)`);
    expect(describeRevert(new Error('no revert data here'))).toBeUndefined();
  });

  it('chain:faucet --eth sends native gas from the deployer on a local chain, and is refused elsewhere', async () => {
    const deps = stack.api.deps;
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    const sent = admin(['chain:faucet', '--to', wallet, '--eth', '1.5']);
    expect({ code: sent.code, stderr: sent.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(sent.stdout)).toEqual({ chain: 'eip155:31337', to: wallet, eth: '1.5', ethTxHash: expect.stringMatching(/^0x/) });
    expect(await publicClientOf(deps, deps.chains.home!).getBalance({ address: wallet })).toBe(1_500_000_000_000_000_000n);
    // Tokens and gas in one call.
    const both = admin(['chain:faucet', '--to', wallet, '--amount', '7', '--eth', '0.25']);
    expect(both.code).toBe(0);
    expect(JSON.parse(both.stdout)).toMatchObject({ amount: '7', eth: '0.25' });
    expect(await publicClientOf(deps, deps.chains.home!).getBalance({ address: wallet })).toBe(1_750_000_000_000_000_000n);
    const refused = admin(['chain:faucet', '--to', wallet, '--eth', '1'], { CHAIN_LOCAL_IDS: '31338' });
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stderr.trim()).error).toMatch(/only on a local chain; eip155:31337 is not one/);
    expect(await publicClientOf(deps, deps.chains.home!).getBalance({ address: wallet })).toBe(1_750_000_000_000_000_000n);
  }, 120_000);

  it('the faucet refuses on a chain that is not marked local', async () => {
    const deps = stack.api.deps;
    const config = { ...deps.config, CHAIN_LOCAL_IDS: [31338] };
    const notLocal = { ...deps, config, chains: createChains(config) };
    await expect(faucet(notLocal, getAddress('0x52908400098527886e0f7030069857d2e4169ee7'), 1n)).rejects.toMatchObject({
      code: 'chain-not-local',
    });
  });
});

describe('a chain node that does not answer', () => {
  let stack: Stack;
  let silent: Server;
  beforeAll(async () => {
    // Accepts connections and never answers: the worst kind of RPC endpoint.
    silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as { port: number }).port;
    stack = await startStack('chain-silent', {
      worker: false,
      env: { CHAIN_RPC_URLS: `31337=http://127.0.0.1:${port}`, CHAIN_RPC_TIMEOUT_MS: '300' },
    });
  }, 60_000);
  afterAll(async () => {
    await stack.stop();
    silent.close();
  });

  it('start-up goes on without a deployment; chain reads answer 503 chain-unavailable instead of hanging', async () => {
    // Nothing recorded: 503 at once, and no network listed.
    expect((await stack.http.get('/api/gateway/v1/token/info')).status).toBe(503);
    const addresses = await stack.http.get('/api/gateway/v1/contracts/addresses');
    expect(addresses.body).toEqual({ version: 2, networks: {} });
    // A deployment recorded on a node that stopped answering: the read is cut at CHAIN_RPC_TIMEOUT_MS.
    await stack.api.deps.prisma.chainDeployment.create({
      data: {
        chainId: 31337,
        contract: 'token',
        address: getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3'),
        codeHash: '0x00',
        sourceHash: 'test',
      },
    });
    const res = await stack.http.get('/api/gateway/v1/token/info').timeout(10_000);
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body.type).toMatch(/chain-unavailable$/);
    // No URL in the detail: a provider's URL may carry its key.
    expect(res.body.detail).toMatch(/did not answer in time/);
    expect(res.body.detail).not.toContain('127.0.0.1');
  });

  it('a deployments check against it reports the chain unreachable', async () => {
    const config = loadConfig({
      ...process.env,
      ...{
        CHAIN_RPC_URLS: stack.config.CHAIN_RPC_URLS!.map((c) => `${c.chainId}=${c.url}`).join(','),
        CHAIN_RPC_TIMEOUT_MS: '300',
        NODE_ENV: 'test',
      },
    });
    const deps = { ...stack.api.deps, chainResets, config, chains: createChains(config) };
    const reports = await ensureDeployments(deps, 'local');
    expect(reports).toEqual([expect.objectContaining({ chain: 'eip155:31337', status: 'unreachable' })]);
  });
});

describe('the chain keys are never logged', () => {
  let stack: Stack;
  const logs: string[] = [];
  const relayerKey = generatePrivateKey();
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, cb) {
        logs.push(String(chunk));
        cb();
      },
    });
    stack = await startStack('chain-logs', {
      chain: true,
      worker: false,
      env: { LOG_LEVEL: 'trace', CHAIN_RELAYER_KEY: relayerKey },
      logStream: sink,
    });
  }, 60_000);
  afterAll(() => stack.stop());

  it('deploying, the faucet, reads and a failing call leave neither the deployer nor the relayer key in the logs', async () => {
    const { apiKey } = await stack.org();
    const alice = await stack.login(undefined, { apiKey });
    await faucet(stack.api.deps, alice.address, ONE);
    expect((await stack.http.get('/api/gateway/v1/token/info')).status).toBe(200);
    expect(
      (await stack.http.get('/api/gateway/v1/wallet/balances').set({ 'X-API-Key': apiKey, Authorization: `Bearer ${alice.token}` })).status,
    ).toBe(200);
    // The relayer given by CHAIN_RELAYER_KEY is the custody address, and nothing of it is stored.
    expect((await stack.http.get('/api/gateway/v1/contracts/addresses')).body.networks['eip155:31337'].custody).toBe(
      privateKeyToAccount(relayerKey).address,
    );
    expect(await stack.api.deps.prisma.chainKey.count()).toBe(0);
    const all = logs.join('');
    expect(all).toContain('chain deployments');
    for (const key of [ANVIL_DEV_KEY, relayerKey]) {
      expect(all).not.toContain(key.slice(2));
      expect(all.toLowerCase()).not.toContain(key.slice(2).toLowerCase());
    }
  });
});
