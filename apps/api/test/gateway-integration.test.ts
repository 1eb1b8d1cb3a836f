import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Worker } from 'bullmq';
import { encodeFunctionData, getAddress, toEventSelector, toFunctionSelector, type Abi } from 'viem';
import { createDeliveryStore, createEndpointGate, createSender, USER_AGENT } from '@gw/core/deliveries';
import { createRedis } from '@gw/runtime';
import { getBalance, type Owner, BRIDGE_ESCROW, BRIDGE_OUTBOUND } from '@gw/core/ledger';
import { abiCatalog, matchesIfNoneMatch } from '@gw/core/contracts';
import { bridgeRelayQueue, resumeBridgeRelays, type Relayer, type RelayResult } from '@gw/core/bridge';
import { CREDIT_BURN } from '@gw/core/credits';
import { createHandlers } from '@gw/worker';
import { eventually, startStack, type Stack } from '../../../test/support/stack.js';

const ONE = 10n ** 18n;
const CREDIT = 'CREDIT';
const ABI_NAMES = ['token', 'staking', 'governor', 'treasury', 'bridge', 'wrapped-token'];
const RECIPIENT = getAddress('0x52908400098527886e0f7030069857d2e4169ee7');

type Creds = { key?: string | undefined; token?: string | undefined };

/** Requests under `/api` with the given credentials (either may be left out to test 401). */
const client = (stack: () => Stack) => (c: Creds) => {
  const headers = (extra: Record<string, string> = {}) => {
    const h: Record<string, string> = { ...extra };
    if (c.key) h['X-API-Key'] = c.key;
    if (c.token) h.Authorization = `Bearer ${c.token}`;
    return h;
  };
  return {
    post: (path: string, body?: unknown, extra: Record<string, string> = {}) =>
      stack()
        .http.post(`/api${path}`)
        .set(headers(extra))
        .send(body as object),
    get: (path: string) => stack().http.get(`/api${path}`).set(headers()),
  };
};

