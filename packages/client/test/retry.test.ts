import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { createWalletClient, custom, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { createGatewayClient, isIdempotentOperation } from '../src/client.js';
import { IDEMPOTENT_OPERATIONS } from '../src/generated/openapi.js';
import { ProblemError, problemCode } from '../src/errors.js';
import { backoffDelay, isRetrySafe, parseRetryAfter, resolveRetryOptions, retryDelay } from '../src/retry.js';

// ---- pure functions ---------------------------------------------------------------------------

describe('parseRetryAfter (RFC 9110 §10.2.3)', () => {
  const now = Date.parse('2026-11-23T10:00:00Z');

  it.each([
    ['0', 0],
    ['1', 1000],
    ['120', 120_000],
    [' 7 ', 7000],
  ])('delay-seconds %j is %d ms', (v, ms) => expect(parseRetryAfter(v, now)).toBe(ms));

  it('reads an IMF-fixdate as the time left until it', () => {
    expect(parseRetryAfter('Mon, 23 Nov 2026 10:00:05 GMT', now)).toBe(5000);
  });

  it('reads the obsolete RFC 850 form', () => {
    expect(parseRetryAfter('Monday, 23-Nov-26 10:00:09 GMT', now)).toBe(9000);
  });

  it('a date in the past means now (0 ms)', () => {
    expect(parseRetryAfter('Mon, 23 Nov 2026 09:59:00 GMT', now)).toBe(0);
  });

  it.each([[null], [undefined], [''], ['-1'], ['1.5'], ['soon'], ['1e3'], ['Mon, 99 Foo 2026 10:00:05 GMT']])('%j is no value', (v) =>
    expect(parseRetryAfter(v, now)).toBeUndefined(),
  );
});

describe('backoffDelay (full jitter, capped)', () => {
  const opts = { baseDelayMs: 100, maxDelayMs: 1000 };

  it('is uniformly random in [0, min(max, base·2^(n−1))]', () => {
    expect(backoffDelay(1, opts, () => 0)).toBe(0);
    expect(backoffDelay(1, opts, () => 0.999999)).toBe(99);
    expect(backoffDelay(2, opts, () => 0.5)).toBe(100);
    expect(backoffDelay(3, opts, () => 0.999999)).toBe(399);
  });

  it('never exceeds maxDelayMs, however many retries', () => {
    for (const n of [5, 10, 50, 1000]) expect(backoffDelay(n, opts, () => 0.999999)).toBeLessThan(1000);
  });

  it('stays within the bounds with Math.random', () => {
    for (let i = 0; i < 500; i++) {
      const n = 1 + (i % 6);
      const d = backoffDelay(n, opts);
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThan(Math.min(1000, 100 * 2 ** (n - 1)));
      expect(Number.isInteger(d)).toBe(true);
    }
  });
});

describe('which requests are retried', () => {
  const opts = resolveRetryOptions({ maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1000 });
  const req = (method: string, headers: Record<string, string> = {}) =>
    new Request('http://x/api/a', { method, headers, body: method === 'GET' || method === 'HEAD' ? undefined : '{}' });
  const res = (status: number, headers: Record<string, string> = {}) => new Response(null, { status, headers });

  it.each(['GET', 'HEAD', 'OPTIONS'])('%s is safe', (m) => expect(isRetrySafe(req(m))).toBe(true));
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('%s is safe only with an Idempotency-Key', (m) => {
    expect(isRetrySafe(req(m))).toBe(false);
    expect(isRetrySafe(req(m, { 'Idempotency-Key': 'k' }))).toBe(true);
  });

  it('a 429 is retried for any request (refused before anything was done); a 503 of an unkeyed write is not', () => {
    expect(retryDelay(req('POST'), res(429, { 'Retry-After': '0' }), 1, opts)).toBe(0);
    expect(retryDelay(req('POST'), res(503, { 'Retry-After': '0' }), 1, opts)).toBeUndefined();
    expect(retryDelay(req('POST', { 'Idempotency-Key': 'k' }), res(503, { 'Retry-After': '0' }), 1, opts)).toBe(0);
  });

  it.each([
    ['POST', '/gateway/v1/payments', true],
    ['POST', '/gateway/v1/payments/', true],
    ['POST', '/gateway/v1/payments?x=1', true],
    ['POST', '/gateway/v1/staking/unstake', true],
    ['POST', '/gateway/v1/staking/positions/a/b/unstake', false],
    ['POST', '/gateway/v1/payments/abc/confirm', false],
    ['POST', '/gateway/v1/sso/login', false],
    ['GET', '/gateway/v1/payments', false],
  ])('%s %s is an x-idempotent operation: %s', (method, path, expected) => {
    const r = new Request(`http://x/api${path}`, { method, body: method === 'GET' ? undefined : '{}' });
    expect(isIdempotentOperation(r, 'http://x/api')).toBe(expected);
  });

  it('the generated list (pnpm client:generate, from x-idempotent) has the keyed writes and not the others', () => {
    expect(IDEMPOTENT_OPERATIONS).toContainEqual(['POST', '/gateway/v1/payments']);
    expect(IDEMPOTENT_OPERATIONS).toContainEqual(['POST', '/gateway/v1/staking/unstake']);
    const listed = IDEMPOTENT_OPERATIONS.map(([m, p]) => `${m} ${p}`);
    expect(listed).not.toContain('POST /gateway/v1/sso/login');
    expect(listed).not.toContain('POST /gateway/v1/payments/{id}/confirm');
  });

  it('retries 429 and 503 only', () => {
    for (const status of [400, 401, 404, 409, 422, 500, 502, 504]) expect(retryDelay(req('GET'), res(status), 1, opts)).toBeUndefined();
    expect(retryDelay(req('GET'), res(429), 1, opts, () => 0.5)).toBe(50);
    expect(retryDelay(req('GET'), res(503), 2, opts, () => 0.5)).toBe(100);
  });

  it('honours Retry-After over the back-off, and gives up past maxDelayMs or maxAttempts', () => {
    expect(retryDelay(req('GET'), res(429, { 'Retry-After': '1' }), 1, opts)).toBe(1000);
    expect(retryDelay(req('GET'), res(429, { 'Retry-After': '2' }), 1, opts)).toBeUndefined();
    expect(retryDelay(req('GET'), res(429), 3, opts)).toBeUndefined();
    expect(retryDelay(req('POST'), res(503), 1, opts)).toBeUndefined();
  });

  it('rejects a nonsensical maxAttempts', () => {
    expect(() => resolveRetryOptions({ maxAttempts: 0 })).toThrow(RangeError);
    expect(resolveRetryOptions({ maxAttempts: undefined }).maxAttempts).toBe(3);
  });
});

describe('problemCode', () => {
  it.each([
    ['/problems/not-found', 'not-found'],
    ['https://gw.example.com/api/problems/rate-limited', 'rate-limited'],
    ['/problems/x/', 'x'],
    ['about:blank', 'about:blank'],
  ])('%s → %s', (type, code) => expect(problemCode(type)).toBe(code));
});

// ---- against a local HTTP server --------------------------------------------------------------

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  at: number;
}

