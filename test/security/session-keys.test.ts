import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  sign as cryptoSign,
  type KeyObject,
} from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { startApi, type RunningApi } from '@gw/api';
import { jwkThumbprint, loadActiveKey } from '@gw/core/auth';
import { SecretBox, type Config } from '@gw/runtime';
import { repoRoot } from '../support/worker-process.js';
import { eventually, startStack, type Stack } from '../support/stack.js';
import { newWallet, signedLogin } from '../support/wallet.js';

/**
 * Outside review, finding 3: after a restart with a new `JWT_PRIVATE_KEY` the JWKS
 * listed three kids and a token forged with the old key (another wallet, roles `user, agent`,
 * expiry in 10 years) got 200. And two "Lower" items of the same module: the unknown-`kid` cache
 * grew without bound, and every anonymous `GET /sso/nonce` wrote a row kept for a day.
 */

const PAYMENTS = '/api/gateway/v1/payments';
const CLEAR = '/api/v1/supply/customs/clear';
const YEAR = 365 * 24 * 3600;

const newPem = (): string =>
  generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const kidOfPem = (pem: string): string => jwkThumbprint(createPublicKey(createPrivateKey(pem)).export({ format: 'jwk' }));
const kidOf = (token: string): string => jwt.decode(token, { complete: true })!.header.kid!;
const now = () => Math.floor(Date.now() / 1000);

type Http = ReturnType<typeof request>;
const httpOf = (api: RunningApi): Http => request(`http://127.0.0.1:${(api.server.address() as { port: number }).port}`);
const jwksKids = async (http: Http): Promise<string[]> =>
  ((await http.get('/api/.well-known/jwks.json')).body.keys as { kid: string }[]).map((k) => k.kid).sort();
const loginOn = async (http: Http, nonce: string): Promise<string> => {
  const res = await http.post('/api/gateway/v1/sso/login').send(await signedLogin(newWallet(), { nonce }));
  expect(res.status).toBe(200);
  return res.body.token as string;
};

/**
 * Waits (up to 5 s) until two replicas subscribe to `channel`, so that an announcement reaches both;
 * does not fail by itself (the assertions that follow say what is missing).
 */
const bothListening = (api: RunningApi, channel: string) =>
  eventually(async () => (await api.deps.redis.pubsub('NUMSUB', channel))[1] === 2, 5000).catch(() => undefined);

/** A compact ES256 JWT over exactly `header` and `payload` (jsonwebtoken refuses to sign a non-numeric `iat`). */
function signRaw(key: KeyObject, header: object, payload: object): string {
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`;
  return `${input}.${cryptoSign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

/** A session JWT signed with `key`, as whoever holds that private key can make one. */
function forge(key: KeyObject, kid: string, config: Config, claims: Record<string, unknown>, opts: jwt.SignOptions = {}): string {
  return jwt.sign({ roles: ['user'], ...claims }, key, {
    algorithm: 'ES256',
    keyid: kid,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    subject: newWallet().address,
    ...opts,
  });
}

/** `pnpm --silent admin …` against the stack's database, Redis and secrets key. */
function adminOf(stack: () => Stack) {
  return (...args: string[]) => {
    const config = stack().config;
    const r = spawnSync('pnpm', ['--silent', 'admin', ...args], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATABASE_URL: config.DATABASE_URL,
        REDIS_URL: config.REDIS_URL,
        QUEUE_PREFIX: config.QUEUE_PREFIX,
        SECRETS_ENCRYPTION_KEY: config.SECRETS_ENCRYPTION_KEY!,
        JWT_TTL_SECONDS: String(config.JWT_TTL_SECONDS),
        LOG_LEVEL: 'silent',
      },
      encoding: 'utf8',
    });
    return { code: r.status, out: r.stdout ? (JSON.parse(r.stdout) as Record<string, unknown>) : null, err: r.stderr };
  };
}