/** GET with the raw path as written: no client-side normalisation of `..` or encoded characters. */
function rawGet(
  baseUrl: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const wallet = (address: string): Owner => ({ type: 'wallet', id: address });

describe('ABI entity tags', () => {
  it('If-None-Match uses the weak comparison and honours *', () => {
    expect(matchesIfNoneMatch('"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('W/"a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b", "a"', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"a"')).toBe(true);
    expect(matchesIfNoneMatch('"b"', '"a"')).toBe(false);
    expect(matchesIfNoneMatch(undefined, '"a"')).toBe(false);
  });
});

describe('contracts: addresses and ABIs (issue #3)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('integration-contracts', { worker: false });
  });
  afterAll(() => stack.stop());

  it('GET /gateway/v1/contracts/addresses is public; without a chain it lists no network (chain.test.ts covers real deployments)', async () => {
    const res = await stack.http.get('/api/gateway/v1/contracts/addresses');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ version: 2, networks: {} });
  });

  it.each(ABI_NAMES)('GET /contracts-abi/%s.json serves the ABI with a strong ETag', async (name) => {
    const res = await rawGet(stack.baseUrl, `/api/contracts-abi/${name}.json`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{43}"$/);
    expect(res.body).toBe(abiCatalog().get(`${name}.json`)!.body.toString('utf8'));
    const abi = JSON.parse(res.body) as Abi;
    expect(Array.isArray(abi)).toBe(true);
    // Every item is well-formed: its selector can be computed.
    for (const item of abi) {
      if (item.type === 'function') expect(toFunctionSelector(item)).toMatch(/^0x[0-9a-f]{8}$/);
      if (item.type === 'event') expect(toEventSelector(item)).toMatch(/^0x[0-9a-f]{64}$/);
    }
  });

  it('the ABIs are the compiled contracts: ERC-20 + permit + votes, Governor, staking, timelock, bridge vault', async () => {
    const abi = async (name: string) => JSON.parse((await rawGet(stack.baseUrl, `/api/contracts-abi/${name}.json`)).body) as Abi;
    const selectors = async (name: string) =>
      (await abi(name)).flatMap((i) => (i.type === 'function' ? [toFunctionSelector(i)] : i.type === 'event' ? [toEventSelector(i)] : []));
    // Well-known selectors: ERC-20 transfer, balanceOf, approve, transferFrom, allowance, totalSupply, Transfer, Approval;
    // EIP-2612 permit; ERC20Votes delegate.
    expect(await selectors('token')).toEqual(
      expect.arrayContaining([
        '0xa9059cbb',
        '0x70a08231',
        '0x095ea7b3',
        '0x23b872dd',
        '0xdd62ed3e',
        '0x18160ddd',
        '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
        '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
        '0xd505accf',
        '0x5c19a95c',
      ]),
    );
    // OpenZeppelin Governor: castVote(uint256,uint8), propose(address[],uint256[],bytes[],string).
    expect(await selectors('governor')).toEqual(expect.arrayContaining(['0x56781388', '0x7d5e81e2']));
    const staking = await abi('staking');
    expect(encodeFunctionData({ abi: staking, functionName: 'stake', args: [10n] })).toMatch(/^0x[0-9a-f]{8}/);
    expect(encodeFunctionData({ abi: staking, functionName: 'earned', args: [RECIPIENT] })).toMatch(/^0x/);
    const names = async (name: string, type: string) =>
      (await abi(name)).filter((i) => i.type === type).map((i) => (i as { name: string }).name);
    expect(await names('bridge', 'event')).toEqual(expect.arrayContaining(['Locked', 'Released']));
    expect(await names('bridge', 'function')).toEqual(expect.arrayContaining(['lock', 'release']));
    expect(await names('treasury', 'function')).toEqual(expect.arrayContaining(['schedule', 'execute', 'getMinDelay']));
    expect(await names('wrapped-token', 'function')).toEqual(expect.arrayContaining(['mint', 'burn']));
  });

  it('If-None-Match with the ETag → 304 without a body; another tag → 200', async () => {
    const first = await rawGet(stack.baseUrl, '/api/contracts-abi/token.json');
    const etag = first.headers.etag as string;
    const same = await rawGet(stack.baseUrl, '/api/contracts-abi/token.json', { 'If-None-Match': etag });
    expect(same.status).toBe(304);
    expect(same.body).toBe('');
    expect(same.headers.etag).toBe(etag);
    const listed = await rawGet(stack.baseUrl, '/api/contracts-abi/token.json', { 'If-None-Match': `"nope", W/${etag}` });
    expect(listed.status).toBe(304);
    const other = await rawGet(stack.baseUrl, '/api/contracts-abi/token.json', { 'If-None-Match': '"something-else"' });
    expect(other.status).toBe(200);
    // Each file has its own tag.
    const staking = await rawGet(stack.baseUrl, '/api/contracts-abi/staking.json', { 'If-None-Match': etag });
    expect(staking.status).toBe(200);
    expect(staking.headers.etag).not.toBe(etag);
  });

  it.each([
    '/api/contracts-abi/../package.json',
    '/api/contracts-abi/../../package.json',
    '/api/contracts-abi/..%2fpackage.json',
    '/api/contracts-abi/..%2F..%2Fpackage.json',
    '/api/contracts-abi/%2e%2e%2fpackage.json',
    '/api/contracts-abi/%2e%2e/package.json',
    '/api/contracts-abi/..%5c..%5cpackage.json',
    '/api/contracts-abi/%2Fetc%2Fpasswd',
    '/api/contracts-abi//etc/passwd',
    '/api/contracts-abi/%252e%252e%252fpackage.json',
    '/api/contracts-abi/token.json%00.png',
    '/api/contracts-abi/sub/token.json',
    '/api/contracts-abi/unknown.json',
    '/api/contracts-abi/token',
    '/api/contracts-abi/TOKEN.json',
    '/api/contracts-abi/.json',
    '/api/contracts-abi/',
    '/api/contracts-abi',
  ])('GET %s → 404 problem', async (path) => {
    const res = await rawGet(stack.baseUrl, path);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(res.body)).toMatchObject({ type: '/problems/not-found', status: 404 });
    expect(res.body).not.toMatch(/"name":|"dependencies"|root:/);
  });

  it('other methods on an ABI → 405 with Allow (issue #13)', async () => {
    const res = await stack.http.post('/api/contracts-abi/token.json');
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD, OPTIONS');
    expect(res.body.type).toBe('/problems/method-not-allowed');
  });
});

