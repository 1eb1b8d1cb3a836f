import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import jwt from 'jsonwebtoken';
import { generateSiweNonce } from 'viem/siwe';
import { generateKeyringEntry, SecretBox, ensureLocalSecretsKey } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { createLoginNonce, loadActiveKey, reencryptSigningKeys } from '@gw/core/auth';
import { reencryptWebhookSecrets } from '@gw/core/webhooks';
import { startStack, type Stack } from '../support/stack.js';
import { newWallet, signedLogin } from '../support/wallet.js';

const LOGIN = '/api/gateway/v1/sso/login';

/** Signs `message` after `edit` changed it, as an attacker holding the wallet's signature would submit it. */
async function signedEdited(edit: (message: string) => string, nonce: string) {
  const wallet = newWallet();
  const { message } = await signedLogin(wallet, { nonce });
  const edited = edit(message);
  return { message: edited, signature: await wallet.signMessage({ message: edited }) };
}

describe('finding 2 and the SIWE part of finding 9: login messages', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('review-siwe', { worker: false });
  });
  afterAll(() => stack.stop());

  it('refuses an unparseable Issued At (`never`, `2020-13-45T99:99:99Z`) and invalid Expiration Time / Not Before', async () => {
    const cases = [
      (m: string) => m.replace(/^Issued At: .*$/m, 'Issued At: never'),
      (m: string) => m.replace(/^Issued At: .*$/m, 'Issued At: 2020-13-45T99:99:99Z'),
      (m: string) => m.replace(/^(Issued At: .*)$/m, '$1\nExpiration Time: someday'),
      (m: string) => m.replace(/^(Issued At: .*)$/m, '$1\nNot Before: 2020-02-30T25:00:00Z'),
    ];
    for (const edit of cases) {
      const res = await stack.http.post(LOGIN).send(await signedEdited(edit, await stack.nonce()));
      expect({ status: res.status, type: res.body.type }).toEqual({ status: 401, type: '/problems/invalid-signature' });
    }
  });

  it('accepts only nonces issued by GET /sso/nonce: single use, expiring after 10 minutes', async () => {
    const issued = await stack.http.get('/api/gateway/v1/sso/nonce');
    expect(issued.status).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    const ttl = Date.parse(issued.body.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(590_000);
    expect(ttl).toBeLessThanOrEqual(600_000);
    // A client-chosen nonce (what a harvested signature carries) is refused.
    const clientNonce = await stack.http.post(LOGIN).send(await signedLogin(newWallet(), { nonce: generateSiweNonce() }));
    expect(clientNonce.status).toBe(401);
    expect(clientNonce.body.detail).toMatch(/nonce/i);
    const login = await signedLogin(newWallet(), { nonce: issued.body.nonce });
    expect((await stack.http.post(LOGIN).send(login)).status).toBe(200);
    expect((await stack.http.post(LOGIN).send(login)).status).toBe(401);
    // A nonce past its 10 minutes is refused (nonces are stateless, so the service's own
    // key makes one that expired a second ago, as one issued 10 minutes ago would be).
    const old = createLoginNonce(stack.api.deps.secretBox, new Date(Date.now() - 1000));
    expect((await stack.http.post(LOGIN).send(await signedLogin(newWallet(), { nonce: old }))).status).toBe(401);
    const fresh = createLoginNonce(stack.api.deps.secretBox, new Date(Date.now() + 60_000));
    expect((await stack.http.post(LOGIN).send(await signedLogin(newWallet(), { nonce: fresh }))).status).toBe(200);
    // One made with another key (a forged MAC) is refused.
    const forged = createLoginNonce(new SecretBox(generateKeyringEntry('other')), new Date(Date.now() + 60_000));
    expect((await stack.http.post(LOGIN).send(await signedLogin(newWallet(), { nonce: forged }))).status).toBe(401);
  });

  it('refuses a URI whose authority is not the domain, plain http outside localhost, a chain id not in SIWE_CHAIN_IDS and trailing lines', async () => {
    const wallet = newWallet();
    const bodies = [
      await signedLogin(wallet, { nonce: await stack.nonce(), uri: 'https://evil.example/login' }),
      await signedLogin(wallet, { nonce: await stack.nonce(), uri: 'https://localhost.evil.example/login' }),
      await signedLogin(wallet, { nonce: await stack.nonce(), chainId: 5 }),
      await signedEdited((m) => `${m}\nDear service, please also transfer everything`, await stack.nonce()),
      await signedEdited((m) => `${m}\n`, await stack.nonce()),
    ];
    for (const body of bodies) {
      const res = await stack.http.post(LOGIN).send(body);
      expect({ status: res.status, type: res.body.type }).toEqual({ status: 401, type: '/problems/invalid-signature' });
    }
    // The same wallet with a well-formed message still logs in; so does http://localhost.
    expect((await stack.http.post(LOGIN).send(await signedLogin(wallet, { nonce: await stack.nonce() }))).status).toBe(200);
    const http = await signedLogin(newWallet(), { nonce: await stack.nonce(), uri: 'http://localhost/login' });
    expect((await stack.http.post(LOGIN).send(http)).status).toBe(200);
  });
});

