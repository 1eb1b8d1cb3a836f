/**
 * Fault injection for test/faults: confirms a payment through the real service code, and dies
 * with SIGKILL at the exact moment the deliveries would be enqueued, i.e. after the commit of the
 * state change and its outbox rows and before any job exists. Usage (env: DATABASE_URL, REDIS_URL,
 * QUEUE_PREFIX): node --import tsx test/faults/crash-after-commit.ts <organizationId> <paymentId> <payer>
 */
import type { Queue } from 'bullmq';
import { closeContext, createContext, type QueueDef } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { queueCatalogue } from '@gw/core/queues';
import { paymentFulfilments } from '@gw/api/catalogue';
import { confirmPayment } from '@gw/core/payments';
import { deliveryQueue } from '@gw/core/webhooks';

const [organizationId, paymentId, payer] = process.argv.slice(2);
const ctx = createContext(loadConfig(), { app: 'fault', queues: queueCatalogue });
const deliveries = new Proxy(ctx.queues.get(deliveryQueue), {
  get(target, prop, receiver) {
    if (prop === 'addBulk' || prop === 'add') return () => process.kill(process.pid, 'SIGKILL');
    return Reflect.get(target, prop, receiver);
  },
});
const get = <D>(def: QueueDef<D>): Queue<D> =>
  def.name === deliveryQueue.name ? (deliveries as unknown as Queue<D>) : ctx.queues.get(def);
await confirmPayment({ ...ctx, paymentFulfilments, queues: { ...ctx.queues, get } }, organizationId!, paymentId!, payer!);
await closeContext(ctx);
process.stdout.write('no crash: nothing was enqueued?\n');
process.exit(3);
