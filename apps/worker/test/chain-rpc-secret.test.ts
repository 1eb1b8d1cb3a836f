/**
 * A provider's RPC URL carries its key (`https://eth.example/v2/<key>`): when the node refuses, the
 * key must reach neither the worker's logs nor what BullMQ keeps of a failed job in Redis (its
 * `failedReason`, its stack trace, the queue's event stream), which Bull Board shows. The node here
 * is a real anvil behind a local proxy whose path and query hold the secret, refusing chosen
 * JSON-RPC methods with HTTP 500.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { encodeFunctionData, erc20Abi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { withTransaction, type RawSql } from '@gw/db';
import { runAfterCommit } from '@gw/runtime';
import {
  chainTransactionQueue,
  contractAddress,
  type ChainTransactionKind,
  dispatchAfterCommit,
  faucet,
  recordChainTransaction,
  relayerAccount,
} from '@gw/core/chain';
import { eventually, startStack, type Stack } from '../../../test/support/stack.js';

const testSecretTransfer: ChainTransactionKind = {
  kind: 'test-secret-transfer',
  confirmed: async (_tx: RawSql) => undefined,
  failed: async () => undefined,
};

const ONE = 10n ** 18n;
const PATH_SECRET = `pathkey${randomBytes(8).toString('hex')}`;
const QUERY_SECRET = `querykey${randomBytes(8).toString('hex')}`;

/**
 * Forwards JSON-RPC to `target`, but answers HTTP 500 to any request calling a method in `refuse`,
 * and a JSON-RPC error object (code -32000) to a call of a method in `rpcError`.
 */
async function refusingNode(target: string): Promise<{ url: string; refuse: Set<string>; rpcError: Set<string>; server: Server }> {
  const refuse = new Set<string>();
  const rpcError = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const parsed = JSON.parse(body) as { id: unknown; method: string } | { id: unknown; method: string }[];
      const calls = [parsed].flat();
      if (calls.some((c) => refuse.has(c.method))) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('upstream failure');
        return;
      }
      if (calls.some((c) => rpcError.has(c.method))) {
        const answers = calls.map((c) => ({ jsonrpc: '2.0', id: c.id, error: { code: -32000, message: 'upstream refused' } }));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]));
        return;
      }
      fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
        async (r) => res.writeHead(r.status, { 'content-type': 'application/json' }).end(await r.text()),
        () => res.writeHead(502).end(),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/v2/${PATH_SECRET}?apikey=${QUERY_SECRET}`, refuse, rpcError, server };
}

describe('the RPC URL of a refusing node stays out of logs and failed jobs', () => {
  let stack: Stack;
  let node: Awaited<ReturnType<typeof refusingNode>>;
  let logs = '';
  const deps = () => stack.api.deps;

  beforeAll(async () => {
    stack = await startStack('chain-rpc-secret', {
      chain: true,
      worker: false,
      chainTransactionKinds: [testSecretTransfer],
      env: { LOG_LEVEL: 'info' },
      logStream: new Writable({
        write(chunk: Buffer, _enc, done) {
          logs += chunk.toString('utf8');
          done();
        },
      }),
    });
    await faucet(deps(), (await relayerAccount(deps())).address, 100n * ONE);
    node = await refusingNode(stack.chains!.anvils[0]!.rpcUrl);
    await stack.startWorker({
      CHAIN_RPC_URLS: `31337=${node.url},31338=${stack.chains!.anvils[1]!.rpcUrl}`,
      CHAIN_TX_POLL_MS: '100',
    });
  }, 60_000);
  afterAll(async () => {
    await stack.stop();
    await new Promise((r) => node.server.close(r));
  });

  /** Every string value under the stack's Redis prefix (job hashes, lists, sorted sets, event streams). */
  async function redisText(): Promise<string> {
    const redis = deps().redis;
    const out: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${stack.config.QUEUE_PREFIX}:*`, 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        if (type === 'hash') out.push(JSON.stringify(await redis.hgetall(key)));
        else if (type === 'string') out.push((await redis.get(key)) ?? '');
        else if (type === 'list') out.push(JSON.stringify(await redis.lrange(key, 0, -1)));
        else if (type === 'zset') out.push(JSON.stringify(await redis.zrange(key, 0, -1)));
        else if (type === 'set') out.push(JSON.stringify(await redis.smembers(key)));
        else if (type === 'stream') out.push(JSON.stringify(await redis.xrange(key, '-', '+')));
      }
    } while (cursor !== '0');
    return out.join('\n');
  }

  /** Records and enqueues a token transfer by the relayer; resolves with its job once that failed `n` times. */
  async function failingJob(n = 1) {
    const token = await contractAddress(deps(), 31337, 'token');
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const row = await withTransaction(deps().prisma, (tx) =>
      recordChainTransaction(deps(), tx, {
        kind: 'test-secret-transfer',
        reference: `secret-${randomBytes(4).toString('hex')}`,
        chainId: 31337,
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, ONE] }),
      }),
    );
    await runAfterCommit(deps(), [dispatchAfterCommit(row)]);
    const queue = deps().queues.get(chainTransactionQueue(row.chainId, row.signer));
    return eventually(
      async () => {
        const job = await queue.getJob(row.id);
        return job && job.attemptsMade >= n && job.failedReason ? job : undefined;
      },
      30_000,
      `job ${row.id} failed ${n} time(s)`,
    );
  }

  const secrets = [PATH_SECRET, QUERY_SECRET];

  it('gas estimation refused by the node: the job fails as chain-unavailable, without the URL', async () => {
    node.refuse.clear();
    node.refuse.add('eth_estimateGas');
    const job = await failingJob();
    expect(job.failedReason).toMatch(/eip155:31337/);
    for (const s of secrets) {
      expect(job.failedReason).not.toContain(s);
      expect(JSON.stringify(job.stacktrace)).not.toContain(s);
    }
  });

  it('the broadcast refused by the node: the job fails as chain-unavailable, without the URL', async () => {
    node.refuse.clear();
    node.refuse.add('eth_sendRawTransaction');
    const job = await failingJob();
    expect(job.failedReason).toMatch(/eip155:31337/);
    for (const s of secrets) {
      expect(job.failedReason).not.toContain(s);
      expect(JSON.stringify(job.stacktrace)).not.toContain(s);
    }
  });

  it('a JSON-RPC error (not a transport failure, so not turned into chain-unavailable) is recorded without the URL', async () => {
    // viem puts the URL in the message of every RPC error; one that reaches BullMQ as it is (here
    // the head read answered with an error object) is scrubbed by the worker before BullMQ records it.
    node.refuse.clear();
    node.rpcError.add('eth_blockNumber');
    const job = await failingJob();
    expect(job.failedReason).toMatch(/http:\/\/127\.0\.0\.1:\d+/);
    for (const s of secrets) {
      expect(job.failedReason).not.toContain(s);
      expect(JSON.stringify(job.stacktrace)).not.toContain(s);
    }
    node.rpcError.clear();
  });

  it('nothing in Redis under the stack prefix, nor in the logs, holds a part of the secret', async () => {
    expect(logs).toMatch(/job failed/);
    const stored = await redisText();
    expect(stored).toMatch(/failedReason/);
    for (const s of secrets) {
      expect(stored).not.toContain(s);
      expect(logs).not.toContain(s);
    }
  });
});