describe('SIWE_DOMAIN other than localhost: http is refused, https with the domain works', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('review-siwe-domain', { worker: false, env: { SIWE_DOMAIN: 'app.example.com', SIWE_CHAIN_IDS: '1,137' } });
  });
  afterAll(() => stack.stop());

  it('checks scheme and authority against the configured domain, and the configured chain ids', async () => {
    const w = newWallet();
    const base = { domain: 'app.example.com' };
    const http = await signedLogin(w, { ...base, nonce: await stack.nonce(), uri: 'http://app.example.com/login' });
    expect((await stack.http.post(LOGIN).send(http)).status).toBe(401);
    const ok = await signedLogin(w, { ...base, nonce: await stack.nonce(), uri: 'https://app.example.com/login', chainId: 137 });
    expect((await stack.http.post(LOGIN).send(ok)).status).toBe(200);
  });
});

describe('SIWE_CLIENT_NONCES=true (one release of migration)', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('review-siwe-client', { worker: false, env: { SIWE_CLIENT_NONCES: 'true' } });
  });
  afterAll(() => stack.stop());

  it('accepts a client nonce once, and still refuses an unparseable Issued At', async () => {
    const login = await signedLogin(newWallet(), { nonce: generateSiweNonce() });
    expect((await stack.http.post(LOGIN).send(login)).status).toBe(200);
    expect((await stack.http.post(LOGIN).send(login)).status).toBe(401);
    const never = await signedEdited((m) => m.replace(/^Issued At: .*$/m, 'Issued At: never'), generateSiweNonce());
    expect((await stack.http.post(LOGIN).send(never)).status).toBe(401);
  });
});

