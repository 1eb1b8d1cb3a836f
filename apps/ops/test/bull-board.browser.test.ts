import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { queueCatalogue } from '@gw/core/queues';
import { deliveryQueue } from '@gw/core/webhooks';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { OPS_PASSWORD, OPS_USER, startOpsFor, type OpsUnderTest } from './ops-stack.js';
import { CHROMIUM, launchChromium } from '../../../test/support/chromium.js';

const RESULTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test-results');
const ONE = 10n ** 18n;

/**
 * Bull Board in a real browser: log in with the ops credentials, open the delivery
 * queue and see its jobs, which are real delivery jobs enqueued by the real API (no worker runs,
 * so they stay waiting). Screenshots are kept in test-results/.
 */
describe('Bull Board in headless Chromium', () => {
  let stack: Stack;
  let ops: OpsUnderTest;
  let browser: Browser;
  let deliveryIds: string[];

  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) {
      throw new Error(`${CHROMIUM} is missing: run .ci/install-chromium.sh (apt-get install chromium) first`);
    }
    mkdirSync(RESULTS, { recursive: true });
    stack = await startStack('ops-board', { chain: true, worker: false });
    ops = await startOpsFor(stack);
    const org = await stack.org();
    await stack.http
      .post('/api/gateway/v1/webhooks/register')
      .set('X-API-Key', org.apiKey)
      .send({ url: 'http://127.0.0.1:9999/hook' })
      .expect(201);
    const payer = await stack.login();
    await stack.mint(payer.address, 10n * ONE);
    const auth = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${payer.token}` };
    for (let i = 0; i < 2; i++) {
      const p = await stack.http.post('/api/gateway/v1/payments').set(auth).send({ amount: ONE.toString() }).expect(201);
      await stack.http.post(`/api/gateway/v1/payments/${p.body.id}/confirm`).set(auth).send().expect(200);
    }
    const rows = await stack.api.deps.prisma.delivery.findMany({ where: { organizationId: org.organizationId } });
    deliveryIds = rows.map((d) => d.id);
    expect(deliveryIds).toHaveLength(2);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await ops?.ops.stop();
    await stack?.stop();
  });

  it('refuses the page without credentials and with wrong ones', async () => {
    for (const httpCredentials of [undefined, { username: OPS_USER, password: 'wrong password' }]) {
      const context = await browser.newContext(httpCredentials ? { httpCredentials } : {});
      try {
        const page = await context.newPage();
        // Headless Chromium has no login prompt: the 401 either fails the navigation
        // (ERR_INVALID_AUTH_CREDENTIALS) or is the page shown.
        const outcome = await page.goto(`${ops.baseUrl}/queues/`).then(
          async (res) => ({ status: res?.status(), body: (await res?.text()) ?? '' }),
          (err: Error) => (/ERR_INVALID_AUTH_CREDENTIALS/.test(err.message) ? { status: 401, body: '' } : Promise.reject(err)),
        );
        expect(outcome.status).toBe(401);
        expect(outcome.body).not.toContain('Gateway ops');
      } finally {
        await context.close();
      }
    }
  });

  it('logs in, lists every queue, and shows the delivery queue with its jobs', async () => {
    const context = await browser.newContext({
      httpCredentials: { username: OPS_USER, password: OPS_PASSWORD },
      viewport: { width: 1400, height: 1000 },
    });
    try {
      const page = await context.newPage();
      const overview = await page.goto(`${ops.baseUrl}/`);
      expect(overview?.status()).toBe(200);
      for (const name of queueCatalogue.map((q) => q.name))
        await page.getByText(name, { exact: false }).first().waitFor({ timeout: 15000 });
      await page.screenshot({ path: path.join(RESULTS, 'ops-bull-board-overview.png'), fullPage: true });

      // Deliveries are queued with their backlog rank as priority: the `prioritized` tab.
      await page.goto(`${ops.baseUrl}/queues/queue/${deliveryQueue.name}?status=prioritized`);
      for (const id of deliveryIds) await page.getByText(id, { exact: false }).first().waitFor({ timeout: 15000 });
      await page.screenshot({ path: path.join(RESULTS, 'ops-bull-board-deliveries.png'), fullPage: true });
      const text = await page.locator('body').innerText();
      expect(text).toContain(deliveryQueue.name);
      for (const id of deliveryIds) expect(text).toContain(id);
      expect(existsSync(path.join(RESULTS, 'ops-bull-board-deliveries.png'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
