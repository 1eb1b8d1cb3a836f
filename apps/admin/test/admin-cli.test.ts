import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createPrismaClient, type PrismaClient } from '@gw/db';
import { createTestDatabase } from '@gw/db/testing';
import { authenticateCredential, issueCredential } from '@gw/core/auth';
import { getBalance } from '@gw/core/ledger';
import { sha256Hex } from '@gw/runtime';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('operator CLI (pnpm --silent admin)', () => {
  let db: { url: string; drop(): Promise<void> };
  let prisma: PrismaClient;
  const admin = (...args: string[]) => {
    const r = spawnSync('pnpm', ['--silent', 'admin', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  beforeAll(async () => {
    db = await createTestDatabase('cli');
    prisma = createPrismaClient(db.url, { poolMax: 2 });
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await db.drop();
  });

  it('org:create prints one JSON object; the key works and is stored only as a hash', async () => {
    const r = admin('org:create', '--name', 'Acme', '--scopes', 'payments:read,payments:write');
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const out = JSON.parse(lines[0]!);
    expect(Object.keys(out).sort()).toEqual(['apiKey', 'native', 'organizationId']);
    expect(out.native).toBe(false);
    const principal = await authenticateCredential(prisma, out.apiKey);
    expect(principal).toMatchObject({ organizationId: out.organizationId, kind: 'api_key', scopes: ['payments:read', 'payments:write'] });
    const rows = await prisma.credential.findMany();
    expect(JSON.stringify(rows)).not.toContain(out.apiKey);
    expect(rows[0]!.hash).toBe(sha256Hex(out.apiKey));
  });

  it('org:create --native and org:set-native mark organizations whose keys accept native sessions', async () => {
    const created = JSON.parse(admin('org:create', '--name', 'Wallet app', '--native').stdout);
    expect(created.native).toBe(true);
    expect((await authenticateCredential(prisma, created.apiKey))?.organizationNative).toBe(true);
    const other = JSON.parse(admin('org:create', '--name', 'Partner').stdout);
    expect((await authenticateCredential(prisma, other.apiKey))?.organizationNative).toBe(false);
    expect(JSON.parse(admin('org:set-native', '--org', other.organizationId, '--value', 'true').stdout)).toEqual({
      organizationId: other.organizationId,
      native: true,
    });
    expect((await authenticateCredential(prisma, other.apiKey))?.organizationNative).toBe(true);
    expect(JSON.parse(admin('org:set-native', '--org', other.organizationId, '--value', 'false').stdout).native).toBe(false);
    expect(admin('org:set-native', '--org', other.organizationId, '--value', 'maybe').code).toBe(2);
    expect(admin('org:set-native', '--org', '00000000-0000-0000-0000-000000000000', '--value', 'true').code).toBe(2);
  });

  it('apikey:create, connector:create (retired), token:mint and role:grant', async () => {
    const org = JSON.parse(admin('org:create', '--name', 'Beta').stdout);
    const key = JSON.parse(admin('apikey:create', '--org', org.organizationId, '--scopes', 'all').stdout);
    expect(key.apiKey).toMatch(/^sk_/);
    const connector = admin('connector:create', '--org', org.organizationId, '--scopes', 'payments:read');
    expect(connector.code).toBe(2);
    expect(connector.stdout).toBe('');
    expect(JSON.parse(connector.stderr.trim()).error).toMatch(/retired.*OAuth/);
    // A ct_ token issued before authenticates as nothing.
    const legacy = await issueCredential(prisma, { organizationId: org.organizationId, kind: 'connector', scopes: ['payments:read'] });
    expect(await authenticateCredential(prisma, legacy.secret)).toBeNull();

    const address = '0x52908400098527886e0f7030069857d2e4169ee7';
    // No money from nothing: without a chain token:mint refuses (exit 1), says how to get one and
    // credits nothing (on a local chain it is the faucet and a deposit: apps/api/test/custody.test.ts).
    const refused = admin('token:mint', '--address', address, '--amount', '1000');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(JSON.parse(refused.stderr.trim()).error).toMatch(
      /no chain is configured: start the service with `pnpm start`.* or set CHAIN_RPC_URLS/,
    );
    expect(await getBalance(prisma, { type: 'wallet', id: '0x52908400098527886E0F7030069857D2E4169EE7' }, 'GTK')).toBe(0n);
    expect(JSON.parse(admin('role:grant', '--address', address, '--role', 'agent').stdout).roles).toEqual(['user', 'agent']);
  }, 180_000); // six CLI processes in a row: each starts Node and tsx (several seconds of CPU on a busy machine)

  it('connector:client, connector:ceiling, connector:grants and connector:revoke', async () => {
    const org = JSON.parse(admin('org:create', '--name', 'Gamma').stdout);
    const client = JSON.parse(
      admin('connector:client', '--name', 'Desk agent', '--redirect-uri', 'http://127.0.0.1:33418/callback,https://agent.example/cb')
        .stdout,
    );
    expect(client).toMatchObject({
      clientName: 'Desk agent',
      redirectUris: ['http://127.0.0.1:33418/callback', 'https://agent.example/cb'],
    });
    const stored = await prisma.$queryRaw<{ payload: { client_id: string; token_endpoint_auth_method: string } }[]>`
      SELECT payload FROM oauth_records WHERE model = 'Client' AND id_hash = ${sha256Hex(client.clientId)}`;
    expect(stored[0]!.payload).toMatchObject({ client_id: client.clientId, token_endpoint_auth_method: 'none' });
    // A plain-http redirect off loopback is refused (OAuth 2.1).
    expect(admin('connector:client', '--name', 'x', '--redirect-uri', 'http://agent.example/cb').code).toBe(2);

    const ceiling = JSON.parse(
      admin(
        'connector:ceiling',
        '--org',
        org.organizationId,
        '--scopes',
        'payments:read,payments:write',
        '--clients',
        client.clientId,
        '--max-per-day',
        '500',
      ).stdout,
    );
    expect(ceiling.ceiling).toMatchObject({
      scopes: ['payments:read', 'payments:write'],
      anyClient: false,
      clientIds: [client.clientId],
      maxPerDay: '500',
      maxTotal: null,
    });
    // A scope a connector is never granted is refused.
    expect(admin('connector:ceiling', '--org', org.organizationId, '--scopes', 'webhooks:write').code).toBe(2);
    expect(JSON.parse(admin('connector:grants', '--org', org.organizationId).stdout)).toEqual({ grants: [] });
    expect(admin('connector:revoke', '--org', org.organizationId, '--grant', '00000000-0000-7000-8000-000000000000').code).toBe(1);
    expect(JSON.parse(admin('connector:ceiling', '--org', org.organizationId, '--disable').stdout)).toMatchObject({
      ceiling: null,
      disabled: true,
    });
  }, 180_000);

  it('usage errors exit 2 with a JSON error on stderr and nothing on stdout', () => {
    for (const args of [
      ['nope'],
      ['apikey:create', '--org', '00000000-0000-0000-0000-000000000000', '--scopes', 'all'],
      ['org:create', '--name', 'x', '--scopes', 'root:all'],
      ['role:grant', '--address', '0x52908400098527886e0f7030069857d2e4169ee7', '--role', 'admin'],
      ['bridge:retry'],
    ]) {
      const r = admin(...args);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(JSON.parse(r.stderr.trim()).error).toEqual(expect.any(String));
    }
  });

  it('bridge:retry of an unknown transfer exits 1 with the problem on stderr (the retry itself: apps/api/test/bridge.test.ts)', () => {
    const r = admin('bridge:retry', '--transfer', '01a2227e-8056-753c-8439-8c9d4af8d616');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr.trim())).toMatchObject({ error: 'No such bridge transfer' });
  });
});
