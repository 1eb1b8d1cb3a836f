/**
 * `gw.login(account)` signs for the base address's host and port
 * (`localhost:3467`), which a plain local run refused ("Message domain, notBefore or expirationTime
 * is not valid now"), and `127.0.0.1` was refused for its http URI. With NODE_ENV=development (the
 * default of `pnpm start`) and no SIWE variable set, the service accepts a loopback domain
 * (`localhost`, `127.0.0.1`, `[::1]`) with or without the port it listens on, and http URIs on
 * loopback; in production the rule stays exactly SIWE_DOMAIN. Each refusal names the field and
 * what the service expects, in `detail` and as the `field` and `expected` extension members.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { createGatewayClient } from '../src/client.js';
import { ProblemError } from '../src/errors.js';

const wallet = () => privateKeyToAccount(generatePrivateKey());
const portOf = (stack: Stack) => (stack.api.server.address() as AddressInfo).port;

/** The ProblemError a login rejects with (fails the test when it succeeds). */
async function refusal(promise: Promise<unknown>): Promise<ProblemError> {
  const outcome = await promise.then(
    () => new Error('the login succeeded'),
    (err: unknown) => err,
  );
  if (!(outcome instanceof ProblemError)) throw outcome;
  return outcome;
}

describe('login with the client, NODE_ENV=development and no SIWE variables (what `pnpm start` runs)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('client-login-dev', { worker: false, env: { NODE_ENV: 'development' } });
    expect(stack.config.SIWE_DOMAIN).toBe('localhost');
  });
  afterAll(() => stack.stop());

  it.each(['localhost', '127.0.0.1'])('gw.login against http://%s:<port>/api with its defaults', async (host) => {
    const account = wallet();
    const gw = createGatewayClient({ baseUrl: `http://${host}:${portOf(stack)}/api` });
    const session = await gw.login(account);
    expect(session.address).toBe(account.address);
    expect(gw.token).toBe(session.token);
  });

  it('a base address mistake says what to fix: unset (GW_URL missing) names baseUrl; without /api the 404 says the base ends in /api', async () => {
    expect(() => createGatewayClient({ baseUrl: process.env.SURELY_UNSET_GW_URL as string })).toThrow(
      /baseUrl must be the API's absolute base address, ending in \/api .*got undefined/,
    );
    const gw = createGatewayClient({ baseUrl: `http://localhost:${portOf(stack)}` }); // /api forgotten
    const err = await refusal(gw.login(wallet()));
    expect(err.status).toBe(404);
    expect(err.detail).toBe(
      "No route for GET /gateway/v1/sso/nonce; the API's base address ends in /api: did you mean GET /api/gateway/v1/sso/nonce?",
    );
    // The hint comes from the route table: any route of it (not only /gateway ones) gets it, and a
    // path that is not a route under /api either keeps the plain answer.
    const detail = async (path: string) =>
      ((await (await fetch(`http://localhost:${portOf(stack)}${path}`)).json()) as { detail: string }).detail;
    expect(await detail('/ai-billing/credits')).toBe(
      "No route for GET /ai-billing/credits; the API's base address ends in /api: did you mean GET /api/ai-billing/credits?",
    );
    expect(await detail('/gateway/v1/no-such-thing')).toBe('No route for GET /gateway/v1/no-such-thing');
    expect(await detail('/api/no-such-thing')).toBe('No route for GET /api/no-such-thing');
  });

  it('a loopback domain without the port, with an http URI', async () => {
    const port = portOf(stack);
    const gw = createGatewayClient({ baseUrl: `http://127.0.0.1:${port}/api` });
    await expect(gw.login(wallet(), { domain: 'localhost', uri: 'http://localhost' })).resolves.toMatchObject({ organizationId: null });
    await expect(gw.login(wallet(), { domain: '127.0.0.1', uri: 'http://127.0.0.1/login' })).resolves.toMatchObject({
      organizationId: null,
    });
  });

  it('another host, or a loopback host with another port, is refused, naming the field and what is expected', async () => {
    const port = portOf(stack);
    const gw = createGatewayClient({ baseUrl: `http://localhost:${port}/api` });
    const other = await refusal(gw.login(wallet(), { domain: 'shop.example', uri: 'https://shop.example' }));
    expect(other.problem).toMatchObject({ status: 401, type: '/problems/invalid-signature', field: 'domain' });
    expect(other.detail).toContain("domain is 'shop.example'");
    expect(other.detail).toContain("'localhost' (SIWE_DOMAIN)");
    expect(String(other.problem.expected)).toContain(`localhost:${port}`);
    const otherPort = await refusal(gw.login(wallet(), { domain: `localhost:${port + 1}`, uri: `http://localhost:${port + 1}` }));
    expect(otherPort.problem).toMatchObject({ field: 'domain' });
  });
});

describe('login with the client, NODE_ENV=production: exactly SIWE_DOMAIN', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('client-login-prod', { worker: false, env: { NODE_ENV: 'production' } });
  });
  afterAll(() => stack.stop());

  it.each(['localhost', '127.0.0.1'])('gw.login against http://%s:<port>/api is refused: the domain carries the port', async (host) => {
    const port = portOf(stack);
    const gw = createGatewayClient({ baseUrl: `http://${host}:${port}/api` });
    const err = await refusal(gw.login(wallet()));
    expect(err.problem).toMatchObject({ status: 401, field: 'domain', expected: "'localhost' (SIWE_DOMAIN)" });
    expect(err.detail).toBe(`domain is '${host}:${port}'; this service expects 'localhost' (SIWE_DOMAIN)`);
  });

  it('SIWE_DOMAIN itself is accepted, with https (or http on localhost); 127.0.0.1 over http is not', async () => {
    const gw = createGatewayClient({ baseUrl: `http://127.0.0.1:${portOf(stack)}/api` });
    await expect(gw.login(wallet(), { domain: 'localhost', uri: 'https://localhost/login' })).resolves.toBeDefined();
    await expect(gw.login(wallet(), { domain: 'localhost', uri: 'http://localhost/login' })).resolves.toBeDefined();
    const prod = await startStack('client-login-prod-ip', { worker: false, env: { NODE_ENV: 'production', SIWE_DOMAIN: '127.0.0.1' } });
    try {
      const ip = createGatewayClient({ baseUrl: `http://127.0.0.1:${portOf(prod)}/api` });
      const err = await refusal(ip.login(wallet(), { domain: '127.0.0.1', uri: 'http://127.0.0.1/login' }));
      expect(err.problem).toMatchObject({ field: 'uri' });
      expect(err.detail).toMatch(/^uri is 'http:\/\/127\.0\.0\.1\/login'; .*https/);
    } finally {
      await prod.stop();
    }
  });
});
