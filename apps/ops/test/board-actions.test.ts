import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { appRoutes } from '@bull-board/api/dist/routes.js';
import { ConfigError } from '@gw/runtime';
import { bridgeRelayQueue } from '@gw/core/bridge';
import { chainTransactionQueue, enqueueChainTransactions } from '@gw/core/chain';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { BOARD_ACTIONS, boardActionOf } from '../src/board-actions.js';
import { loadOpsConfig } from '../src/config.js';
import { basic, OPS_PASSWORD, OPS_USER, opsEnv, startOpsFor, type OpsUnderTest } from './ops-stack.js';

const auth = basic(OPS_USER, OPS_PASSWORD);
const QUEUE = bridgeRelayQueue.name;

/**
 * Bull Board's actions (add, edit, obliterate, schedulers...) were on by
 * default. Now the board is read-only unless OPS_BULL_BOARD_ACTIONS lists actions, and a listed
 * action enables only its own routes. Real ops app, real Redis queues (no worker runs, so what is
 * added stays).
 */
describe('ops console: Bull Board is read-only unless actions are listed', () => {
  let stack: Stack;
  let readOnly: OpsUnderTest;
  let someActions: OpsUnderTest;

  beforeAll(async () => {
    stack = await startStack('ops-board-actions', { worker: false });
    readOnly = await startOpsFor(stack);
    someActions = await startOpsFor(stack, { OPS_BULL_BOARD_ACTIONS: 'add, retry' });
  });
  afterAll(async () => {
    await someActions?.ops.stop();
    await readOnly?.ops.stop();
    await stack?.stop();
  });

  const queue = () => readOnly.ops.deps.queues.get(bridgeRelayQueue);

  it('by default: no action is offered, and every action endpoint is refused without effect', async () => {
    const listed = await readOnly.http.get('/queues/api/queues').set('Authorization', auth);
    expect(listed.status).toBe(200);
    for (const q of listed.body.queues as { name: string; readOnlyMode: boolean; allowRetries: boolean }[]) {
      expect({ name: q.name, readOnlyMode: q.readOnlyMode, allowRetries: q.allowRetries }).toEqual({
        name: q.name,
        readOnlyMode: true,
        allowRetries: false,
      });
    }
    const before = await queue().getJobCounts();
    const add = await readOnly.http
      .post(`/queues/api/queues/${QUEUE}/add`)
      .set('Authorization', auth)
      .send({ name: 'relay', data: { injected: true } });
    expect(add.status).toBe(403);
    expect(await queue().getJobCounts()).toEqual(before);

    const pause = await readOnly.http.put(`/queues/api/queues/${QUEUE}/pause`).set('Authorization', auth);
    expect(pause.status).toBe(403);
    expect(await queue().isPaused()).toBe(false);

    const obliterate = await readOnly.http.put(`/queues/api/queues/${QUEUE}/obliterate`).set('Authorization', auth).send({ force: true });
    expect(obliterate.status).toBe(403);
    const scheduler = await readOnly.http
      .put(`/queues/api/queues/${QUEUE}/job-schedulers/some-scheduler/remove`)
      .set('Authorization', auth);
    expect(scheduler.status).toBe(403);
  });

  it('OPS_BULL_BOARD_ACTIONS=add,retry enables exactly those actions', async () => {
    const listed = await someActions.http.get('/queues/api/queues').set('Authorization', auth);
    const board = (listed.body.queues as { name: string; readOnlyMode: boolean; allowRetries: boolean }[]).find((q) => q.name === QUEUE)!;
    expect({ readOnlyMode: board.readOnlyMode, allowRetries: board.allowRetries }).toEqual({ readOnlyMode: false, allowRetries: true });

    const add = await someActions.http
      .post(`/queues/api/queues/${QUEUE}/add`)
      .set('Authorization', auth)
      .send({ name: 'relay', data: { fromOps: true } });
    expect(add.status).toBe(200);
    const added = await queue().getJob(String(add.body.job.id));
    expect(added?.data).toEqual({ fromOps: true });

    // Not listed: refused before Bull Board runs them, so nothing changes.
    const jobId = String(add.body.job.id);
    const refused = [
      someActions.http.put(`/queues/api/queues/${QUEUE}/pause`),
      someActions.http.put(`/queues/api/queues/pause`),
      someActions.http.put(`/queues/api/queues/${QUEUE}/obliterate`).send({ force: true }),
      someActions.http.put(`/queues/api/queues/${QUEUE}/empty`),
      someActions.http.put(`/queues/api/queues/${QUEUE}/clean/waiting`),
      someActions.http.put(`/queues/api/queues/${QUEUE}/${jobId}/clean`),
      someActions.http.patch(`/queues/api/queues/${QUEUE}/${jobId}/update-data`).send({ jobData: { changed: true } }),
      someActions.http.put(`/queues/api/queues/${QUEUE}/concurrency`).send({ concurrency: 1 }),
    ];
    for (const [i, req] of refused.entries()) {
      const res = await req.set('Authorization', auth);
      expect({ i, status: res.status }).toEqual({ i, status: 403 });
    }
    expect(await queue().isPaused()).toBe(false);
    expect((await queue().getJob(jobId))?.data).toEqual({ fromOps: true });
    await queue().remove(jobId);
  });

  it('refuses an unknown action name at start-up, naming the variable', () => {
    expect(() => loadOpsConfig(opsEnv(stack, { OPS_BULL_BOARD_ACTIONS: 'retry,nuke' }))).toThrow(ConfigError);
    try {
      loadOpsConfig(opsEnv(stack, { OPS_BULL_BOARD_ACTIONS: 'retry,nuke' }));
    } catch (err) {
      expect((err as ConfigError).variables).toEqual(['OPS_BULL_BOARD_ACTIONS']);
      expect((err as Error).message).toMatch(/nuke/);
    }
    expect(loadOpsConfig(opsEnv(stack)).OPS_BULL_BOARD_ACTIONS).toEqual([]);
    expect(loadOpsConfig(opsEnv(stack, { OPS_BULL_BOARD_ACTIONS: ' retry , Promote ' })).OPS_BULL_BOARD_ACTIONS).toEqual([
      'retry',
      'promote',
    ]);
  });

  it('OPS_READ_ONLY, which it replaces, is refused rather than silently ignored', () => {
    expect(() => loadOpsConfig(opsEnv(stack, { OPS_READ_ONLY: 'false' }))).toThrow(/OPS_READ_ONLY was replaced by OPS_BULL_BOARD_ACTIONS/);
  });

  it("every route of Bull Board's route table is either read-only (GET) or belongs to a listed action", () => {
    const unclassified: string[] = [];
    for (const route of appRoutes.api) {
      const method = Array.isArray(route.method) ? route.method[0]! : route.method;
      const path = Array.isArray(route.route) ? route.route[0]! : route.route;
      const action = boardActionOf(method, path);
      if (method === 'get') expect({ path, action }).toEqual({ path, action: null });
      else if (action === 'unknown') unclassified.push(`${method} ${path}`);
    }
    expect(unclassified).toEqual([]);
    // And every route the catalogue names exists in this Bull Board (no stale entry).
    const known = new Set(appRoutes.api.map((r: { method: unknown; route: unknown }) => `${String(r.method)} ${String(r.route)}`));
    for (const [name, action] of Object.entries(BOARD_ACTIONS)) {
      for (const route of action.routes) expect({ name, route, exists: known.has(route) }).toEqual({ name, route, exists: true });
    }
  });

  it("shows the on-chain outbox's queues (one per chain and signer that has signed), read-only like the rest", async () => {
    const signer = '0x1111111111111111111111111111111111111111';
    await stack.api.deps.prisma.chainNonce.create({ data: { chainId: 31337, signer, nextNonce: 4n } });
    const def = chainTransactionQueue(31337, signer);
    await enqueueChainTransactions(stack.api.deps, [{ id: '01a21e00-0000-7000-8000-000000000001', chainId: 31337, signer }]);
    const fresh = await startOpsFor(stack);
    try {
      const listed = await fresh.http.get('/queues/api/queues').set('Authorization', auth);
      expect(listed.status).toBe(200);
      const chain = (listed.body.queues as { name: string; readOnlyMode: boolean; counts: Record<string, number> }[]).find(
        (q) => q.name === def.name,
      );
      expect(chain).toMatchObject({ name: `chain-tx-31337-${signer}`, readOnlyMode: true });
      expect(await fresh.ops.deps.queues.get(def).getJobCounts('waiting', 'delayed', 'prioritized')).toMatchObject({ waiting: 1 });
    } finally {
      await fresh.ops.stop();
    }
  });
});
