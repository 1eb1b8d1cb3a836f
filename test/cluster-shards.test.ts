import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { deliveryQueue, deliveryShard } from '@gw/core/webhooks';
import { startStack, type Stack } from './support/stack.js';
import { RedisCluster, redisCommand } from './support/redis-cluster.js';
import { CountingReceiver, settle, tally } from './faults/harness.js';
import { basic, OPS_PASSWORD, OPS_USER, startOpsFor, type OpsUnderTest } from '../apps/ops/test/ops-stack.js';
import { parsePrometheus, total } from '../apps/ops/test/prometheus-text.js';

const SHARDS = 3;
const WEBHOOKS = 24;
const EVENTS_PER_WEBHOOK = 4;

/** Calls per command on one node (`INFO commandstats`), by command name (`evalsha`, `bzpopmin`, …). */
async function commandCalls(port: number): Promise<Map<string, number>> {
  const info = String(await redisCommand(port, 'INFO', 'commandstats'));
  const calls = new Map<string, number>();
  for (const m of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) calls.set(m[1]!, Number(m[2]));
  return calls;
}

const sum = (calls: Map<string, number>, only?: (name: string) => boolean): number =>
  [...calls].filter(([name]) => !only || only(name)).reduce((n, [, c]) => n + c, 0);

