/**
 * Fault injection for test/faults: confirms a payment through the real service code, and dies
 * with SIGKILL at the exact moment the deliveries would be enqueued, i.e. after the commit of the
 * state change and its outbox rows and before any job exists. Usage (env: DATABASE_URL, REDIS_URL,
 * QUEUE_PREFIX): node --import tsx test/faults/crash-after-commit.ts <organizationId> <paymentId> <payer>
 */
import { closeContext, createContext, loadConfig } from '@gw/runtime';
import { confirmPayment } from '@gw/core/payments';

const [organizationId, paymentId, payer] = process.argv.slice(2);
const ctx = createContext(loadConfig(), { app: 'fault' });
const deliveries = new Proxy(ctx.queues.deliveries, {
  get(target, prop, receiver) {
    if (prop === 'addBulk' || prop === 'add') return () => process.kill(process.pid, 'SIGKILL');
    return Reflect.get(target, prop, receiver);
  },
});
await confirmPayment({ ...ctx, queues: { ...ctx.queues, deliveries } }, organizationId!, paymentId!, payer!);
await closeContext(ctx);
process.stdout.write('no crash: nothing was enqueued?\n');
process.exit(3);