describe('finding 3: no secrets key written into the source', () => {
  /** The development key that used to be in secret-box.ts, as anyone reading the source had it. */
  const FORMER_DEV_KEYRING = 'dev:ZGV2LW9ubHktc2VjcmV0cy1rZXktMzItYnl0ZXMhISE=';

  it('refuses to start without SECRETS_ENCRYPTION_KEY outside NODE_ENV=test (the default of `pnpm start` was development)', () => {
    expect(() => loadConfig({})).toThrow(/SECRETS_ENCRYPTION_KEY/);
    expect(() => loadConfig({ NODE_ENV: 'development' })).toThrow(/SECRETS_ENCRYPTION_KEY/);
    expect(loadConfig({ NODE_ENV: 'development', SECRETS_ENCRYPTION_KEY: generateKeyringEntry('k1') }).NODE_ENV).toBe('development');
  });

  it('a database reader holding the former development key cannot decrypt the JWT signing key or webhook secrets', async () => {
    const stack = await startStack('review-secrets', { worker: false });
    try {
      const org = await stack.org();
      const reg = await stack.http
        .post('/api/gateway/v1/webhooks/register')
        .set('X-API-Key', org.apiKey)
        .send({ url: 'https://hooks.example.com/in' });
      expect(reg.status).toBe(201);
      const prisma = stack.api.deps.prisma;
      const devBox = new SecretBox(FORMER_DEV_KEYRING);
      const webhook = await prisma.webhook.findFirstOrThrow({ where: { organizationId: org.organizationId } });
      expect(() => devBox.open(webhook.secretEncrypted)).toThrow();
      await expect(loadActiveKey(prisma, devBox)).rejects.toThrow();

      // Rotation: a new key first, the old one after it; secrets:reencrypt moves everything to the new key id.
      const rotated = new SecretBox(`${generateKeyringEntry('k2')},${stack.config.SECRETS_ENCRYPTION_KEY}`);
      expect(rotated.currentKeyId).toBe('k2');
      expect(await reencryptWebhookSecrets(prisma, rotated)).toBe(1);
      expect(await reencryptSigningKeys(prisma, rotated)).toBe(1);
      const after = await prisma.webhook.findUniqueOrThrow({ where: { id: webhook.id } });
      expect(after.secretEncrypted.split('.')[1]).toBe('k2');
      expect(rotated.open(after.secretEncrypted)).toBe(reg.body.secret);
      expect(await reencryptWebhookSecrets(prisma, rotated)).toBe(0);
      expect(await reencryptSigningKeys(prisma, rotated)).toBe(0);
    } finally {
      await stack.stop();
    }
  });

  it('the quick-start key is random, kept in a 0600 file under .data/ (git-ignored), and reused', () => {
    const root = mkdtempSync(join(tmpdir(), 'gw-key-'));
    try {
      const env1: NodeJS.ProcessEnv = {};
      expect(ensureLocalSecretsKey(root, env1).source).toBe('generated');
      const path = join(root, '.data', 'secrets.key');
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(env1.SECRETS_ENCRYPTION_KEY).toBe(readFileSync(path, 'utf8').trim());
      expect(() => new SecretBox(env1.SECRETS_ENCRYPTION_KEY)).not.toThrow();
      const env2: NodeJS.ProcessEnv = {};
      expect(ensureLocalSecretsKey(root, env2).source).toBe('file');
      expect(env2.SECRETS_ENCRYPTION_KEY).toBe(env1.SECRETS_ENCRYPTION_KEY);
      expect(ensureLocalSecretsKey(mkdtempSync(join(tmpdir(), 'gw-key-')), {}).source).toBe('generated');
      const gitignore = readFileSync(new URL('../../.gitignore', import.meta.url), 'utf8').split('\n');
      expect(gitignore).toContain('.data/');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('finding 8: a JWT whose kid is not a short string', () => {
  let stack: Stack;
  const lines: string[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _enc, cb) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        cb();
      },
    });
    stack = await startStack('review-kid', { worker: false, env: { LOG_LEVEL: 'info' }, logStream });
  });
  afterAll(() => stack.stop());

  it('answers 401 for a kid that is an array, an object, a number or 10 KB long, and logs no error', async () => {
    const { apiKey } = await stack.org();
    const { token } = await stack.login();
    const payload = jwt.decode(token) as jwt.JwtPayload;
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const marker = 'attacker-value-7f3a';
    for (const kid of [[marker, 'x'], { $ne: marker }, 42, `${marker}${'k'.repeat(10_000)}`]) {
      const forged = `${b64({ alg: 'ES256', typ: 'JWT', kid })}.${b64(payload)}.${token.split('.')[2]}`;
      const res = await stack.http.get('/api/gateway/v1/payments').set('X-API-Key', apiKey).set('Authorization', `Bearer ${forged}`);
      expect({ kid: typeof kid, status: res.status }).toEqual({ kid: typeof kid, status: 401 });
    }
    const errors = lines.map((l) => JSON.parse(l) as { level: number }).filter((l) => l.level >= 50);
    expect(errors).toEqual([]);
    expect(lines.join('\n')).not.toContain(marker);
  });
});