/** The keys of `pattern` on one node (SCAN, every key on the node). */
async function keysOn(port: number, pattern: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = (await redisCommand(port, 'SCAN', cursor, 'MATCH', pattern, 'COUNT', 1000)) as [string, string[]];
    keys.push(...found);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

/**
 * The delivery queue sharded over 3 hash tags on a real 3-master Redis Cluster
 * (DELIVERY_QUEUE_SHARDS=3). The deliveries of 24 webhooks (4 test events each, through the API)
 * spread over the shards by webhook; each shard's keys are in its own slot, and the three shard
 * slots are on three different masters (`{deliveries:0}` → 12993, `{deliveries:1}` → 8928,
 * `{deliveries:2}` → 4739, with `redis-cli --cluster create`'s even split of the slots), so every
 * master holds delivery jobs and runs their commands; the worker consumes every shard and every
 * delivery is delivered. The figures per master are printed (`SHARD SPREAD`).
 */
describe('Redis Cluster: the delivery queue spread over the masters', () => {
  let cluster: RedisCluster;
  let stack: Stack;
  let receiver: CountingReceiver;
  let ops: OpsUnderTest | undefined;

  beforeAll(async () => {
    cluster = await RedisCluster.start({ masters: 3 });
    receiver = await new CountingReceiver().start();
    stack = await startStack('cluster-shards', {
      worker: false,
      env: {
        REDIS_CLUSTER_NODES: cluster.nodes,
        DELIVERY_QUEUE_SHARDS: String(SHARDS),
        WEBHOOK_TIMEOUT_MS: '5000',
        WEBHOOKS_MAX_PER_ORG: String(WEBHOOKS),
      },
    });
  }, 60_000);
  afterAll(async () => {
    await ops?.ops.stop().catch(() => undefined);
    await stack?.stop().catch(() => undefined);
    await receiver?.stop();
    await cluster?.stop();
  });

  it('queue keys and commands land on every master, one webhook stays in one shard, and every delivery is delivered', async () => {
    const prefix = stack.config.QUEUE_PREFIX; // `{t…}`: the home tag of every other key
    const untagged = prefix.replace(/[{}]/g, '');
    const org = await stack.org();
    const webhookIds: string[] = [];
    for (let i = 0; i < WEBHOOKS; i++) {
      const res = await stack.http
        .post('/api/gateway/v1/webhooks/register')
        .set('X-API-Key', org.apiKey)
        .send({ url: `${receiver.url}/hook/${i}` })
        .expect(201);
      webhookIds.push(res.body.id as string);
    }
    const before = new Map(await Promise.all(cluster.ports.map(async (p) => [p, await commandCalls(p)] as const)));

    // Deliveries through the real API (outbox write, then enqueue after the commit); no worker yet.
    for (const id of webhookIds) {
      for (let k = 0; k < EVENTS_PER_WEBHOOK; k++) {
        await stack.http.post(`/api/gateway/v1/webhooks/${id}/test`).set('X-API-Key', org.apiKey).send({}).expect(202);
      }
    }
    const rows = await stack.api.deps.prisma.delivery.findMany({
      where: { organizationId: org.organizationId },
      select: { id: true, webhookId: true },
    });
    expect(rows).toHaveLength(WEBHOOKS * EVENTS_PER_WEBHOOK);

    // Each delivery's job is in its webhook's shard, and in no other.
    const queues = stack.api.deps.queues;
    expect(queues.shards(deliveryQueue)).toBe(SHARDS);
    const perShard = Array.from({ length: SHARDS }, () => 0);
    for (const r of rows) {
      const shard = deliveryShard(r.webhookId, SHARDS);
      perShard[shard]! += 1;
      for (let i = 0; i < SHARDS; i++) {
        const job = await queues.get(deliveryQueue, i).getJob(r.id);
        if (i === shard) expect(job?.data).toEqual({ deliveryId: r.id, webhookId: r.webhookId, organizationId: org.organizationId });
        else expect(job).toBeUndefined();
      }
    }
    for (let i = 0; i < SHARDS; i++) {
      const counts = await queues.get(deliveryQueue, i).getJobCounts('waiting', 'prioritized', 'delayed', 'active');
      expect(counts.waiting! + counts.prioritized! + counts.delayed! + counts.active!).toBe(perShard[i]);
      expect(perShard[i]).toBeGreaterThan(0);
    }

    // Each shard is one slot of its own, on its own master; the home tag does not pull it back.
    const home = {
      slot: Number(await redisCommand(cluster.ports[0]!, 'CLUSTER', 'KEYSLOT', prefix)),
      master: await cluster.masterOf(prefix),
    };
    const shardSlots = await Promise.all(
      Array.from({ length: SHARDS }, async (_, i) => {
        const tag = `{deliveries:${i}}`;
        const slot = Number(await redisCommand(cluster.ports[0]!, 'CLUSTER', 'KEYSLOT', tag));
        const master = await cluster.masterOf(tag);
        const keys = Number(await redisCommand(master, 'CLUSTER', 'COUNTKEYSINSLOT', slot));
        return { shard: i, slot, master, keys };
      }),
    );
    expect(new Set(shardSlots.map((s) => s.master)).size).toBe(3);
    for (const s of shardSlots) {
      expect(s.slot).not.toBe(home.slot);
      expect(s.keys).toBeGreaterThan(perShard[s.shard]!); // a job hash per delivery, plus the queue's own keys
    }
    expect(await keysOn(home.master, `${prefix}:${deliveryQueue.name}:*`)).toEqual([]); // nothing of the queue under the home tag
    const queueKeysPerMaster = new Map<number, number>();
    for (const port of cluster.ports) {
      const keys = await keysOn(port, `${untagged}:{deliveries:*}:${deliveryQueue.name}:*`);
      queueKeysPerMaster.set(port, keys.length);
      expect(keys.length).toBeGreaterThan(0);
    }
    const afterEnqueue = new Map(await Promise.all(cluster.ports.map(async (p) => [p, await commandCalls(p)] as const)));
    // BullMQ's scripts (EVALSHA) ran on every master: the adds of the shard it holds.
    for (const port of cluster.ports) {
      expect(
        sum(afterEnqueue.get(port)!, (c) => c.startsWith('eval')) - sum(before.get(port)!, (c) => c.startsWith('eval')),
      ).toBeGreaterThan(0);
    }

    // The ops app: Bull Board shows one queue per shard, the metrics one series per shard.
    ops = await startOpsFor(stack);
    const auth = basic(OPS_USER, OPS_PASSWORD);
    const board = await ops.http.get('/queues/api/queues').set('Authorization', auth);
    expect(board.status).toBe(200);
    const shown = board.body.queues as { name: string; displayName?: string; counts: Record<string, number> }[];
    expect(shown.some((q) => q.name === deliveryQueue.name)).toBe(false);
    for (let i = 0; i < SHARDS; i++) {
      const q = shown.find((x) => x.name === `shard-${i}.${deliveryQueue.name}`);
      expect(q?.displayName).toBe(`${deliveryQueue.name} {deliveries:${i}} (shard ${i + 1} of ${SHARDS})`);
      expect(Object.values(q!.counts).reduce((a, b) => a + b, 0)).toBe(perShard[i]);
    }
    const metrics = parsePrometheus((await ops.http.get('/metrics').set('Authorization', auth)).text);
    expect(total(metrics, 'gw_queue_depth', { queue: deliveryQueue.name })).toBe(rows.length);
    for (let i = 0; i < SHARDS; i++) {
      const depth = ['waiting', 'prioritized'].reduce(
        (n, state) => n + total(metrics, 'bullmq_job_count', { queue: deliveryQueue.name, shard: String(i), state }),
        0,
      );
      expect(depth).toBe(perShard[i]);
    }

    // The worker consumes every shard: every delivery is delivered.
    const worker = await stack.startWorker();
    expect(worker.ctx.queues.shards(deliveryQueue)).toBe(SHARDS);
    await settle(stack, org.organizationId, 60_000);
    const row = await tally(stack, 'cluster shards', org.organizationId, receiver);
    expect(row).toMatchObject({ expected: WEBHOOKS * EVENTS_PER_WEBHOOK, lost: 0, falselyDelivered: 0 });

    const after = new Map(await Promise.all(cluster.ports.map(async (p) => [p, await commandCalls(p)] as const)));
    for (const port of cluster.ports) {
      const enqueue = sum(afterEnqueue.get(port)!) - sum(before.get(port)!);
      const consume = sum(after.get(port)!) - sum(afterEnqueue.get(port)!);
      const evalsConsume = sum(after.get(port)!, (c) => c.startsWith('eval')) - sum(afterEnqueue.get(port)!, (c) => c.startsWith('eval'));
      // Taking and finishing jobs (moveToActive, moveToFinished: scripts) ran on every master too.
      expect(evalsConsume).toBeGreaterThan(0);
      const shards = shardSlots.filter((s) => s.master === port).map((s) => `${s.shard} (slot ${s.slot}, ${s.keys} keys)`);
      process.stdout.write(
        `SHARD SPREAD | master ${port}${port === home.master ? ' (home slot ' + home.slot + ')' : ''} | shards ${shards.join(', ') || '-'} | delivery queue keys ${queueKeysPerMaster.get(port)} | commands while enqueuing ${enqueue} | while delivering ${consume} (scripts ${evalsConsume})\n`,
      );
    }
    process.stdout.write(`SHARD SPREAD | deliveries per shard ${perShard.join(' / ')} | delivered ${row.delivered} of ${row.expected}\n`);
  }, 120_000);
});