describe('finding 3: a changed JWT_PRIVATE_KEY retires the old key after one JWT_TTL_SECONDS', () => {
  const pemA = newPem();
  const pemB = newPem();
  let stack: Stack;
  const replicas: RunningApi[] = [];
  beforeAll(async () => {
    stack = await startStack('i24-key-change', { worker: false, env: { JWT_PRIVATE_KEY: pemA } });
  });
  afterAll(async () => {
    for (const r of replicas) await r.stop();
    await stack.stop();
  });
  const replica = async (config: Config) => {
    const api = await startApi(config);
    replicas.push(api);
    return api;
  };

  it('restarting with a new key schedules the old one to retire; after the grace the JWKS drops it and its tokens (forged: other wallet, user+agent, 10 years) are 401', async () => {
    const { apiKey } = await stack.org();
    const call = (http: Http, token: string) => http.get(PAYMENTS).set('X-API-Key', apiKey).set('Authorization', `Bearer ${token}`);
    const ttl = stack.config.JWT_TTL_SECONDS;
    const kidA = kidOfPem(pemA);
    const kidB = kidOfPem(pemB);
    const tokenA = await loginOn(stack.http, await stack.nonce());
    expect(kidOf(tokenA)).toBe(kidA);

    // A rolling deploy with the new key: replica b starts configured with B while replica a still has A.
    const before = Date.now();
    const b = httpOf(await replica({ ...stack.config, JWT_PRIVATE_KEY: pemB }));
    const prisma = stack.api.deps.prisma;
    const rowA = await prisma.signingKey.findUniqueOrThrow({ where: { kid: kidA } });
    expect(rowA.retiredAt).not.toBeNull();
    expect(rowA.retiredAt!.getTime()).toBeGreaterThanOrEqual(before + ttl * 1000);
    expect(rowA.retiredAt!.getTime()).toBeLessThanOrEqual(Date.now() + ttl * 1000 + 60_000);
    expect((await prisma.signingKey.findUniqueOrThrow({ where: { kid: kidB } })).retiredAt).toBeNull();

    // During the grace, tokens signed by A still work everywhere and the JWKS lists both keys.
    expect((await call(b, tokenA)).status).toBe(200);
    expect(await jwksKids(b)).toEqual([kidA, kidB].sort());
    // Replica a, still configured with A, signs new sessions with B (the database names the signing key).
    await eventually(async () => kidOf(await loginOn(stack.http, await stack.nonce())) === kidB, 5000, 'replica a to sign with B');

    // The grace elapses (as time would: the schedule is moved into the past); a replica started now.
    await prisma.signingKey.update({ where: { kid: kidA }, data: { retiredAt: new Date(Date.now() - 1000) } });
    const c = httpOf(await replica({ ...stack.config, JWT_PRIVATE_KEY: pemB }));
    const forged = forge(createPrivateKey(pemA), kidA, stack.config, { roles: ['user', 'agent'] }, { expiresIn: 10 * YEAR });
    const forgedWithinTtl = forge(createPrivateKey(pemA), kidA, stack.config, {}, { expiresIn: ttl });
    for (const token of [tokenA, forged, forgedWithinTtl]) expect((await call(c, token)).status).toBe(401);
    expect(await jwksKids(c)).toEqual([kidB]);
    // A replica restarted with the retired key configured keeps signing with the current one.
    const d = httpOf(await replica({ ...stack.config, JWT_PRIVATE_KEY: pemA }));
    expect(kidOf(await loginOn(d, await stack.nonce()))).toBe(kidB);
    expect(await jwksKids(d)).toEqual([kidB]);
  });
});

describe('finding 3: keys:rotate, keys:list and keys:retire, on every replica', () => {
  let stack: Stack;
  let second: RunningApi;
  let b: Http;
  const admin = adminOf(() => stack);
  beforeAll(async () => {
    stack = await startStack('i24-key-rotate', { worker: false });
    second = await startApi(stack.config);
    b = httpOf(second);
  });
  afterAll(async () => {
    await second?.stop();
    await stack.stop();
  });

  it('rotate makes a new signing key on both replicas; the old one verifies for the grace; retire ends its tokens at once', async () => {
    await bothListening(second, `${stack.config.QUEUE_PREFIX}:signing-keys-changed`);
    const { apiKey } = await stack.org();
    const call = (http: Http, token: string) => http.get(PAYMENTS).set('X-API-Key', apiKey).set('Authorization', `Bearer ${token}`);
    const old = await loginOn(stack.http, await stack.nonce());
    const oldKid = kidOf(old);
    for (const http of [stack.http, b]) expect((await call(http, old)).status).toBe(200); // now cached on both

    const before = Date.now();
    const rotated = admin('keys:rotate');
    expect(rotated.code).toBe(0);
    const newKid = rotated.out!.kid as string;
    expect(newKid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newKid).not.toBe(oldKid);
    expect(rotated.out!.retiring).toEqual([{ kid: oldKid, retiresAt: expect.any(String) }]);
    const retiresAt = Date.parse((rotated.out!.retiring as { retiresAt: string }[])[0]!.retiresAt);
    expect(retiresAt).toBeGreaterThanOrEqual(before + stack.config.JWT_TTL_SECONDS * 1000);

    for (const http of [stack.http, b]) {
      await eventually(
        async () => kidOf(await loginOn(http, await stack.nonce())) === newKid,
        2000,
        'the replica to sign with the new key',
      );
      expect((await call(http, old)).status).toBe(200); // grace
      expect(await jwksKids(http)).toEqual([oldKid, newKid].sort());
    }
    const listed = admin('keys:list');
    expect(listed.code).toBe(0);
    expect(listed.out!.keys).toEqual([
      expect.objectContaining({ kid: newKid, status: 'current', retiredAt: null }),
      expect.objectContaining({ kid: oldKid, status: 'retiring', retiredAt: new Date(retiresAt).toISOString() }),
    ]);

    const current = admin('keys:retire', `--kid=${newKid}`);
    expect({ code: current.code, err: current.err }).toEqual({ code: 2, err: expect.stringMatching(/current signing key/) });
    expect(admin('keys:retire', `--kid=${'A'.repeat(43)}`).code).toBe(2);
    const retired = admin('keys:retire', `--kid=${oldKid}`);
    expect(retired.code).toBe(0);
    expect(retired.out).toMatchObject({ kid: oldKid, announced: true });
    for (const http of [stack.http, b]) {
      await eventually(async () => (await call(http, old)).status === 401, 2000, 'the retired key to stop verifying');
      expect(await jwksKids(http)).toEqual([newKid]);
    }
    expect(admin('keys:list').out!.keys).toEqual([
      expect.objectContaining({ kid: newKid, status: 'current' }),
      expect.objectContaining({ kid: oldKid, status: 'retired' }),
    ]);
  });
});

