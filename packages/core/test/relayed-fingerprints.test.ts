import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createPrismaClient, createRawSql, type PrismaClient, type RawSqlPool } from '@gw/db';
import { createTestDatabase, type TestDatabase } from '@gw/db/testing';
import { createChains, createLogger } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { withdraw } from '@gw/core/custody-outflows';
import { depositWithPermit } from '@gw/core/permit-deposits';
import { claim, stake, unstake } from '@gw/core/staking';
// Votes, delegations and bridge transfers are reached only through their module's routes: their service is imported as is.
import { initiateBridge } from '../src/bridge/service.js';
import { delegateBySignature, voteBySignature } from '../src/governance/service.js';

/**
 * The Idempotency-Key fingerprints of the operations relayed on chain, pinned byte for byte: a
 * record stored by an earlier release must still match the same request, or the retry of a
 * client that kept its key would answer 422 instead of the first answer. Each case stores a
 * record whose hash is the SHA-256 of the JSON text written out here, then sends the request with
 * its key: the answer must be that record (a replay answers before any chain call, so no node runs).
 */
describe('fingerprints of relayed operations', () => {
  let db: TestDatabase;
  let sql: RawSqlPool;
  let prisma: PrismaClient;
  let ctx: Parameters<typeof stake>[0];
  const organizationId = randomUUID();
  const wallet = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const other = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
  // Upper-case hex: the fingerprint carries the signature lower-cased.
  const signature = `0x${'AB'.repeat(65)}` as const;
  const lower = signature.toLowerCase();

  beforeAll(async () => {
    db = await createTestDatabase('relayed_fingerprints');
    sql = createRawSql(db.url, 2, { pooler: db.pooler });
    prisma = createPrismaClient(db.url);
    const config = loadConfig({ NODE_ENV: 'test' });
    const chains = createChains({
      CHAIN_RPC_URLS: [
        { chainId: 31337, url: 'http://127.0.0.1:9' },
        { chainId: 31338, url: 'http://127.0.0.1:9' },
      ],
      CHAIN_HOME_ID: 31337,
      CHAIN_LOCAL_IDS: [31337, 31338],
      CHAIN_CONFIRMATIONS: undefined,
    });
    ctx = { prisma, config, chains, logger: createLogger('silent'), queues: undefined as never, secretBox: undefined as never };
    await sql.$executeRaw`INSERT INTO organizations (id, name) VALUES (${organizationId}::uuid, 'fingerprints')`;
    for (const [i, contract] of ['token', 'staking', 'governor'].entries())
      await sql.$executeRaw`
        INSERT INTO chain_deployments (chain_id, contract, address, code_hash, source_hash)
        VALUES (31337, ${contract}, ${`0x${String(i + 1).padStart(40, '0')}`}, '0x', 'test')`;
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await sql.close();
    await db.drop();
  });

  /** Stores a record of a new key whose request hash is the SHA-256 of `json`; returns the key. */
  async function stored(json: string): Promise<string> {
    const key = randomUUID();
    const hash = createHash('sha256').update(json).digest('hex');
    await sql.$executeRaw`
      INSERT INTO idempotency_records (organization_id, key, request_hash, status_code, response_body)
      VALUES (${organizationId}::uuid, ${key}, ${hash}, 202, ${JSON.stringify({ pinned: key })}::jsonb)`;
    return key;
  }
  const replayOf = (key: string) => ({ statusCode: 202, body: { pinned: key }, replayed: true });

  it('governance.vote', async () => {
    const key = await stored(`["governance.vote","${wallet}",{"proposalId":"42","choice":"for","signature":"${lower}"}]`);
    const input = {
      organizationId,
      address: wallet.toLowerCase(),
      proposalId: '42',
      choice: 'for' as const,
      signature,
      idempotencyKey: key,
    };
    expect(await voteBySignature(ctx, input)).toEqual(replayOf(key));
  });

  it('governance.delegate', async () => {
    const key = await stored(
      `["governance.delegate","${wallet}",{"delegatee":"${other}","nonce":"3","expiry":1900000000,"signature":"${lower}"}]`,
    );
    const input = { organizationId, address: wallet, delegatee: other.toLowerCase(), nonce: 3n, expiry: 1_900_000_000, signature };
    expect(await delegateBySignature(ctx, { ...input, idempotencyKey: key })).toEqual(replayOf(key));
  });

  it('wallet.permit-deposit', async () => {
    const key = await stored(`["wallet.permit-deposit","${wallet}",{"amount":"5000","deadline":1900000000,"signature":"${lower}"}]`);
    const input = { organizationId, address: wallet, amount: 5000n, deadline: 1_900_000_000, signature, idempotencyKey: key };
    expect(await depositWithPermit(ctx, input)).toEqual(replayOf(key));
  });

  it('staking.stake, from custody and by permit', async () => {
    const custody = await stored(`["staking.stake","${wallet}",{"source":"custody","amount":"7"}]`);
    expect(await stake(ctx, { organizationId, address: wallet, amount: 7n, source: 'custody', idempotencyKey: custody })).toEqual(
      replayOf(custody),
    );
    const permit = await stored(
      `["staking.stake","${wallet}",{"source":"permit","amount":"7","deadline":1900000000,"signature":"${lower}"}]`,
    );
    const input = { organizationId, address: wallet, amount: 7n, source: 'permit' as const, deadline: 1_900_000_000, signature };
    expect(await stake(ctx, { ...input, idempotencyKey: permit })).toEqual(replayOf(permit));
  });

  it('staking.unstake and staking.claim', async () => {
    const signed = { organizationId, address: wallet, deadline: 1_900_000_000, signature };
    const u = await stored(`["staking.unstake","${wallet}",{"amount":"9","deadline":1900000000,"signature":"${lower}"}]`);
    expect(await unstake(ctx, { ...signed, amount: 9n, idempotencyKey: u })).toEqual(replayOf(u));
    const c = await stored(`["staking.claim","${wallet}",{"amount":"0","deadline":1900000000,"signature":"${lower}"}]`);
    expect(await claim(ctx, { ...signed, idempotencyKey: c })).toEqual(replayOf(c));
  });

  it('wallet.withdraw', async () => {
    const key = await stored(`["wallet.withdraw","${wallet}",{"amount":"11","token":"GTK"}]`);
    expect(await withdraw(ctx, { organizationId, address: wallet, amount: 11n, idempotencyKey: key })).toEqual(replayOf(key));
  });

  it('bridge.initiate, from custody and by permit', async () => {
    const common = `"fromChainId":"eip155:31337","toChainId":"eip155:31338","toAddress":"${other}","amount":"13","token":"GTK"`;
    const input = { organizationId, address: wallet, toChainId: 'eip155:31338', toAddress: other.toLowerCase(), amount: 13n };
    const custody = await stored(`["bridge.initiate","${wallet}",{${common},"funding":"custody","deadline":null,"signature":null}]`);
    expect(await initiateBridge(ctx, { ...input, funding: 'custody', idempotencyKey: custody })).toEqual(replayOf(custody));
    const permit = await stored(
      `["bridge.initiate","${wallet}",{${common},"funding":"permit","deadline":1900000000,"signature":"${lower}"}]`,
    );
    expect(await initiateBridge(ctx, { ...input, funding: 'permit', deadline: 1_900_000_000, signature, idempotencyKey: permit })).toEqual(
      replayOf(permit),
    );
  });

  it('another body under a pinned key is refused (the check above can fail)', async () => {
    const key = await stored(`["wallet.withdraw","${wallet}",{"amount":"11","token":"GTK"}]`);
    await expect(withdraw(ctx, { organizationId, address: wallet, amount: 12n, idempotencyKey: key })).rejects.toMatchObject({
      code: 'idempotency-key-reused',
    });
  });
});
