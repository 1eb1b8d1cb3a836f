import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { issueCredential } from '@gw/core/auth';
import { parseScopes } from '@gw/core/auth';
import { startStack, type Stack } from '../support/stack.js';

/**
 * Outside review, finding 1, the limits an attacker holding one organization's key ran
 * into nothing: how fast the organization can create events, and how much delivery concurrency
 * its webhooks can ask for. (The fair share of the worker pool itself is tested through the real
 * worker in apps/worker/test/fairness.test.ts.)
 */
describe('finding 1: one organization cannot create events or ask for delivery concurrency without bound', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack('review-24-limits', { worker: false, env: { ORG_EVENT_QUOTA_PER_MINUTE: '5' } });
  });
  afterAll(() => stack.stop());

  it('payments created (even ones that expire in one second) count against a quota per organization, across all its keys', async () => {
    const org = await stack.org();
    const second = (
      await issueCredential(stack.api.deps.prisma, { organizationId: org.organizationId, kind: 'api_key', scopes: parseScopes('all') })
    ).secret;
    const payer = await stack.login(undefined, { apiKey: org.apiKey });
    const create = (apiKey: string, body: Record<string, unknown> = { amount: '1', expiresInSeconds: 1 }) =>
      stack.http
        .post('/api/gateway/v1/payments')
        .set({ 'X-API-Key': apiKey, Authorization: `Bearer ${payer.token}` })
        .send(body);

    // A refused body costs nothing.
    expect((await create(org.apiKey, { amount: '-1' })).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await create(i % 2 ? second : org.apiKey)).status).toBe(201);
    const over = await create(second);
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ type: '/problems/event-quota-exceeded', status: 429, limit: 5 });
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await stack.api.deps.prisma.payment.count({ where: { organizationId: org.organizationId } })).toBe(5);

    // Another organization is not charged for it.
    const other = await stack.org();
    const otherPayer = await stack.login(undefined, { apiKey: other.apiKey });
    const res = await stack.http
      .post('/api/gateway/v1/payments')
      .set({ 'X-API-Key': other.apiKey, Authorization: `Bearer ${otherPayer.token}` })
      .send({ amount: '1' });
    expect(res.status).toBe(201);
  });

  it("a webhook's maxConcurrency is at most 20, and an organization's webhooks ask for at most WEBHOOK_ORG_CONCURRENCY_MAX (40) in all", async () => {
    const org = await stack.org();
    const register = (url: string, maxConcurrency: number) =>
      stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', org.apiKey).send({ url, maxConcurrency });
    const tooMany = await register('https://hooks.example.com/a', 1000);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors).toEqual([expect.objectContaining({ path: 'maxConcurrency' })]);

    expect((await register('https://hooks.example.com/a', 20)).status).toBe(201);
    expect((await register('https://hooks.example.com/b', 15)).status).toBe(201);
    const overSum = await register('https://hooks.example.com/c', 6);
    expect(overSum.status).toBe(400);
    expect(overSum.body.errors).toEqual([expect.objectContaining({ path: 'maxConcurrency' })]);
    expect(overSum.body.detail).toContain('40');
    // Re-registering an existing URL replaces its own cap: b 15 → 20 makes 40 in all, at the bound.
    expect((await register('https://hooks.example.com/b', 20)).status).toBe(200);
    expect((await register('https://hooks.example.com/c', 1)).status).toBe(400);
    const rows = await stack.api.deps.prisma.webhook.findMany({ where: { organizationId: org.organizationId }, orderBy: { url: 'asc' } });
    expect(rows.map((w) => [w.url, w.maxConcurrency])).toEqual([
      ['https://hooks.example.com/a', 20],
      ['https://hooks.example.com/b', 20],
    ]);
  });
});
