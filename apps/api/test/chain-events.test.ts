/**
 * Webhooks for what the chain decides. A withdrawal's final state
 * (`withdrawal.confirmed`, `withdrawal.failed`) and a credited deposit (`deposit.credited`) are
 * delivered by the webhook pipeline (signed, retried, per organization), on a real anvil with the
 * real worker. The sweeper is held off (SWEEP_* at 10 minutes): an event written inside an on-chain
 * outcome or a deposit scan arrives because it is enqueued after the commit, not swept.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { verifySignature } from '@service-gateway/webhook-receiver';
import { WrappedToken } from '@gw/contracts';
import {
  chainOf,
  contractAddress,
  deployerAccount,
  faucet,
  processChainTransaction,
  publicClientOf,
  relayerAccount,
  walletClientOf,
} from '@gw/core/chain';
import { signPermit } from '../../../packages/client/src/index.js';
import { eventually, startStack, type Stack } from '../../../test/support/stack.js';
import { TestReceiver } from '../../../test/support/receiver.js';
import { rpc } from '../../../test/support/rpc.js';

const ONE = 10n ** 18n;
const GW = '/api/gateway/v1';
/** Far beyond every wait of this file: no delivery here can come from the sweeper. */
const SWEEPER_HELD_OFF_MS = 600_000;