describe('bridge (issue #3), relayed by the stack worker', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let alice: { token: string; address: string };
  const as = client(() => stack);
  const balance = (owner: Owner, token = 'GTK') => getBalance(stack.api.deps.prisma, owner, token);

  beforeAll(async () => {
    // Issue #27: the bridge's destinations are the configured chains other than the home chain.
    stack = await startStack('integration-bridge', { worker: true, chain: true });
    org = await stack.org();
    alice = await stack.login();
    await stack.mint(alice.address, 100n * ONE);
  });
  afterAll(() => stack.stop());

  const initiate = (body: unknown, headers: Record<string, string> = {}, c: Creds = { key: org.apiKey, token: alice.token }) =>
    as(c).post('/gateway/v1/bridge/initiate', body, headers);

  it('initiate → 202 initiated with the amount in escrow at once; the relay job completes it', async () => {
    const escrowBefore = await balance(BRIDGE_ESCROW);
    const outboundBefore = await balance(BRIDGE_OUTBOUND);
    const res = await initiate({ toChainId: 'eip155:31338', toAddress: RECIPIENT.toLowerCase(), amount: (3n * ONE).toString() });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      id: expect.any(String),
      object: 'bridge_transfer',
      status: 'initiated',
      from: alice.address,
      toChainId: 'eip155:31338',
      toAddress: RECIPIENT,
      token: 'GTK',
      amount: (3n * ONE).toString(),
      relayTxHash: null,
      failureReason: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await balance(wallet(alice.address))).toBe(97n * ONE);
    expect(await balance(BRIDGE_ESCROW)).toBe(escrowBefore + 3n * ONE);

    const done = await eventually(
      async () => {
        const r = await as({ key: org.apiKey, token: alice.token }).get(`/gateway/v1/bridge/transfers/${res.body.id}`);
        return r.body.status === 'completed' ? r : undefined;
      },
      15000,
      'bridge transfer completed',
    );
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: res.body.id, status: 'completed', failureReason: null });
    expect(done.body.relayTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    // The built-in relayer waits its delay (2 s by default) before reporting the transfer relayed.
    expect(Date.parse(done.body.updatedAt) - Date.parse(res.body.createdAt)).toBeGreaterThanOrEqual(1900);
    expect(await balance(BRIDGE_ESCROW)).toBe(escrowBefore);
    expect(await balance(BRIDGE_OUTBOUND)).toBe(outboundBefore + 3n * ONE);
    expect(await balance(wallet(alice.address))).toBe(97n * ONE);
  });

  it('401 without the API key or without the JWT', async () => {
    const body = { toChainId: 'eip155:31338', toAddress: RECIPIENT, amount: '1' };
    expect((await initiate(body, {}, { token: alice.token })).status).toBe(401);
    expect((await initiate(body, {}, { key: org.apiKey })).status).toBe(401);
    expect((await as({ key: org.apiKey }).get(`/gateway/v1/bridge/transfers/${crypto.randomUUID()}`)).status).toBe(401);
  });

  it('403 without bridge:write', async () => {
    const narrow = await stack.org('payments:read,payments:write');
    const res = await initiate(
      { toChainId: 'eip155:31338', toAddress: RECIPIENT, amount: '1' },
      {},
      { key: narrow.apiKey, token: alice.token },
    );
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ type: '/problems/insufficient-scope', requiredScope: 'bridge:write' });
    const get = await as({ key: narrow.apiKey, token: alice.token }).get(`/gateway/v1/bridge/transfers/${crypto.randomUUID()}`);
    expect(get.status).toBe(403);
  });

  it.each([
    [{ toChainId: 'eip155:56', toAddress: RECIPIENT, amount: '1' }, '/problems/unsupported-chain'],
    [{ toChainId: 'eip155:999999', toAddress: RECIPIENT, amount: '1' }, '/problems/unsupported-chain'],
    [{ toChainId: 137, toAddress: RECIPIENT, amount: '1' }, '/problems/validation-error'],
    [{ toChainId: 'polygon', toAddress: RECIPIENT, amount: '1' }, '/problems/validation-error'],
    [{ toChainId: 'eip155:31338', toAddress: '0x52908400098527886E0F7030069857D2E4169Ee7', amount: '1' }, '/problems/validation-error'],
    [{ toChainId: 'eip155:31338', toAddress: '0x1234', amount: '1' }, '/problems/validation-error'],
    [{ toChainId: 'eip155:31338', toAddress: '0x0000000000000000000000000000000000000000', amount: '1' }, '/problems/validation-error'],
    [{ toChainId: 'eip155:31338', toAddress: RECIPIENT, amount: '0' }, '/problems/validation-error'],
    [{ toChainId: 'eip155:31338', toAddress: RECIPIENT, amount: '-1' }, '/problems/validation-error'],
    [{ toChainId: 'eip155:31338', toAddress: RECIPIENT, amount: '1.5' }, '/problems/validation-error'],
    [{ toChainId: 'eip155:31338', toAddress: RECIPIENT, amount: 1 }, '/problems/validation-error'],
    [{ toChainId: 'eip155:31338', toAddress: RECIPIENT, amount: '1', token: 'NOPE' }, '/problems/validation-error'],
    [{ toChainId: 'eip155:31338', toAddress: RECIPIENT, amount: '1', token: 'CREDIT' }, '/problems/validation-error'],
    [{ toChainId: 'eip155:31338', toAddress: RECIPIENT, amount: '1', memo: 'x' }, '/problems/validation-error'],
    [{ toChainId: 'eip155:31338', amount: '1' }, '/problems/validation-error'],
  ])('bad input %j → 400 %s, nothing changes', async (body, type) => {
    const transfers = await stack.api.deps.prisma.bridgeTransfer.count();
    const before = await balance(wallet(alice.address));
    const res = await initiate(body);
    expect(res.status).toBe(400);
    expect(res.body.type).toBe(type);
    if (type === '/problems/unsupported-chain') expect(res.body.supportedChains).toEqual(['eip155:31338']);
    expect(await stack.api.deps.prisma.bridgeTransfer.count()).toBe(transfers);
    expect(await balance(wallet(alice.address))).toBe(before);
  });

  it('a short balance → 422 and nothing changes', async () => {
    const poor = await stack.login();
    const transfers = await stack.api.deps.prisma.bridgeTransfer.count();
    const res = await initiate(
      { toChainId: 'eip155:31338', toAddress: RECIPIENT, amount: '5' },
      {},
      { key: org.apiKey, token: poor.token },
    );
    expect(res.status).toBe(422);
    expect(res.body.type).toBe('/problems/insufficient-funds');
    expect(await stack.api.deps.prisma.bridgeTransfer.count()).toBe(transfers);
  });

  it('Idempotency-Key: same body → the same transfer, debited once; another body → 422', async () => {
    const key = `bridge-${Date.now()}`;
    const before = await balance(wallet(alice.address));
    const body = { toChainId: 'eip155:31338', toAddress: RECIPIENT, amount: '1000' };
    const [a, b] = await Promise.all([initiate(body, { 'Idempotency-Key': key }), initiate(body, { 'Idempotency-Key': key })]);
    expect([a.status, b.status]).toEqual([202, 202]);
    expect(b.body.id).toBe(a.body.id);
    const c = await initiate(body, { 'Idempotency-Key': key });
    expect(c.headers['idempotent-replayed']).toBe('true');
    expect(c.body.id).toBe(a.body.id);
    expect(await balance(wallet(alice.address))).toBe(before - 1000n);
    const d = await initiate({ ...body, amount: '1001' }, { 'Idempotency-Key': key });
    expect(d.status).toBe(422);
    expect(d.body.type).toBe('/problems/idempotency-key-reused');
  });

  it("another wallet's transfer, an unknown id and a malformed id → 404", async () => {
    const res = await initiate({ toChainId: 'eip155:31338', toAddress: RECIPIENT, amount: '7' });
    const bob = await stack.login();
    const other = await stack.org();
    for (const [c, id] of [
      [{ key: org.apiKey, token: bob.token }, res.body.id],
      [{ key: other.apiKey, token: bob.token }, res.body.id],
      [{ key: org.apiKey, token: alice.token }, crypto.randomUUID()],
      [{ key: org.apiKey, token: alice.token }, 'not-a-uuid'],
    ] as const) {
      const r = await as(c).get(`/gateway/v1/bridge/transfers/${id}`);
      expect(r.status).toBe(404);
      expect(r.body.type).toBe('/problems/not-found');
    }
    // The wallet's own transfer is visible through any organization it uses.
    expect((await as({ key: other.apiKey, token: alice.token }).get(`/gateway/v1/bridge/transfers/${res.body.id}`)).status).toBe(200);
  });
});

