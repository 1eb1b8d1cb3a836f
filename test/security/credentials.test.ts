import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHmac, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { Writable } from 'node:stream';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { startStack, eventually, type Stack } from '../support/stack.js';
import { TestReceiver } from '../support/receiver.js';
import { signedLogin, newWallet } from '../support/wallet.js';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('JWT attacks', () => {
  let stack: Stack;
  let apiKey: string;
  let token: string;
  let kid: string;
  let payload: jwt.JwtPayload;
  const call = (t: string) => stack.http.get('/api/gateway/v1/payments').set('X-API-Key', apiKey).set('Authorization', `Bearer ${t}`);

  beforeAll(async () => {
    stack = await startStack('jwt-attacks', { worker: false });
    apiKey = (await stack.org()).apiKey;
    token = (await stack.login()).token;
    const decoded = jwt.decode(token, { complete: true })!;
    kid = decoded.header.kid!;
    payload = decoded.payload as jwt.JwtPayload;
  });
  afterAll(() => stack.stop());

  it('accepts the genuine token', async () => {
    expect((await call(token)).status).toBe(200);
  });

  it('refuses alg none, HS256 keyed with the public key, a stranger key, tampering, expiry, wrong aud and iss', async () => {
    const jwks = (await stack.http.get('/api/.well-known/jwks.json')).body.keys;
    const publicPem = createPublicKey({ key: jwks[0], format: 'jwk' }).export({ format: 'pem', type: 'spki' }).toString();
    const [h, , s] = token.split('.');
    const hsWithPublic = (() => {
      const head = b64({ alg: 'HS256', typ: 'JWT', kid });
      const body = b64(payload);
      return `${head}.${body}.${createHmac('sha256', publicPem).update(`${head}.${body}`).digest('base64url')}`;
    })();
    const { privateKey: stranger } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const now = Math.floor(Date.now() / 1000);
    const attacks = {
      none: `${b64({ alg: 'none', typ: 'JWT', kid })}.${b64(payload)}.`,
      noneNoKid: `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.`,
      hsWithPublic,
      strangerSameKid: jwt.sign({ ...payload }, stranger, { algorithm: 'ES256', keyid: kid }),
      tampered: `${h}.${b64({ ...payload, sub: newWallet().address })}.${s}`,
      expired: jwt.sign({ ...payload, iat: now - 7200, exp: now - 3600 }, stranger, { algorithm: 'ES256', keyid: kid }),
      unknownKid: jwt.sign({ ...payload }, stranger, { algorithm: 'ES256', keyid: 'nope' }),
    };
    for (const [name, t] of Object.entries(attacks)) {
      const res = await call(t);
      expect({ name, status: res.status }).toEqual({ name, status: 401 });
    }
  });

  it('refuses a token whose aud or iss differ, even when signed by the real key', async () => {
    // Re-sign with the service's real private key loaded from the database (an insider's view).
    const { loadActiveKey } = await import('@gw/core/auth');
    const { SecretBox } = await import('@gw/runtime');
    const active = await loadActiveKey(stack.api.deps.prisma, new SecretBox(stack.config.SECRETS_ENCRYPTION_KEY));
    const base = { sub: payload.sub, roles: ['user'] };
    const wrongAud = jwt.sign(base, active.privateKey, {
      algorithm: 'ES256',
      keyid: active.kid,
      issuer: 'service-gateway',
      audience: 'other',
      expiresIn: 600,
    });
    const wrongIss = jwt.sign(base, active.privateKey, {
      algorithm: 'ES256',
      keyid: active.kid,
      issuer: 'evil',
      audience: 'token-ecosystem',
      expiresIn: 600,
    });
    const right = jwt.sign(base, active.privateKey, {
      algorithm: 'ES256',
      keyid: active.kid,
      issuer: 'service-gateway',
      audience: 'token-ecosystem',
      expiresIn: 600,
    });
    expect((await call(wrongAud)).status).toBe(401);
    expect((await call(wrongIss)).status).toBe(401);
    expect((await call(right)).status).toBe(200);
  });

  it('a token signed by a retired key is refused', async () => {
    await stack.api.deps.prisma.signingKey.update({ where: { kid }, data: { retiredAt: new Date() } });
    // A second API process on the same database: no cached verification key (a running process
    // caches keys for at most 30 s).
    const { startApi } = await import('@gw/api');
    const second = await startApi(stack.config);
    try {
      const res = await request(second.server)
        .get('/api/gateway/v1/payments')
        .set('X-API-Key', apiKey)
        .set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
      const jwks = (await request(second.server).get('/api/.well-known/jwks.json')).body.keys as { kid: string }[];
      expect(jwks.map((k) => k.kid)).not.toContain(kid);
      // New logins are signed by a new, active key and work.
      const fresh = await request(second.server)
        .post('/api/gateway/v1/sso/login')
        .send(await signedLogin(newWallet(), { nonce: await stack.nonce() }));
      expect(jwt.decode(fresh.body.token, { complete: true })!.header.kid).not.toBe(kid);
      const ok = await request(second.server)
        .get('/api/gateway/v1/payments')
        .set('X-API-Key', apiKey)
        .set('Authorization', `Bearer ${fresh.body.token}`);
      expect(ok.status).toBe(200);
    } finally {
      await second.stop();
    }
  });
});