describe('finding 3: lifetime capped at JWT_TTL_SECONDS, roles from wallet_roles', () => {
  let stack: Stack;
  let second: RunningApi;
  let b: Http;
  let key: { kid: string; privateKey: KeyObject };
  const admin = adminOf(() => stack);
  beforeAll(async () => {
    // A long cache TTL: only the announcement of a role change can reach the replicas in time.
    stack = await startStack('i24-ttl-roles', { worker: false, env: { CREDENTIAL_CACHE_TTL_MS: '300000' } });
    second = await startApi(stack.config);
    b = httpOf(second);
    key = await loadActiveKey(stack.api.deps.prisma, new SecretBox(stack.config.SECRETS_ENCRYPTION_KEY));
  });
  afterAll(async () => {
    await second?.stop();
    await stack.stop();
  });

  it('refuses a token signed by the real key whose exp − iat exceeds JWT_TTL_SECONDS, one without iat and one issued in the future', async () => {
    const { apiKey } = await stack.org();
    const call = (token: string) => stack.http.get(PAYMENTS).set('X-API-Key', apiKey).set('Authorization', `Bearer ${token}`);
    const ttl = stack.config.JWT_TTL_SECONDS;
    const t = now();
    const sign = (claims: Record<string, unknown>, opts: jwt.SignOptions = {}) =>
      forge(key.privateKey, key.kid, stack.config, claims, opts);
    expect((await call(sign({ iat: t, exp: t + ttl }))).status).toBe(200); // the controls
    const raw = { sub: newWallet().address, iss: stack.config.JWT_ISSUER, aud: stack.config.JWT_AUDIENCE, iat: t, exp: t + 60 };
    expect((await call(signRaw(key.privateKey, { alg: 'ES256', typ: 'JWT', kid: key.kid }, raw))).status).toBe(200);
    const refused = {
      tenYears: sign({ iat: t, exp: t + 10 * YEAR }),
      oneSecondTooLong: sign({ iat: t, exp: t + ttl + 1 }),
      noIat: sign({ exp: t + 60 }, { noTimestamp: true }),
      issuedInTheFuture: sign({ iat: t + 10 * YEAR, exp: t + 10 * YEAR + ttl }),
      iatNotANumber: signRaw(
        key.privateKey,
        { alg: 'ES256', typ: 'JWT', kid: key.kid },
        { sub: newWallet().address, iss: stack.config.JWT_ISSUER, aud: stack.config.JWT_AUDIENCE, iat: 'now', exp: t + 60 },
      ),
    };
    for (const [name, token] of Object.entries(refused))
      expect({ name, status: (await call(token)).status }).toEqual({ name, status: 401 });
  });

  it("ignores the token's roles claim: `agent` in the claim of a wallet without that role in wallet_roles is 403", async () => {
    const { apiKey } = await stack.org();
    const token = forge(key.privateKey, key.kid, stack.config, { roles: ['user', 'agent'] }, { expiresIn: 600 });
    const res = await stack.http
      .post(CLEAR)
      .set({ 'X-API-Key': apiKey, Authorization: `Bearer ${token}` })
      .send({ shipmentId: randomUUID(), declaredValue: '1', hsCode: '090111' });
    expect({ status: res.status, type: res.body.type }).toEqual({ status: 403, type: '/problems/role-required' });
  });

  it('role:revoke takes effect on every replica without a new login, and role:grant too', async () => {
    await bothListening(second, `${stack.config.QUEUE_PREFIX}:wallet-roles-changed`);
    const { apiKey } = await stack.org();
    const wallet = newWallet();
    const clear = (http: Http, token: string) =>
      http
        .post(CLEAR)
        .set({ 'X-API-Key': apiKey, Authorization: `Bearer ${token}` })
        .send({ shipmentId: randomUUID(), declaredValue: '1', hsCode: '090111' });
    expect(admin('role:grant', '--address', wallet.address, '--role', 'agent').out).toMatchObject({ roles: ['user', 'agent'] });
    const res = await stack.http.post('/api/gateway/v1/sso/login').send(await signedLogin(wallet, { nonce: await stack.nonce() }));
    const token = res.body.token as string;
    // Past the role check (the shipment is unknown: 404), on both replicas; the roles are now cached.
    for (const http of [stack.http, b]) expect((await clear(http, token)).status).toBe(404);

    const revoked = admin('role:revoke', '--address', wallet.address, '--role', 'agent');
    expect(revoked.code).toBe(0);
    expect(revoked.out).toEqual({ address: wallet.address, roles: ['user'], revoked: true, announced: true });
    for (const http of [stack.http, b]) {
      await eventually(async () => (await clear(http, token)).status === 403, 2000, 'the revocation to reach the replica');
    }
    expect(admin('role:revoke', '--address', wallet.address, '--role', 'agent').out).toMatchObject({ revoked: false });

    expect(admin('role:grant', '--address', wallet.address, '--role', 'agent').code).toBe(0);
    for (const http of [stack.http, b]) {
      await eventually(async () => (await clear(http, token)).status === 404, 2000, 'the grant to reach the replica');
    }
  });
});

