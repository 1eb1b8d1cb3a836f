import { afterEach, describe, expect, it } from '@jest/globals';
import { startStack } from '../support/stack.js';
import { RedisCluster } from '../support/redis-cluster.js';
import { FAULT_ENV, produceDeliveries, report, settle, startFaultRig, tally, waitUntil } from './harness.js';

/**
 * Fault injection on a real 3-master Redis Cluster: the master that holds the
 * service's hash slot (every key under QUEUE_PREFIX `{…}`) is killed in the middle of a run and
 * started again on the same port with the same nodes.conf, empty (no persistence), so every
 * queued job is gone; the sweeper re-enqueues from PostgreSQL and nothing is lost. A master that
 * holds none of the service's keys is restarted too, which must not disturb anything.
 */
describe('faults on a Redis Cluster: nothing is lost', () => {
  let cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const fn of cleanup.reverse()) await fn().catch(() => undefined);
    cleanup = [];
  });

  async function scenario(label: string) {
    const cluster = await RedisCluster.start({ masters: 3, nodeTimeoutMs: 2000 });
    cleanup.push(() => cluster.stop());
    const stack = await startStack(label, { chain: true, worker: false, env: { REDIS_CLUSTER_NODES: cluster.nodes, ...FAULT_ENV } });
    const rig = await startFaultRig(stack);
    cleanup.push(async () => {
      await rig.stop();
      await stack.stop();
    });
    return { cluster, stack, receiver: rig.receiver, worker: () => rig.worker() };
  }

  it("the master of the service's slot is killed mid-run and restarted empty: every delivery is delivered", async () => {
    const { cluster, stack, receiver, worker } = await scenario('fault-cluster-owner');
    const owner = await cluster.masterOf(`${stack.config.QUEUE_PREFIX}:x`);
    const org = await produceDeliveries(stack, receiver.url, { webhooks: 20, payments: 50 });
    worker();
    await waitUntil(() => receiver.total >= 300);
    await cluster.stopNode(owner, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 4000)); // past cluster-node-timeout: the cluster is down
    const during = await stack.http.get('/api/health');
    expect(during.status).toBe(503);
    await cluster.startNode(owner); // same port and nodes.conf, no data: every queued job is gone
    await settle(stack, org, 120_000);
    const row = await tally(stack, 'cluster: slot master killed, restarted empty (1,000)', org, receiver);
    report(row);
    expect(row.expected).toBe(1000);
    expect(row.lost).toBe(0);
    expect(row.falselyDelivered).toBe(0);
    expect((await stack.http.get('/api/health')).status).toBe(200);
  }, 180_000);

  it('another master restarted mid-run: nothing is lost', async () => {
    const { cluster, stack, receiver, worker } = await scenario('fault-cluster-other');
    const owner = await cluster.masterOf(`${stack.config.QUEUE_PREFIX}:x`);
    const other = cluster.ports.find((p) => p !== owner)!;
    const org = await produceDeliveries(stack, receiver.url, { webhooks: 20, payments: 50 });
    worker();
    await waitUntil(() => receiver.total >= 300);
    await cluster.stopNode(other, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    await cluster.startNode(other);
    await settle(stack, org, 120_000);
    const row = await tally(stack, 'cluster: other master restarted (1,000)', org, receiver);
    report(row);
    expect(row.expected).toBe(1000);
    expect(row.lost).toBe(0);
    expect(row.falselyDelivered).toBe(0);
  }, 180_000);
});
