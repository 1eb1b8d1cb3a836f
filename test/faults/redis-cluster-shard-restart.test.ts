import { afterEach, describe, expect, it } from '@jest/globals';
import { startStack } from '../support/stack.js';
import { RedisCluster, redisCommand } from '../support/redis-cluster.js';
import { FAULT_ENV, produceDeliveries, report, settle, startFaultRig, tally, waitUntil } from './harness.js';

const SHARDS = 3;

/**
 * The delivery queue sharded over 3 hash tags (DELIVERY_QUEUE_SHARDS=3) on a real
 * 3-master Redis Cluster, so each master holds one shard. Under load (a worker process consuming
 * every shard), a master that holds a shard but not the service's home slot is killed and started
 * again on the same port with the same nodes.conf, empty (no persistence): its shard's queued jobs
 * are gone, the other shards and the gate's keys are not. The sweeper re-enqueues the lost ones
 * from PostgreSQL; nothing is lost. (No replicas, as in `redis-cluster-node-restart.test.ts`: the
 * cluster stops serving while the master is down, then comes back with the slot empty.)
 */
describe('faults on a sharded delivery queue (Redis Cluster): nothing is lost', () => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => undefined);
    cleanup = [];
  });

  it("a shard's master is killed under load and restarted empty: every delivery is delivered", async () => {
    const cluster = await RedisCluster.start({ masters: 3, nodeTimeoutMs: 2000 });
    cleanup.push(() => cluster.stop());
    const stack = await startStack('fault-cluster-shard', {
      chain: true,
      worker: false,
      env: { REDIS_CLUSTER_NODES: cluster.nodes, DELIVERY_QUEUE_SHARDS: String(SHARDS), ...FAULT_ENV },
    });
    const rig = await startFaultRig(stack);
    cleanup.push(async () => {
      await rig.stop();
      await stack.stop();
    });
    const { receiver } = rig;
    const home = await cluster.masterOf(`${stack.config.QUEUE_PREFIX}:x`);
    const shardMasters = await Promise.all(Array.from({ length: SHARDS }, (_, i) => cluster.masterOf(`{deliveries:${i}}`)));
    const victim = shardMasters.find((port) => port !== home)!;
    expect(victim).toBeDefined();
    const org = await produceDeliveries(stack, receiver.url, { webhooks: 20, payments: 50 });
    rig.worker();
    await waitUntil(() => receiver.total >= 300);
    // The victim's shard holds jobs when it goes (so the fault does lose queued work).
    const victimShards = shardMasters.flatMap((port, i) => (port === victim ? [`{deliveries:${i}}`] : []));
    let queued = 0;
    for (const tag of victimShards) {
      queued += Number(
        await redisCommand(victim, 'CLUSTER', 'COUNTKEYSINSLOT', Number(await redisCommand(victim, 'CLUSTER', 'KEYSLOT', tag))),
      );
    }
    expect(queued).toBeGreaterThan(0);
    await cluster.stopNode(victim, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 4000)); // past cluster-node-timeout: the cluster is down
    await cluster.startNode(victim); // same port and nodes.conf, no data: its shard's jobs are gone
    await settle(stack, org, 120_000);
    const row = await tally(stack, `cluster: shard master killed, restarted empty (1,000, ${SHARDS} shards)`, org, receiver);
    report(row);
    expect(row.expected).toBe(1000);
    expect(row.lost).toBe(0);
    expect(row.falselyDelivered).toBe(0);
    expect((await stack.http.get('/api/health')).status).toBe(200);
  }, 180_000);
});