describe('bridge relayer outcomes (issue #3), injected relayer', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let alice: { token: string; address: string };
  let answer: (call: number) => Promise<RelayResult>;
  let calls = 0;
  let worker: Worker | undefined;
  let connection: ReturnType<typeof createRedis> | undefined;
  const relayer: Relayer = { relay: () => answer(++calls) };
  const as = client(() => stack);
  const balance = (owner: Owner) => getBalance(stack.api.deps.prisma, owner, 'GTK');
  const sender = createSender({ allowPrivate: true, userAgent: USER_AGENT });

  /** A worker for the bridge-relay queue only, built from the real handlers with the test's relayer. */
  const startRelayWorker = () => {
    const deliveries = createDeliveryStore(stack.api.deps.prisma); // unused by the bridge-relay handler
    const gate = createEndpointGate(stack.api.deps.redis, stack.config.QUEUE_PREFIX, stack.config); // unused as well
    const handler = createHandlers({ ...stack.api.deps, deliveries, gate }, sender, { relayer })[bridgeRelayQueue.name];
    connection = createRedis(stack.config.REDIS_URL, { name: 'test-bridge-relay' });
    worker = new Worker(bridgeRelayQueue.name, handler, {
      connection,
      prefix: stack.config.QUEUE_PREFIX,
    });
  };
  const stopRelayWorker = async () => {
    await worker?.close();
    connection?.disconnect();
    worker = undefined;
    connection = undefined;
  };
  const transfer = (id: string) => stack.api.deps.prisma.bridgeTransfer.findUniqueOrThrow({ where: { id } });

  beforeAll(async () => {
    stack = await startStack('integration-relayer', { worker: false, chain: true });
    org = await stack.org('bridge:write');
    alice = await stack.login();
    await stack.mint(alice.address, 10n * ONE);
  });
  afterAll(async () => {
    await stopRelayWorker();
    sender.close();
    await stack.stop();
  });

  it('a refusing relayer fails the transfer and refunds the wallet', async () => {
    answer = async () => ({ ok: false, reason: 'destination chain halted' });
    startRelayWorker();
    try {
      const res = await as({ key: org.apiKey, token: alice.token }).post('/gateway/v1/bridge/initiate', {
        toChainId: 'eip155:31338',
        toAddress: RECIPIENT,
        amount: (2n * ONE).toString(),
      });
      expect(res.status).toBe(202);
      const failed = await eventually(
        async () => {
          const r = await as({ key: org.apiKey, token: alice.token }).get(`/gateway/v1/bridge/transfers/${res.body.id}`);
          return r.body.status === 'failed' ? r.body : undefined;
        },
        15000,
        'bridge transfer failed',
      );
      expect(failed).toMatchObject({ status: 'failed', failureReason: 'destination chain halted', relayTxHash: null });
      expect(await balance(wallet(alice.address))).toBe(10n * ONE);
      expect(await balance(BRIDGE_ESCROW)).toBe(0n);
      expect(await balance(BRIDGE_OUTBOUND)).toBe(0n);
    } finally {
      await stopRelayWorker();
    }
  });

  it('a relayer error is retried (the transfer stays initiated meanwhile), then completes', async () => {
    calls = 0;
    answer = async (call) => {
      if (call === 1) throw new Error('relayer RPC timeout');
      return { ok: true, txHash: `0x${'ab'.repeat(32)}` };
    };
    startRelayWorker();
    try {
      const res = await as({ key: org.apiKey, token: alice.token }).post('/gateway/v1/bridge/initiate', {
        toChainId: 'eip155:31338',
        toAddress: RECIPIENT,
        amount: '500',
      });
      await eventually(async () => calls >= 1 || undefined, 5000, 'first relay call');
      const done = await eventually(
        async () => ((await transfer(res.body.id)).status === 'completed' ? transfer(res.body.id) : undefined),
        15000,
      );
      expect(calls).toBe(2);
      expect(done.relayTxHash).toBe(`0x${'ab'.repeat(32)}`);
      expect(await balance(BRIDGE_OUTBOUND)).toBe(500n);
      expect(await balance(BRIDGE_ESCROW)).toBe(0n);
    } finally {
      await stopRelayWorker();
    }
  });

  it('resumeBridgeRelays re-enqueues an initiated transfer whose job was lost, never twice', async () => {
    answer = async () => ({ ok: true, txHash: `0x${'cd'.repeat(32)}` });
    const res = await as({ key: org.apiKey, token: alice.token }).post('/gateway/v1/bridge/initiate', {
      toChainId: 'eip155:31338',
      toAddress: RECIPIENT,
      amount: '42',
    });
    const queue = stack.api.deps.queues.get(bridgeRelayQueue);
    expect(await (await queue.getJob(res.body.id))?.getState()).toBe('waiting');
    await queue.remove(res.body.id); // a crash between commit and enqueue, or Redis restarted empty
    expect(await queue.getJob(res.body.id)).toBeUndefined();
    expect(await resumeBridgeRelays(stack.api.deps, { graceMs: 60_000 })).toBe(0); // not stale yet
    expect(await resumeBridgeRelays(stack.api.deps, { graceMs: 0 })).toBe(1);
    expect(await resumeBridgeRelays(stack.api.deps, { graceMs: 0 })).toBe(0); // live job: not duplicated
    startRelayWorker();
    try {
      await eventually(async () => (await transfer(res.body.id)).status === 'completed' || undefined, 15000, 'resumed transfer completed');
    } finally {
      await stopRelayWorker();
    }
  });
});

