import { afterAll, afterEach, describe, expect, it } from '@jest/globals';
import { startStack, eventually, type Stack } from '../../../test/support/stack.js';
import { TestReceiver } from '../../../test/support/receiver.js';

const ONE = 10n ** 18n;

/**
 * Fair sharing of the worker pool between organizations, through the real
 * API and worker on real PostgreSQL and Redis. The outside review's attack: one organization
 * registers several webhooks on an endpoint that answers slowly and floods them with events, so
 * that every worker slot hangs on it and another organization's deliveries wait behind. Here the
 * slow endpoint never answers (an attempt would end at WEBHOOK_TIMEOUT_MS, 30 s). Assertions are on
 * counts and order, never on durations: the healthy organization's deliveries must all be
 * delivered while none of the slow ones has finished its first attempt.
 */
describe('fair sharing of the worker pool between organizations', () => {
  const stacks: Stack[] = [];
  const receivers: TestReceiver[] = [];
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.stop();
  });
  afterAll(async () => {
    for (const s of stacks) await s.stop();
  });

  const stackWith = async (label: string, env: Record<string, string>, worker = true) => {
    const stack = await startStack(label, { chain: true, env, worker });
    stacks.push(stack);
    return stack;
  };
  const receiver = async (hang: boolean) => {
    const r = await new TestReceiver().start();
    if (hang) r.always({ hang: true });
    receivers.push(r);
    return r;
  };

  /** An organization with one webhook per URL and a funded payer; `settle(n)` confirms n payments. */
  async function merchant(stack: Stack, urls: string[]) {
    const org = await stack.org();
    for (const url of urls) {
      const reg = await stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', org.apiKey).send({ url });
      expect(reg.status).toBe(201);
    }
    const payer = await stack.login();
    await stack.mint(payer.address, 1000n * ONE);
    const headers = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` };
    const settle = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const p = await stack.http.post('/api/gateway/v1/payments').set(headers).send({ amount: ONE.toString() });
        expect(p.status).toBe(201);
        const c = await stack.http.post(`/api/gateway/v1/payments/${p.body.id}/confirm`).set(headers).send();
        expect(c.status).toBe(200);
      }
    };
    const deliveries = () => stack.api.deps.prisma.delivery.findMany({ where: { organizationId: org.organizationId } });
    return { org, settle, deliveries };
  }

  /** Five webhooks of one organization on a receiver that never answers, and 8 events each (40 deliveries). */
  async function slowMerchant(stack: Stack) {
    const slow = await receiver(true);
    const m = await merchant(
      stack,
      Array.from({ length: 5 }, (_, i) => `${slow.url}/${i}`),
    );
    await m.settle(8);
    return { ...m, receiver: slow };
  }

  /**
   * The healthy organization's 5 deliveries all arrive while every slow delivery still has 0
   * attempts (no attempt to the slow endpoint has ended yet), and the slow organizations never
   * had more than `share` requests each in flight.
   */
  async function expectHealthyUnaffected(stack: Stack, slow: Awaited<ReturnType<typeof slowMerchant>>[], share: number) {
    const healthyReceiver = await receiver(false);
    const healthy = await merchant(stack, [healthyReceiver.url]);
    await healthy.settle(5);
    await eventually(
      async () => {
        const all = await healthy.deliveries();
        return all.length === 5 && all.every((d) => d.status === 'delivered') ? all : undefined;
      },
      20000,
      "the healthy organization's deliveries",
    );
    for (const s of slow) {
      const backlog = await s.deliveries();
      expect(backlog).toHaveLength(40);
      expect(backlog.filter((d) => d.attempts > 0)).toEqual([]);
      expect(s.receiver.requests.length).toBeLessThanOrEqual(share);
    }
    expect(healthyReceiver.requests).toHaveLength(5);
  }

  // WORKER_CONCURRENCY 10 with the default cap of 10 per webhook: without the fair share the five
  // slow webhooks alone could take all 10 slots (5 × 10 allowed) until their attempts timed out.
  // WEBHOOK_TIMEOUT_MS is 30 s, longer than any test here runs before its receivers are stopped
  // (which ends the hanging attempts): "no slow attempt has ended yet" then holds by order, not by
  // how fast a loaded machine sets up three organizations (with 5 s, the first organization's
  // attempts could time out before the healthy deliveries were checked).
  const env = { WORKER_CONCURRENCY: '10', WEBHOOK_TIMEOUT_MS: '30000', WEBHOOK_CAP_WAIT_MAX_MS: '2000' };

  it('one organization with five slow webhooks and a burst holds at most its share, and another organization is delivered meanwhile', async () => {
    const stack = await stackWith('fair-one', env);
    const slow = await slowMerchant(stack);
    // Alone it may take ⌊10 / (1 + 1)⌋ = 5 slots, never all 10.
    await slow.receiver.waitFor(5, 10000);
    await expectHealthyUnaffected(stack, [slow], 5);
  }, 60000);

  it('three such organizations at once share the pool and still leave a free slot for a fourth', async () => {
    const stack = await stackWith('fair-three', env);
    const slow = [await slowMerchant(stack), await slowMerchant(stack), await slowMerchant(stack)];
    // The first alone takes ⌊10 / 2⌋ = 5 (a share is never taken back, only not renewed); the
    // second its first slot, then more only while one share (⌊10 / 3⌋ = 3) stays free: 2; the
    // third its first slot only, as one share (2) must stay free: at most 8 slots of 10.
    for (const s of slow) await s.receiver.waitFor(1, 10000);
    await expectHealthyUnaffected(stack, slow, 5);
    const inFlight = slow.reduce((n, s) => n + s.receiver.requests.length, 0);
    expect(inFlight).toBeLessThanOrEqual(8);
  }, 60000);

  it("the worker takes every organization's first waiting delivery before anyone's second (round robin by backlog rank)", async () => {
    const stack = await stackWith('fair-order', { WORKER_CONCURRENCY: '1' }, false);
    const order = await receiver(false);
    const busy = await merchant(stack, [`${order.url}/busy`]);
    const quiet = await merchant(stack, [`${order.url}/quiet`]);
    // The burst is queued first, while no worker runs; then the quiet organization's one event.
    await busy.settle(12);
    await quiet.settle(1);
    await stack.startWorker({ WORKER_CONCURRENCY: '1' });
    await order.waitFor(13, 20000);
    const quietId = (await quiet.deliveries())[0]!.id;
    const position = order.requests.findIndex((r) => r.headers['x-service-delivery'] === quietId);
    // FIFO would put it 13th; by rank it shares first place with the burst's first delivery.
    expect(position).toBeGreaterThanOrEqual(0);
    expect(position).toBeLessThanOrEqual(1);
  }, 60000);
});