describe('Lower: the kid cache and the login nonces', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('i24-kid-nonce', { worker: false, env: { AUTH_FAILURE_LIMIT: '100000' } });
  });
  afterAll(() => stack.stop());

  it('300 random unknown kids do not grow the key cache; kids that are not RFC 7638 thumbprints are refused', async () => {
    const { apiKey } = await stack.org();
    const call = (token: string) => stack.http.get(PAYMENTS).set('X-API-Key', apiKey).set('Authorization', `Bearer ${token}`);
    expect((await call((await stack.login()).token)).status).toBe(200);
    const tokens = stack.api.deps.tokens as unknown as { keyCacheSize: number };
    const size = tokens.keyCacheSize;
    expect(size).toBeGreaterThanOrEqual(1);
    const { privateKey: stranger } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    for (let i = 0; i < 300; i++) {
      const kid = randomBytes(32).toString('base64url');
      expect((await call(forge(stranger, kid, stack.config, {}, { expiresIn: 600 }))).status).toBe(401);
    }
    expect(tokens.keyCacheSize).toBe(size);
    for (const kid of ['nope', 'A'.repeat(42), 'A'.repeat(44), `${'A'.repeat(42)}=`, `${'A'.repeat(42)}+`, `${'A'.repeat(42)}/`]) {
      expect({ kid, status: (await call(forge(stranger, kid, stack.config, {}, { expiresIn: 600 }))).status }).toEqual({
        kid,
        status: 401,
      });
    }
    expect(tokens.keyCacheSize).toBe(size);
  });

  it('anonymous GET /sso/nonce calls write no row; a nonce logs in once, a replay or an altered nonce is refused', async () => {
    const prisma = stack.api.deps.prisma;
    const rows = () => prisma.siweNonce.count();
    const before = await rows();
    const nonces = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const res = await stack.http.get('/api/gateway/v1/sso/nonce');
      expect(res.status).toBe(200);
      expect(res.body.nonce).toMatch(/^[A-Za-z0-9]{8,}$/);
      nonces.add(res.body.nonce as string);
    }
    expect(nonces.size).toBe(50);
    expect(await rows()).toBe(before);

    const [nonce] = [...nonces];
    const login = await signedLogin(newWallet(), { nonce: nonce! });
    expect((await stack.http.post('/api/gateway/v1/sso/login').send(login)).status).toBe(200);
    expect(await rows()).toBe(before + 1); // single use is recorded at login
    const replay = await stack.http.post('/api/gateway/v1/sso/login').send(login);
    expect({ status: replay.status, type: replay.body.type }).toEqual({ status: 401, type: '/problems/invalid-signature' });
    const flip = (s: string, i: number) => `${s.slice(0, i)}${s[i] === 'a' ? 'b' : 'a'}${s.slice(i + 1)}`;
    const other = [...nonces][1]!;
    for (const altered of [flip(other, 0), flip(other, other.length - 1), flip(other, Math.floor(other.length / 2))]) {
      const res = await stack.http.post('/api/gateway/v1/sso/login').send(await signedLogin(newWallet(), { nonce: altered }));
      expect(res.status).toBe(401);
    }
    expect(await rows()).toBe(before + 1);
  });
});
