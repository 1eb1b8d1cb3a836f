import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { WEBHOOK_EVENTS } from '@gw/core/webhooks';
import { GENERATED_RECEIVER_EVENTS, generateReceiverEvents } from '../../../scripts/generate-client.js';
import { WEBHOOK_EVENT_TYPES } from '../src/index.js';

/**
 * The kit's event names are the service's event catalogue: the kit is published on its own and
 * imports nothing of the service, so `pnpm client:generate` copies the catalogue into
 * `src/generated-events.ts`, and these fail when a name is added, removed or moved on one side only.
 */
describe('@service-gateway/webhook-receiver event names', () => {
  it('are the event catalogue of the service, in its order', () => {
    expect([...WEBHOOK_EVENT_TYPES]).toEqual([...WEBHOOK_EVENTS]);
  });

  it('are committed as `pnpm client:generate` writes them', async () => {
    const [committed, fresh] = await Promise.all([readFile(GENERATED_RECEIVER_EVENTS, 'utf8'), generateReceiverEvents()]);
    if (committed !== fresh) {
      throw new Error(
        'packages/webhook-receiver/src/generated-events.ts differs from the event catalogue (WEBHOOK_EVENTS): ' +
          'run `pnpm client:generate` and commit the result.',
      );
    }
    expect(committed).toBe(fresh);
  });
});