describe('webhooks for on-chain outcomes', () => {
  let stack: Stack;
  const receivers: TestReceiver[] = [];
  const deps = () => stack.workerDeps;
  const mine = () => rpc(stack.chains!.anvils[0]!.rpcUrl, 'anvil_mine', ['0x1']);

  /** An organization with a webhook subscribed to `events`, its secret and its receiver. */
  const subscriber = async (events: string[]) => {
    const org = await stack.org();
    const receiver = await new TestReceiver().start();
    receivers.push(receiver);
    const res = await stack.http.post(`${GW}/webhooks/register`).set('X-API-Key', org.apiKey).send({ url: receiver.url, events });
    expect(res.status).toBe(201);
    expect(res.body.events).toEqual(events);
    return { ...org, receiver, secret: res.body.secret as string };
  };
  /** The request's body, after checking its signature with the integrator kit. */
  const signedBody = (r: TestReceiver, i: number, secret: string) => {
    const req = r.requests[i]!;
    expect(verifySignature(secret, req.raw, req.headers['x-service-signature'] as string)).toBe(true);
    expect(req.headers['x-service-event']).toBe(req.body.type);
    expect(req.headers['x-service-delivery']).toBe(req.body.delivery.id);
    return req.body;
  };
  const finalWithdrawal = (apiKey: string, jwt: string, id: string) =>
    eventually(
      async () => {
        await mine();
        const res = await stack.http.get(`${GW}/wallet/withdrawals/${id}`).set({ 'X-API-Key': apiKey, Authorization: `Bearer ${jwt}` });
        return ['confirmed', 'failed'].includes(res.body.status) ? res.body : undefined;
      },
      30_000,
      `withdrawal ${id} final`,
    );

  beforeAll(async () => {
    stack = await startStack('chain-events', {
      chain: true,
      env: {
        CHAIN_TX_POLL_MS: '100',
        CHAIN_POLL_INTERVAL_MS: '200',
        SWEEP_INTERVAL_MS: String(SWEEPER_HELD_OFF_MS),
        SWEEP_GRACE_MS: String(SWEEPER_HELD_OFF_MS),
      },
    });
  }, 60_000);
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.stop();
  });
  afterAll(() => stack.stop());

  it('a confirmed withdrawal delivers one signed withdrawal.confirmed to its organization, at once', async () => {
    const org = await subscriber(['withdrawal.confirmed', 'withdrawal.failed']);
    const other = await subscriber(['withdrawal.confirmed', 'withdrawal.failed']);
    const alice = await stack.login(undefined, { apiKey: org.apiKey });
    await stack.mint(alice.address, 5n * ONE);
    const res = await stack.http
      .post(`${GW}/wallet/withdraw`)
      .set({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${alice.token}` })
      .send({ amount: (2n * ONE).toString() });
    expect(res.status).toBe(202);
    const done = await finalWithdrawal(org.apiKey, alice.token, res.body.id);
    expect(done.status).toBe('confirmed');
    // Enqueued after the outcome's commit: here within seconds, with the sweeper 10 minutes away.
    await org.receiver.waitFor(1, 10_000);
    const body = signedBody(org.receiver, 0, org.secret);
    expect(body).toMatchObject({ type: 'withdrawal.confirmed', data: { withdrawal: done } });
    expect(body.test).toBeUndefined();
    const events = await stack.http.get(`${GW}/events`).query({ type: 'withdrawal.confirmed' }).set('X-API-Key', org.apiKey);
    expect(events.body.data).toEqual([
      { id: body.id, type: 'withdrawal.confirmed', createdAt: body.createdAt, test: false, data: body.data },
    ]);
    // Recorded once the receiver's answer is in (just after the request arrived).
    const delivered = await eventually(async () => {
      const res = await stack.http.get(`${GW}/webhooks/deliveries`).query({ event: 'withdrawal.confirmed' }).set('X-API-Key', org.apiKey);
      return res.body.data[0]?.status === 'delivered' ? res.body.data : undefined;
    });
    expect(delivered).toMatchObject([{ eventId: body.id, event: 'withdrawal.confirmed', paymentId: null, status: 'delivered' }]);
    // Once: no second event or delivery; and nothing to the other organization.
    await new Promise((r) => setTimeout(r, 500));
    expect(org.receiver.requests).toHaveLength(1);
    expect(other.receiver.requests).toHaveLength(0);
    // A manual resend sends the same event under the same delivery id, signed again.
    const retry = await stack.http.post(`${GW}/webhooks/deliveries/${delivered[0].id}/retry`).set('X-API-Key', org.apiKey);
    expect(retry.status).toBe(202);
    await org.receiver.waitFor(2, 10_000);
    expect(signedBody(org.receiver, 1, org.secret)).toMatchObject({ id: body.id, delivery: { id: body.delivery.id }, data: body.data });
  });

  it('a withdrawal the chain refuses delivers one signed withdrawal.failed', async () => {
    const org = await subscriber(['withdrawal.failed']);
    const bob = await stack.login(undefined, { apiKey: org.apiKey });
    // A custodial balance custody does not hold on chain: the transfer cannot succeed.
    await stack.mintUnbacked(bob.address, 10n ** 30n);
    const res = await stack.http
      .post(`${GW}/wallet/withdraw`)
      .set({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${bob.token}` })
      .send({ amount: (10n ** 30n).toString() });
    expect(res.status).toBe(202);
    const done = await finalWithdrawal(org.apiKey, bob.token, res.body.id);
    expect(done.status).toBe('failed');
    await org.receiver.waitFor(1, 10_000);
    const body = signedBody(org.receiver, 0, org.secret);
    expect(body).toMatchObject({
      type: 'withdrawal.failed',
      data: { withdrawal: { ...done, failureReason: expect.stringMatching(/refused before sending|reverted/) } },
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(org.receiver.requests).toHaveLength(1);
  });

  it('a bridge transfer delivers one signed bridge_transfer.completed; one whose mint the chain refuses, bridge_transfer.failed', async () => {
    const org = await subscriber(['bridge_transfer.completed', 'bridge_transfer.failed']);
    const other = await subscriber(['bridge_transfer.completed', 'bridge_transfer.failed']);
    const alice = await stack.login(undefined, { apiKey: org.apiKey });
    await faucet(deps(), alice.address, 3n * ONE);
    const headers = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${alice.token}` };
    const bridge = async () => {
      const td = await stack.http.get(`${GW}/bridge/permit-typed-data`).query({ amount: ONE.toString() }).set(headers);
      const res = await stack.http
        .post(`${GW}/bridge/initiate`)
        .set(headers)
        .send({
          toChainId: 'eip155:31338',
          toAddress: alice.address,
          amount: ONE.toString(),
          funding: 'permit',
          deadline: Number(td.body.typedData.message.deadline),
          signature: await signPermit(alice.wallet, td.body.typedData),
        });
      expect(res.status).toBe(202);
      return eventually(
        async () => {
          await Promise.all(stack.chains!.anvils.map((a) => rpc(a.rpcUrl, 'anvil_mine', ['0x1'])));
          const now = await stack.http.get(`${GW}/bridge/transfers/${res.body.id}`).set(headers);
          return ['completed', 'failed'].includes(now.body.status) ? now.body : undefined;
        },
        30_000,
        `bridge transfer ${res.body.id} final`,
      );
    };
    const done = await bridge();
    expect(done.status).toBe('completed');
    await org.receiver.waitFor(1, 10_000);
    expect(signedBody(org.receiver, 0, org.secret)).toMatchObject({
      type: 'bridge_transfer.completed',
      data: { bridgeTransfer: { ...done, source: { ...done.source, confirmations: null } } },
    });

    // The relayer loses the wrapped token's MINTER_ROLE: the lock goes through, the mint is refused.
    const remote = chainOf(deps().chains, 31338);
    const wrapped = await contractAddress(deps(), 31338, 'wrappedToken');
    const relayer = (await relayerAccount(deps())).address;
    const role = await publicClientOf(deps(), remote).readContract({
      address: wrapped,
      abi: WrappedToken.abi,
      functionName: 'MINTER_ROLE',
    });
    const deployer = deployerAccount(deps(), remote);
    const setRole = async (fn: 'revokeRole' | 'grantRole') => {
      const hash = await walletClientOf(deps(), remote, deployer).writeContract({
        address: wrapped,
        abi: WrappedToken.abi,
        functionName: fn,
        args: [role, relayer],
        account: deployer,
        chain: undefined,
      });
      await publicClientOf(deps(), remote).waitForTransactionReceipt({ hash });
    };
    await setRole('revokeRole');
    try {
      const refused = await bridge();
      expect(refused).toMatchObject({ status: 'failed', source: { status: 'confirmed' }, destination: { status: 'failed' } });
      expect(refused.failureReason).toMatch(/^destination: .*the tokens are still locked on eip155:31337/);
      await org.receiver.waitFor(2, 10_000);
      expect(signedBody(org.receiver, 1, org.secret)).toMatchObject({
        type: 'bridge_transfer.failed',
        data: { bridgeTransfer: { id: refused.id, status: 'failed', failureReason: refused.failureReason } },
      });
    } finally {
      await setRole('grantRole');
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(org.receiver.requests).toHaveLength(2);
    expect(other.receiver.requests).toHaveLength(0);
  });

  it('a credited gasless deposit delivers deposit.credited to its organization only; a plain transfer to custody to none', async () => {
    const a = await subscriber(['deposit.credited']);
    const b = await subscriber(['deposit.credited']);
    // The same wallet, logged in to both organizations: the deposit is made through A's API key.
    const carol = await stack.login(undefined, { apiKey: a.apiKey });
    await stack.login(carol.wallet, { apiKey: b.apiKey });
    await faucet(deps(), carol.address, 3n * ONE);
    const typed = await stack.http
      .get(`${GW}/wallet/permit-deposits/typed-data`)
      .query({ amount: (3n * ONE).toString() })
      .set({ 'X-API-Key': a.apiKey, Authorization: `Bearer ${carol.token}` });
    const signature = await signPermit(carol.wallet, typed.body.typedData);
    const res = await stack.http
      .post(`${GW}/wallet/permit-deposits`)
      .set({ 'X-API-Key': a.apiKey, Authorization: `Bearer ${carol.token}` })
      .send({ amount: (3n * ONE).toString(), deadline: Number(typed.body.typedData.message.deadline), signature });
    expect(res.status).toBe(202);
    const permit = await eventually(
      async () => {
        await mine();
        const now = await stack.http
          .get(`${GW}/wallet/permit-deposits/${res.body.id}`)
          .set({ 'X-API-Key': a.apiKey, Authorization: `Bearer ${carol.token}` });
        return now.body.deposit === 'credited' ? now.body : undefined;
      },
      60_000,
      'the permit deposit credited',
    );
    await a.receiver.waitFor(1, 10_000);
    const body = signedBody(a.receiver, 0, a.secret);
    const listed = await stack.http.get(`${GW}/wallet/deposits`).set({ 'X-API-Key': a.apiKey, Authorization: `Bearer ${carol.token}` });
    const deposit = listed.body.data.find((d: { txHash: string }) => d.txHash === permit.txHash);
    expect(body).toMatchObject({
      type: 'deposit.credited',
      data: {
        deposit: {
          ...deposit,
          confirmations: expect.any(Number),
          address: carol.address,
          amount: (3n * ONE).toString(),
          status: 'credited',
        },
      },
    });
    // A plain transfer to custody (how the stack funds a wallet) is attributable to no organization.
    await stack.mint(carol.address, ONE);
    await new Promise((r) => setTimeout(r, 1000));
    expect(a.receiver.requests).toHaveLength(1);
    expect(b.receiver.requests).toHaveLength(0);
    const seenByB = await stack.http.get(`${GW}/events`).query({ type: 'deposit.credited' }).set('X-API-Key', b.apiKey);
    expect(seenByB.body.data).toEqual([]);
  });

  it('every new type is subscribable, listed, and sent as a test event matching its documented schema', async () => {
    const types = ['withdrawal.confirmed', 'withdrawal.failed', 'deposit.credited', 'bridge_transfer.completed', 'bridge_transfer.failed'];
    const org = await subscriber(types);
    const id = (await stack.http.get(`${GW}/webhooks`).set('X-API-Key', org.apiKey)).body.data[0].id as string;
    for (const [i, event] of types.entries()) {
      const res = await stack.http.post(`${GW}/webhooks/${id}/test`).set('X-API-Key', org.apiKey).send({ event });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ event, paymentId: null, status: 'pending' });
      await org.receiver.waitFor(i + 1, 10_000);
      const body = signedBody(org.receiver, i, org.secret);
      expect(body).toMatchObject({ type: event, test: true });
      expect(Object.values(body.data as Record<string, { id: string }>)[0]!.id).toBe('00000000-0000-7000-8000-000000007e57');
    }
    // The default stays payment.settled.
    const plain = await stack.org();
    const reg = await stack.http.post(`${GW}/webhooks/register`).set('X-API-Key', plain.apiKey).send({ url: org.receiver.url });
    expect(reg.body.events).toEqual(['payment.settled']);
    const bad = await stack.http
      .post(`${GW}/webhooks/register`)
      .set('X-API-Key', plain.apiKey)
      .send({ url: org.receiver.url, events: ['withdrawal.pending'] });
    expect(bad.status).toBe(400);
  });
});

describe('an on-chain outcome whose after-commit enqueue is lost', () => {
  let stack: Stack;
  let receiver: TestReceiver;
  beforeAll(async () => {
    // No worker yet: the test runs the outbox row itself, as a worker that died right after the
    // outcome's commit would have (the event and its pending delivery are written, no job exists).
    stack = await startStack('chain-events-sweep', { chain: true, worker: false });
    receiver = await new TestReceiver().start();
  }, 60_000);
  afterAll(async () => {
    await receiver.stop();
    await stack.stop();
  });

  it('is delivered by the sweeper', async () => {
    const deps = stack.workerDeps;
    const org = await stack.org();
    const reg = await stack.http
      .post(`${GW}/webhooks/register`)
      .set('X-API-Key', org.apiKey)
      .send({ url: receiver.url, events: ['withdrawal.confirmed'] });
    const alice = await stack.login(undefined, { apiKey: org.apiKey });
    await stack.mint(alice.address, 2n * ONE);
    const res = await stack.http
      .post(`${GW}/wallet/withdraw`)
      .set({ 'X-API-Key': org.apiKey, Authorization: `Bearer ${alice.token}` })
      .send({ amount: ONE.toString() });
    expect(res.status).toBe(202);
    const row = (await deps.prisma.chainTransaction.findFirst({ where: { kind: 'withdrawal', reference: res.body.id } }))!;
    const outcome = await eventually(async () => {
      await rpc(stack.chains!.anvils[0]!.rpcUrl, 'anvil_mine', ['0x1']);
      const o = await processChainTransaction(deps, row.id);
      return o.state === 'confirmed' ? o : undefined;
    }, 30_000);
    // The outcome asked for its deliveries after the commit; nobody runs that here (the "crash").
    expect(outcome).toMatchObject({ state: 'confirmed', afterCommit: [expect.any(Function)] });
    const pending = await deps.prisma.delivery.findMany({ where: { organizationId: org.organizationId } });
    expect(pending).toMatchObject([{ event: 'withdrawal.confirmed', status: 'pending' }]);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.requests).toHaveLength(0);
    // A worker starts: its sweeper finds the pending delivery without a job and enqueues it.
    await stack.startWorker({ SWEEP_INTERVAL_MS: '200', SWEEP_GRACE_MS: '0' });
    await receiver.waitFor(1, 15_000);
    expect(
      verifySignature(reg.body.secret, receiver.requests[0]!.raw, receiver.requests[0]!.headers['x-service-signature'] as string),
    ).toBe(true);
    expect(receiver.requests[0]!.body).toMatchObject({
      type: 'withdrawal.confirmed',
      data: { withdrawal: { id: res.body.id, status: 'confirmed' } },
    });
  });
});