describe('createGatewayClient against a local server', () => {
  let server: Server;
  let baseUrl: string;
  let seen: Seen[] = [];
  let handler: (req: Seen, res: ServerResponse, n: number) => void = () => undefined;

  const problem = (res: ServerResponse, status: number, code: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/problem+json', 'X-Request-Id': `req-${seen.length}`, ...headers });
    res.end(JSON.stringify({ type: `/problems/${code}`, title: code, status, detail: `${code} detail`, instance: '/api/x' }));
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const s: Seen = {
          method: req.method!,
          url: req.url!,
          headers: req.headers,
          body: Buffer.concat(chunks).toString(),
          at: Date.now(),
        };
        seen.push(s);
        handler(s, res, seen.length);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/api`;
  });
  afterEach(() => {
    seen = [];
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const gw = (opts: Partial<Parameters<typeof createGatewayClient>[0]> = {}) =>
    createGatewayClient({ baseUrl, apiKey: 'sk_test', token: 'jwt', retry: { baseDelayMs: 5, maxDelayMs: 2000 }, ...opts });

  it('sends X-API-Key and Authorization: Bearer, under the base path', async () => {
    handler = (_s, res) => json(res, 200, { data: [], nextCursor: null });
    const { data } = await gw().GET('/gateway/v1/payments', { params: { query: { limit: 5 } } });
    expect(data).toEqual({ data: [], nextCursor: null });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api/gateway/v1/payments?limit=5' });
    expect(seen[0]!.headers['x-api-key']).toBe('sk_test');
    expect(seen[0]!.headers.authorization).toBe('Bearer jwt');
    expect(seen[0]!.headers['idempotency-key']).toBeUndefined();
  });

  it('waits Retry-After seconds on a 429, then succeeds', async () => {
    handler = (_s, res, n) =>
      n === 1 ? problem(res, 429, 'rate-limited', { 'Retry-After': '1' }) : json(res, 200, { data: [], nextCursor: null });
    const { data, response } = await gw().GET('/gateway/v1/payments');
    expect(response.status).toBe(200);
    expect(data?.nextCursor).toBeNull();
    expect(seen).toHaveLength(2);
    expect(seen[1]!.at - seen[0]!.at).toBeGreaterThanOrEqual(950);
  });

  it('backs off on a 503 without Retry-After and gives up after maxAttempts, returning the last answer', async () => {
    handler = (_s, res) => problem(res, 503, 'unavailable');
    const { error, response } = await gw({ retry: { maxAttempts: 4, baseDelayMs: 5, maxDelayMs: 20 } }).GET('/gateway/v1/payments');
    expect(response.status).toBe(503);
    expect(error?.type).toBe('/problems/unavailable');
    expect(seen).toHaveLength(4);
  });

  it('adds one Idempotency-Key (UUID v4) to a POST and resends it, with the same body, on every retry', async () => {
    handler = (_s, res, n) => (n < 3 ? problem(res, 503, 'unavailable', { 'Retry-After': '0' }) : json(res, 201, { id: 'p1' }));
    const { data } = await gw().POST('/gateway/v1/payments', { body: { amount: '5' } });
    expect(data).toMatchObject({ id: 'p1' });
    expect(seen).toHaveLength(3);
    const keys = seen.map((s) => s.headers['idempotency-key']);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
    expect(seen.map((s) => s.body)).toEqual(Array(3).fill('{"amount":"5"}'));
  });

  it('a new call gets a new key; a key set by the caller or by idempotencyKey() is kept', async () => {
    handler = (_s, res) => json(res, 201, { id: 'p1' });
    let i = 0;
    const client = gw({ idempotencyKey: () => `order-${++i}` });
    await client.POST('/gateway/v1/payments', { body: { amount: '5' } });
    await client.POST('/gateway/v1/payments', { body: { amount: '5' } });
    await client.POST('/gateway/v1/payments', { body: { amount: '5' }, headers: { 'Idempotency-Key': 'mine' } });
    await gw().GET('/gateway/v1/payments');
    expect(seen.map((s) => s.headers['idempotency-key'])).toEqual(['order-1', 'order-2', 'mine', undefined]);
  });

  it('does not retry a 503 of a POST without Idempotency-Key (idempotencyKey: false), but does retry its 429', async () => {
    handler = (_s, res) => problem(res, 503, 'unavailable', { 'Retry-After': '0' });
    const { response } = await gw({ idempotencyKey: false }).POST('/gateway/v1/payments', { body: { amount: '5' } });
    expect(response.status).toBe(503);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers['idempotency-key']).toBeUndefined();

    seen.length = 0;
    handler = (_s, res, n) => (n === 1 ? problem(res, 429, 'rate-limited', { 'Retry-After': '0' }) : json(res, 201, { id: 'p1' }));
    const retried = await gw({ idempotencyKey: false }).POST('/gateway/v1/payments', { body: { amount: '5' } });
    expect(retried.response.status).toBe(201);
    expect(seen).toHaveLength(2);
  });

  it('does not retry the 503 of a confirm although the caller set an Idempotency-Key (the server ignores it there)', async () => {
    handler = (_s, res) => problem(res, 503, 'unavailable', { 'Retry-After': '0' });
    const id = '0b5a1f0e-8a4e-4c8e-9a59-1d1f0c2b3a4d';
    const { response } = await gw().POST('/gateway/v1/payments/{id}/confirm', {
      params: { path: { id } },
      headers: { 'Idempotency-Key': 'mine' },
    });
    expect(response.status).toBe(503);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.headers['idempotency-key']).toBe('mine');
  });

  it('puts a key only on operations marked x-idempotent: a confirm (not marked) gets none and its 503 is not retried', async () => {
    handler = (_s, res) => problem(res, 503, 'unavailable', { 'Retry-After': '0' });
    const id = '0b5a1f0e-8a4e-4c8e-9a59-1d1f0c2b3a4d';
    const { response } = await gw().POST('/gateway/v1/payments/{id}/confirm', { params: { path: { id } } });
    expect(response.status).toBe(503);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: `/api/gateway/v1/payments/${id}/confirm` });
    expect(seen[0]!.headers['idempotency-key']).toBeUndefined();
  });

  it('does not wait a Retry-After longer than maxDelayMs', async () => {
    handler = (_s, res) => problem(res, 429, 'rate-limited', { 'Retry-After': '60' });
    const started = Date.now();
    const { response } = await gw().GET('/gateway/v1/payments');
    expect(response.status).toBe(429);
    expect(seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('maxAttempts: 1 disables retries', async () => {
    handler = (_s, res) => problem(res, 503, 'unavailable', { 'Retry-After': '0' });
    await gw({ retry: { maxAttempts: 1 } }).GET('/gateway/v1/payments');
    expect(seen).toHaveLength(1);
  });

  it('an abort signal cancels the wait between attempts', async () => {
    handler = (_s, res) => problem(res, 429, 'rate-limited', { 'Retry-After': '1' });
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('stop')), 100);
    await expect(gw().GET('/gateway/v1/payments', { signal: ac.signal })).rejects.toThrow('stop');
    expect(seen).toHaveLength(1);
  });

  it('unwrap throws ProblemError with the problem, its code and X-Request-Id', async () => {
    handler = (_s, res) => problem(res, 404, 'not-found');
    const client = gw();
    const err = await client.unwrap(client.GET('/gateway/v1/payments/{id}', { params: { path: { id: 'nope' } } })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProblemError);
    expect(err).toBeInstanceOf(Error);
    expect(err).toMatchObject({
      name: 'ProblemError',
      status: 404,
      type: '/problems/not-found',
      code: 'not-found',
      title: 'not-found',
      detail: 'not-found detail',
      requestId: 'req-1',
      problem: { instance: '/api/x' },
    });
  });

  it('unwrap makes a problem of a body that is not one', async () => {
    handler = (_s, res) => {
      res.writeHead(502, 'Bad Gateway', { 'Content-Type': 'text/html' });
      res.end('<html>upstream down</html>');
    };
    const client = gw();
    const err = (await client.unwrap(client.GET('/gateway/v1/payments')).catch((e: unknown) => e)) as ProblemError;
    expect(err).toBeInstanceOf(ProblemError);
    expect(err).toMatchObject({ status: 502, type: 'about:blank', code: 'about:blank', title: 'Bad Gateway', requestId: undefined });
    expect(err.detail).toContain('upstream down');
  });

  it('paginate follows nextCursor in the cursor query parameter, keeping the other parameters', async () => {
    const pages: Record<string, { data: { id: string }[]; nextCursor: string | null }> = {
      '': { data: [{ id: 'a' }, { id: 'b' }], nextCursor: 'c1' },
      c1: { data: [{ id: 'c' }, { id: 'd' }], nextCursor: 'c2' },
      c2: { data: [{ id: 'e' }], nextCursor: null },
    };
    handler = (s, res) => json(res, 200, pages[new URL(s.url, 'http://x').searchParams.get('cursor') ?? '']);
    const ids: string[] = [];
    for await (const p of gw().paginate('/gateway/v1/payments', { params: { query: { limit: 2, status: 'settled' } } })) ids.push(p.id);
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(seen.map((s) => s.url)).toEqual([
      '/api/gateway/v1/payments?limit=2&status=settled',
      '/api/gateway/v1/payments?limit=2&status=settled&cursor=c1',
      '/api/gateway/v1/payments?limit=2&status=settled&cursor=c2',
    ]);
  });

  it('paginate throws ProblemError on a failing page', async () => {
    handler = (_s, res, n) => (n === 1 ? json(res, 200, { data: [{ id: 'a' }], nextCursor: 'c1' }) : problem(res, 400, 'validation-error'));
    const got: string[] = [];
    const run = async () => {
      for await (const p of gw().paginate('/gateway/v1/payments')) got.push(p.id);
    };
    await expect(run()).rejects.toMatchObject({ name: 'ProblemError', code: 'validation-error' });
    expect(got).toEqual(['a']);
  });

  describe('login (EIP-4361)', () => {
    const account = privateKeyToAccount(generatePrivateKey());
    let lastLogin: { message: string; signature: string } | undefined;
    const siweServer = () => {
      handler = (s, res) => {
        if (s.url.endsWith('/sso/nonce')) return json(res, 200, { nonce: 'abcdefgh12345678', expiresAt: new Date().toISOString() });
        if (!s.url.endsWith('/sso/login')) return json(res, 200, { data: [], nextCursor: null });
        lastLogin = JSON.parse(s.body);
        return json(res, 200, { token: 'new-jwt', expiresAt: new Date().toISOString(), address: account.address, organizationId: null });
      };
    };

    it('signs with a viem account, defaults domain/uri from baseUrl, stores the token', async () => {
      siweServer();
      const client = gw({ token: undefined });
      const session = await client.login(account);
      expect(session.token).toBe('new-jwt');
      expect(client.token).toBe('new-jwt');
      const fields = parseSiweMessage(lastLogin!.message);
      const host = new URL(baseUrl).host;
      expect(fields).toMatchObject({
        domain: host,
        uri: `http://${host}`,
        chainId: 1,
        nonce: 'abcdefgh12345678',
        version: '1',
        address: account.address,
      });
      expect(Date.now() - fields.issuedAt!.getTime()).toBeLessThan(10_000);
      expect(lastLogin!.signature).toBe(await account.signMessage({ message: lastLogin!.message }));
      await client.GET('/gateway/v1/payments');
      expect(seen[seen.length - 1]!.headers.authorization).toBe('Bearer new-jwt');
    });

    it('signs with a viem WalletClient with an account, and takes the options', async () => {
      siweServer();
      const wallet = createWalletClient({ account, transport: http('http://127.0.0.1:9') });
      await gw().login(wallet, { domain: 'gw.example.com', uri: 'https://gw.example.com/login', chainId: 137, statement: 'Hi' });
      expect(parseSiweMessage(lastLogin!.message)).toMatchObject({
        domain: 'gw.example.com',
        uri: 'https://gw.example.com/login',
        chainId: 137,
        statement: 'Hi',
      });
      expect(lastLogin!.signature).toBe(await account.signMessage({ message: lastLogin!.message }));
    });

    it('signs with a viem WalletClient without an account (JSON-RPC: eth_accounts, personal_sign)', async () => {
      siweServer();
      const methods: string[] = [];
      const wallet = createWalletClient({
        transport: custom({
          request: async ({ method, params }: { method: string; params?: unknown }) => {
            methods.push(method);
            if (method === 'eth_accounts') return [account.address.toLowerCase()];
            if (method === 'personal_sign') {
              const [hex] = params as [`0x${string}`];
              return account.signMessage({ message: { raw: hex } });
            }
            throw new Error(`unexpected ${method}`);
          },
        }),
      });
      await gw().login(wallet);
      expect(methods).toEqual(['eth_accounts', 'personal_sign']);
      expect(parseSiweMessage(lastLogin!.message).address).toBe(account.address);
      expect(lastLogin!.signature).toBe(await account.signMessage({ message: lastLogin!.message }));
    });

    it('signs with an ethers-like signer (getAddress, signMessage(string))', async () => {
      siweServer();
      const ethersLike = {
        getAddress: async () => account.address.toLowerCase(),
        signMessage: (message: string) => account.signMessage({ message }),
      };
      await gw().login(ethersLike);
      expect(parseSiweMessage(lastLogin!.message).address).toBe(account.address);
    });

    it('refuses what cannot sign, and throws ProblemError on a refused login', async () => {
      await expect(gw().login({ address: account.address } as never)).rejects.toThrow(TypeError);
      handler = (s, res) =>
        s.url.endsWith('/sso/nonce')
          ? json(res, 200, { nonce: 'abcdefgh12345678', expiresAt: '' })
          : problem(res, 401, 'invalid-signature');
      const client = gw({ token: 'old' });
      await expect(client.login(account)).rejects.toMatchObject({ name: 'ProblemError', status: 401, code: 'invalid-signature' });
      expect(client.token).toBe('old');
    });
  });
});
