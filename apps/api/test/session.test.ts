import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPublicKey } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { generateSiweNonce } from 'viem/siwe';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { newWallet, signedLogin } from '../../../test/support/wallet.js';

const LOGIN = '/api/gateway/v1/sso/login';

describe('wallet login (EIP-4361) and JWKS', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('session', { worker: false });
  });
  afterAll(() => stack.stop());

  it('returns a JWT that verifies against the published JWKS with pinned ES256, iss, aud, sub', async () => {
    const wallet = newWallet();
    const res = await stack.http.post(LOGIN).send(await signedLogin(wallet, { nonce: await stack.nonce() }));
    expect(res.status).toBe(200);
    expect(res.body.address).toBe(wallet.address);
    expect(Date.parse(res.body.expiresAt) - Date.now()).toBeGreaterThan(3500 * 1000);

    const jwks = await stack.http.get('/api/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    const header = jwt.decode(res.body.token, { complete: true })!.header;
    const jwk = jwks.body.keys.find((k: { kid: string }) => k.kid === header.kid);
    expect(jwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(jwk.d).toBeUndefined();
    const claims = jwt.verify(res.body.token, createPublicKey({ key: jwk, format: 'jwk' }), {
      algorithms: ['ES256'],
      issuer: 'service-gateway',
      audience: 'token-ecosystem',
    }) as jwt.JwtPayload;
    expect(claims.sub).toBe(wallet.address);
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.roles).toEqual(['user']);
  });

  it('answers the nonce, the session and the refusals with Cache-Control: no-store', async () => {
    expect((await stack.http.get('/api/gateway/v1/sso/nonce')).headers['cache-control']).toBe('no-store');
    const ok = await stack.http.post(LOGIN).send(await signedLogin(newWallet(), { nonce: await stack.nonce() }));
    expect(ok.status).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');
    const invalid = await stack.http.post(LOGIN).send({ message: 'x', signature: 'not hex' });
    expect(invalid.status).toBe(400);
    expect(invalid.headers['cache-control']).toBe('no-store');
    const refused = await stack.http.post(LOGIN).send(await signedLogin(newWallet(), { nonce: 'neverIssued12345' }));
    expect(refused.status).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('refuses a replayed nonce', async () => {
    const login = await signedLogin(newWallet(), { nonce: await stack.nonce() });
    expect((await stack.http.post(LOGIN).send(login)).status).toBe(200);
    const replay = await stack.http.post(LOGIN).send(login);
    expect(replay.status).toBe(401);
    expect(replay.body.detail).toMatch(/nonce/i);
  });

  it('refuses a wrong domain, a stale issuedAt, an expired message and a signature of another wallet', async () => {
    const wallet = newWallet();
    const wrongDomain = await signedLogin(wallet, { nonce: await stack.nonce(), domain: 'evil.example' });
    const stale = await signedLogin(wallet, { nonce: await stack.nonce(), issuedAt: new Date(Date.now() - 6 * 60 * 1000) });
    const expired = await signedLogin(wallet, {
      nonce: await stack.nonce(),
      issuedAt: new Date(Date.now() - 60_000),
      expirationTime: new Date(Date.now() - 1000),
    });
    const forged = await signedLogin(wallet, { nonce: await stack.nonce() });
    const otherSig = await newWallet().signMessage({ message: forged.message });
    for (const body of [wrongDomain, stale, expired, { message: forged.message, signature: otherSig }]) {
      const res = await stack.http.post(LOGIN).send(body);
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    // The refused attempts did not burn the nonce of the genuine message.
    expect((await stack.http.post(LOGIN).send(forged)).status).toBe(200);
  });

  it('each refusal names the field that failed and what the service expects, in detail and as extension members', async () => {
    const wallet = newWallet();
    const now = Date.now();
    const cases: [string, Promise<{ message: string; signature: string }>, RegExp][] = [
      [
        'domain',
        signedLogin(wallet, { nonce: await stack.nonce(), domain: 'evil.example', uri: 'https://evil.example/login' }),
        /^domain is 'evil\.example'; this service expects 'localhost' \(SIWE_DOMAIN\)$/,
      ],
      [
        'uri',
        signedLogin(wallet, { nonce: await stack.nonce(), uri: 'https://other.example/login' }),
        /^uri is 'https:\/\/other\.example\/login'; its authority must be the domain 'localhost'/,
      ],
      [
        'chainId',
        signedLogin(wallet, { nonce: await stack.nonce(), chainId: 5 }),
        /^chainId is 5; this service accepts 1 \(SIWE_CHAIN_IDS\)$/,
      ],
      [
        'notBefore',
        signedLogin(wallet, { nonce: await stack.nonce(), notBefore: new Date(now + 600_000) }),
        /^notBefore is .*Z; the message is not valid before then \(server time .*Z\)$/,
      ],
      [
        'expirationTime',
        signedLogin(wallet, { nonce: await stack.nonce(), issuedAt: new Date(now - 60_000), expirationTime: new Date(now - 1000) }),
        /^expirationTime is .*Z; the message expired \(server time .*Z\)$/,
      ],
      [
        'issuedAt',
        signedLogin(wallet, { nonce: await stack.nonce(), issuedAt: new Date(now - 6 * 60_000) }),
        /^issuedAt is .*Z; it must be within the last 300 seconds \(SIWE_MAX_AGE_SECONDS\) of the server time .*Z$/,
      ],
      [
        'nonce',
        signedLogin(wallet, { nonce: generateSiweNonce() }),
        /^nonce is unknown, expired or already used; get one from GET \/gateway\/v1\/sso\/nonce/,
      ],
    ];
    for (const [field, body, detail] of cases) {
      const res = await stack.http.post(LOGIN).send(await body);
      expect({ field, status: res.status, member: res.body.field }).toEqual({ field, status: 401, member: field });
      expect({ field, detail: res.body.detail }).toEqual({ field, detail: expect.stringMatching(detail) });
      expect({ field, expected: typeof res.body.expected === 'string' && res.body.expected.length > 0 }).toEqual({ field, expected: true });
    }
    const forged = await signedLogin(wallet, { nonce: await stack.nonce() });
    const otherSig = await stack.http
      .post(LOGIN)
      .send({ message: forged.message, signature: await newWallet().signMessage({ message: forged.message }) });
    expect(otherSig.body).toMatchObject({ status: 401, field: 'signature' });
    expect(otherSig.body.detail).toMatch(/^signature is not by the message's address/);
  });

  it('400 for a body that is not a login', async () => {
    expect((await stack.http.post(LOGIN).send({ message: 'hello' })).status).toBe(400);
    expect((await stack.http.post(LOGIN).send({ message: 'hello', signature: 'zz' })).status).toBe(400);
    const notSiwe = await stack.http.post(LOGIN).send({ message: `hello ${generateSiweNonce()}`, signature: '0x1234' });
    expect(notSiwe.status).toBe(401);
  });
});
