import { readFile } from 'node:fs/promises';
import { describe, expect, it } from '@jest/globals';
import { GENERATED_CLIENT_TYPES, generateClientTypes } from '../../../scripts/generate-client.js';

describe('@service-gateway/client generated types', () => {
  it('match the OpenAPI document the API builds now (else run `pnpm client:generate` and commit)', async () => {
    const [committed, fresh] = await Promise.all([readFile(GENERATED_CLIENT_TYPES, 'utf8'), generateClientTypes()]);
    if (committed !== fresh) {
      const a = committed.split('\n');
      const b = fresh.split('\n');
      const line = a.findIndex((l, i) => l !== b[i]);
      throw new Error(
        `packages/client/src/generated/openapi.ts is out of date with the OpenAPI document: run \`pnpm client:generate\` and commit the result.\n` +
          `First difference at line ${line + 1}:\n  committed: ${a[line] ?? '(end of file)'}\n  generated: ${b[line] ?? '(end of file)'}`,
      );
    }
    expect(committed).toBe(fresh);
  });
});