describe('secrets at rest and logs', () => {
  let stack: Stack;
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _e, cb) {
      logs.push(String(chunk));
      cb();
    },
  });

  beforeAll(async () => {
    stack = await startStack('secrets', { chain: true, env: { LOG_LEVEL: 'debug' }, logStream: sink });
  });
  afterAll(() => stack.stop());

  it('a full run at LOG_LEVEL=debug logs no API key, JWT, secret or signature, and raw rows hold none', async () => {
    const receiver = await new TestReceiver().start();
    try {
      const org = await stack.org();
      const login = await stack.login();
      const reg = await stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', org.apiKey).send({ url: receiver.url });
      await stack.mint(login.address, 100n);
      const h = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${login.token}` };
      const p = await stack.http.post('/api/gateway/v1/payments').set(h).send({ amount: '10' });
      await stack.http.post(`/api/gateway/v1/payments/${p.body.id}/confirm`).set(h).expect(200);
      await receiver.waitFor(1);
      await eventually(
        async () =>
          (await stack.api.deps.prisma.delivery.findFirst({ where: { organizationId: org.organizationId } }))?.status === 'delivered',
      );
      // Failed authentication attempts are logged too: with the wrong credentials.
      await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', `${org.apiKey.slice(0, -1)}A`);
      await stack.http.get('/api/gateway/v1/payments').set('X-API-Key', org.apiKey).set('Authorization', `Bearer ${login.token}x`);
      const signature = String(receiver.requests[0]!.headers['x-service-signature']);
      const all = logs.join('');
      expect(all.length).toBeGreaterThan(1000);
      expect(all).toContain('delivery attempt recorded');
      for (const secret of [
        org.apiKey,
        login.token,
        login.token.split('.')[1]!,
        login.token.split('.')[2]!,
        reg.body.secret,
        signature,
        signature.slice(7),
      ]) {
        expect(all).not.toContain(secret);
      }

      const raw = JSON.stringify(
        await stack.api.deps.prisma.$queryRawUnsafe(
          `SELECT (SELECT json_agg(c) FROM credentials c) AS credentials, (SELECT json_agg(w) FROM webhooks w) AS webhooks, (SELECT json_agg(k) FROM signing_keys k) AS keys`,
        ),
      );
      expect(raw).not.toContain(org.apiKey);
      expect(raw).not.toContain(reg.body.secret);
      expect(raw).not.toContain(reg.body.secret.slice(6));
      expect(raw).not.toContain('BEGIN PRIVATE KEY');
      expect(raw).toContain(`v1.${stack.config.QUEUE_PREFIX}.`); // AES-256-GCM envelopes with their key id (the test stack's key)
    } finally {
      await receiver.stop();
    }
  });
});

describe('failed authentication is rate limited per client address', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('authfail', { worker: false, env: { AUTH_FAILURE_LIMIT: '5' } });
  });
  afterAll(() => stack.stop());

  it('after AUTH_FAILURE_LIMIT failures the address gets 429, even with a valid key', async () => {
    const org = await stack.org();
    const nonce = await stack.nonce();
    for (let i = 0; i < 5; i++) {
      const res = await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', `sk_${String(i).repeat(43)}`);
      expect(res.status).toBe(401);
    }
    const blocked = await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', `sk_${'9'.repeat(43)}`);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const valid = await stack.http.get('/api/gateway/v1/webhooks').set('X-API-Key', org.apiKey);
    expect(valid.status).toBe(429);
    // Login failures count too.
    const login = await stack.http
      .post('/api/gateway/v1/sso/login')
      .send(await signedLogin(newWallet(), { nonce, domain: 'evil.example' }));
    expect(login.status).toBe(429);
  });
});