describe('AI billing (issue #3)', () => {
  let stack: Stack;
  let org: { organizationId: string; apiKey: string };
  let alice: { token: string; address: string };
  const as = client(() => stack);
  const credits = (address: string) => getBalance(stack.api.deps.prisma, wallet(address), CREDIT);
  const prisma = () => stack.api.deps.prisma;

  beforeAll(async () => {
    stack = await startStack('integration-billing', { chain: true, worker: false });
    org = await stack.org();
    alice = await stack.login();
    await stack.mint(alice.address, 10n * ONE);
  });
  afterAll(() => stack.stop());

  /** Buys `n` credits for `who` through the real endpoints: purchase, then the payer confirms. */
  const buy = async (who: { token: string; address: string }, n: number, key = org.apiKey) => {
    const p = await as({ key, token: who.token }).post('/ai-billing/credits/purchase', { credits: n });
    expect(p.status).toBe(201);
    const c = await as({ key, token: who.token }).post(`/gateway/v1/payments/${p.body.id}/confirm`);
    expect(c.status).toBe(200);
    return c.body;
  };

  it('purchase → 201 pending credit_purchase payment; confirm settles it and mints the credits in the same step', async () => {
    const gtkBefore = await getBalance(prisma(), wallet(alice.address), 'GTK');
    const res = await as({ key: org.apiKey, token: alice.token }).post('/ai-billing/credits/purchase', { credits: 50 });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: 'payment',
      status: 'pending',
      purpose: 'credit_purchase',
      credits: '50',
      amount: (50n * BigInt(stack.config.CREDIT_PRICE)).toString(),
      token: 'GTK',
      payer: alice.address,
      organizationId: org.organizationId,
    });
    expect(await credits(alice.address)).toBe(0n);
    const confirmed = await as({ key: org.apiKey, token: alice.token }).post(`/gateway/v1/payments/${res.body.id}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ status: 'settled', purpose: 'credit_purchase', credits: '50' });
    expect(await credits(alice.address)).toBe(50n);
    expect(await getBalance(prisma(), wallet(alice.address), 'GTK')).toBe(gtkBefore - 50n * BigInt(stack.config.CREDIT_PRICE));
    expect(await getBalance(prisma(), { type: 'organization', id: org.organizationId }, 'GTK')).toBe(
      50n * BigInt(stack.config.CREDIT_PRICE),
    );
    // The mint is a journal entry referencing the payment.
    const entries = await prisma().$queryRaw<{ kind: string }[]>`SELECT kind FROM journal_entries WHERE reference = ${res.body.id}`;
    expect(entries.map((e) => e.kind).sort()).toEqual(['credits.purchase', 'payment.settle']);

    const balance = await as({ key: org.apiKey, token: alice.token }).get('/ai-billing/credits');
    expect(balance.status).toBe(200);
    expect(balance.body).toEqual({ address: alice.address, balance: '50', recent: [] });
  });

  it('a plain payment keeps purpose payment and no credits', async () => {
    const res = await as({ key: org.apiKey, token: alice.token }).post('/gateway/v1/payments', { amount: '1' });
    expect(res.body).toMatchObject({ purpose: 'payment', credits: null });
  });

  it('a purchase the payer cannot afford fails and mints nothing', async () => {
    const poor = await stack.login();
    const res = await as({ key: org.apiKey, token: poor.token }).post('/ai-billing/credits/purchase', { credits: 5 });
    const confirmed = await as({ key: org.apiKey, token: poor.token }).post(`/gateway/v1/payments/${res.body.id}/confirm`);
    expect(confirmed.body).toMatchObject({ status: 'failed', failureReason: 'insufficient_funds' });
    expect(await credits(poor.address)).toBe(0n);
  });

  it('consumption debits credits → 201 with the balance after; GET /ai-billing/credits lists it', async () => {
    const res = await as({ key: org.apiKey, token: alice.token }).post('/ai-billing/consumption', {
      units: 20,
      feature: 'chat.completion',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      units: 20,
      feature: 'chat.completion',
      balance: '30',
      createdAt: expect.any(String),
    });
    expect(await credits(alice.address)).toBe(30n);
    const listed = await as({ key: org.apiKey, token: alice.token }).get('/ai-billing/credits');
    expect(listed.body).toEqual({
      address: alice.address,
      balance: '30',
      recent: [{ id: res.body.id, feature: 'chat.completion', units: 20, createdAt: res.body.createdAt }],
    });
  });

  it('not enough credits → 402 payment-required, nothing recorded or debited', async () => {
    const rows = await prisma().creditConsumption.count();
    const res = await as({ key: org.apiKey, token: alice.token }).post('/ai-billing/consumption', { units: 31, feature: 'image.generate' });
    expect(res.status).toBe(402);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({
      type: '/problems/payment-required',
      title: 'Insufficient credits',
      status: 402,
      balance: '30',
      required: '31',
    });
    expect(await prisma().creditConsumption.count()).toBe(rows);
    expect(await credits(alice.address)).toBe(30n);
  });

  it('parallel consumptions never overdraw: exactly the balance is consumed', async () => {
    const carol = await stack.login();
    await stack.mint(carol.address, ONE);
    await buy(carol, 10);
    const burnBefore = await getBalance(prisma(), CREDIT_BURN, CREDIT);
    const results = await Promise.all(
      Array.from({ length: 25 }, () =>
        as({ key: org.apiKey, token: carol.token }).post('/ai-billing/consumption', { units: 1, feature: 'embed' }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(15);
    expect(await credits(carol.address)).toBe(0n);
    expect(await prisma().creditConsumption.count({ where: { address: carol.address } })).toBe(10);
    expect(await getBalance(prisma(), CREDIT_BURN, CREDIT)).toBe(burnBefore + 10n);
    // Every successful answer reports a distinct balance between 9 and 0.
    expect(
      results
        .filter((r) => r.status === 201)
        .map((r) => Number(r.body.balance))
        .sort((a, b) => a - b),
    ).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('Idempotency-Key on consumption: one debit for the same request; another body → 422', async () => {
    const key = `consume-${Date.now()}`;
    const before = await credits(alice.address);
    const a = await as({ key: org.apiKey, token: alice.token }).post(
      '/ai-billing/consumption',
      { units: 2, feature: 'chat' },
      { 'Idempotency-Key': key },
    );
    const b = await as({ key: org.apiKey, token: alice.token }).post(
      '/ai-billing/consumption',
      { units: 2, feature: 'chat' },
      { 'Idempotency-Key': key },
    );
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(await credits(alice.address)).toBe(before - 2n);
    const c = await as({ key: org.apiKey, token: alice.token }).post(
      '/ai-billing/consumption',
      { units: 3, feature: 'chat' },
      { 'Idempotency-Key': key },
    );
    expect(c.status).toBe(422);
  });

  it('credits are one balance per wallet across organizations; recent consumption is per organization', async () => {
    const other = await stack.org();
    const seen = await as({ key: other.apiKey, token: alice.token }).get('/ai-billing/credits');
    expect(seen.body.balance).toBe((await credits(alice.address)).toString());
    expect(seen.body.recent).toEqual([]);
    const used = await as({ key: other.apiKey, token: alice.token }).post('/ai-billing/consumption', { units: 1, feature: 'other-app' });
    expect(used.status).toBe(201);
    const mine = await as({ key: org.apiKey, token: alice.token }).get('/ai-billing/credits');
    expect(mine.body.balance).toBe(used.body.balance);
    expect(mine.body.recent.map((r: { feature: string }) => r.feature)).not.toContain('other-app');
  });

  it('recent lists the last 20 consumptions, newest first', async () => {
    const dave = await stack.login();
    await stack.mint(dave.address, ONE);
    await buy(dave, 30);
    const ids: string[] = [];
    for (let i = 0; i < 22; i += 1) {
      const r = await as({ key: org.apiKey, token: dave.token }).post('/ai-billing/consumption', { units: 1, feature: `f${i}` });
      ids.push(r.body.id);
    }
    const res = await as({ key: org.apiKey, token: dave.token }).get('/ai-billing/credits');
    expect(res.body.balance).toBe('8');
    expect(res.body.recent).toHaveLength(20);
    expect(res.body.recent.map((r: { id: string }) => r.id)).toEqual(ids.slice(2).reverse());
  });

  it('refunding a credit purchase takes the credits back; once they are consumed the refund is 409', async () => {
    const erin = await stack.login();
    await stack.mint(erin.address, ONE);
    const kept = await buy(erin, 4);
    const refunded = await as({ key: org.apiKey, token: erin.token }).post(`/gateway/v1/payments/${kept.id}/refund`);
    expect(refunded.status).toBe(200);
    expect(refunded.body.status).toBe('refunded');
    expect(await credits(erin.address)).toBe(0n);

    const spent = await buy(erin, 4);
    await as({ key: org.apiKey, token: erin.token }).post('/ai-billing/consumption', { units: 1, feature: 'chat' });
    const gtk = await getBalance(prisma(), wallet(erin.address), 'GTK');
    const refused = await as({ key: org.apiKey, token: erin.token }).post(`/gateway/v1/payments/${spent.id}/refund`);
    expect(refused.status).toBe(409);
    expect(refused.body.type).toBe('/problems/invalid-state');
    expect(await credits(erin.address)).toBe(3n);
    expect(await getBalance(prisma(), wallet(erin.address), 'GTK')).toBe(gtk);
    expect((await prisma().payment.findUniqueOrThrow({ where: { id: spent.id } })).status).toBe('settled');
  });

  it('401 without the API key or without the JWT, on every billing endpoint', async () => {
    for (const c of [{ token: alice.token }, { key: org.apiKey }] as Creds[]) {
      expect((await as(c).post('/ai-billing/credits/purchase', { credits: 1 })).status).toBe(401);
      expect((await as(c).post('/ai-billing/consumption', { units: 1, feature: 'x' })).status).toBe(401);
      expect((await as(c).get('/ai-billing/credits')).status).toBe(401);
    }
  });

  it('403 without billing:write (purchase, consumption) or billing:read (balance)', async () => {
    const reader = await stack.org('billing:read');
    const writer = await stack.org('billing:write');
    const rows = await prisma().creditConsumption.count();
    const payments = await prisma().payment.count();
    const p = await as({ key: reader.apiKey, token: alice.token }).post('/ai-billing/credits/purchase', { credits: 1 });
    expect(p.status).toBe(403);
    expect(p.body).toMatchObject({ type: '/problems/insufficient-scope', requiredScope: 'billing:write' });
    const c = await as({ key: reader.apiKey, token: alice.token }).post('/ai-billing/consumption', { units: 1, feature: 'x' });
    expect(c.status).toBe(403);
    const g = await as({ key: writer.apiKey, token: alice.token }).get('/ai-billing/credits');
    expect(g.status).toBe(403);
    expect(g.body.requiredScope).toBe('billing:read');
    expect((await as({ key: reader.apiKey, token: alice.token }).get('/ai-billing/credits')).status).toBe(200);
    expect(await prisma().creditConsumption.count()).toBe(rows);
    expect(await prisma().payment.count()).toBe(payments);
  });

  it.each([
    [{}],
    [{ credits: 0 }],
    [{ credits: -1 }],
    [{ credits: 1.5 }],
    [{ credits: '10' }],
    [{ credits: 1_000_000_001 }],
    [{ credits: 1, note: 'x' }],
  ])('purchase with %j → 400, no payment', async (body) => {
    const payments = await prisma().payment.count();
    const res = await as({ key: org.apiKey, token: alice.token }).post('/ai-billing/credits/purchase', body);
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('/problems/validation-error');
    expect(await prisma().payment.count()).toBe(payments);
  });

  it.each([
    [{ feature: 'x' }],
    [{ units: 0, feature: 'x' }],
    [{ units: -2, feature: 'x' }],
    [{ units: 2.5, feature: 'x' }],
    [{ units: '2', feature: 'x' }],
    [{ units: 1_000_000_001, feature: 'x' }],
    [{ units: 1 }],
    [{ units: 1, feature: '' }],
    [{ units: 1, feature: ' spaced' }],
    [{ units: 1, feature: 'x'.repeat(65) }],
    [{ units: 1, feature: 'x', extra: true }],
  ])('consumption with %j → 400, nothing debited', async (body) => {
    const rows = await prisma().creditConsumption.count();
    const before = await credits(alice.address);
    const res = await as({ key: org.apiKey, token: alice.token }).post('/ai-billing/consumption', body);
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('/problems/validation-error');
    expect(await prisma().creditConsumption.count()).toBe(rows);
    expect(await credits(alice.address)).toBe(before);
  });
});
