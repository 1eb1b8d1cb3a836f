/**
 * `pnpm client:generate`: regenerates the generated files of the integrator packages, which are
 * published on their own and do not depend on the service's packages at run time.
 *
 * - `packages/client/src/generated/openapi.ts`, the types of `@service-gateway/client`, from the
 *   OpenAPI document the API serves (`buildOpenApiDocument()` of `@gw/api`, built in this process
 *   from the route table: no server, no database). openapi-typescript's Node API turns the document
 *   into TypeScript. `packages/client/test/generated.test.ts` fails when the committed file differs.
 * - `packages/webhook-receiver/src/generated-events.ts`, the event names of
 *   `@service-gateway/webhook-receiver` (`WEBHOOK_EVENT_TYPES`), from the event catalogue
 *   (`WEBHOOK_EVENTS` of `@gw/core/webhooks`). `packages/webhook-receiver/test/generated-events.test.ts`
 *   fails when the committed file, or the list the kit exports, differs.
 *
 * Prettier (the repository's settings) formats both, so the output is deterministic: the same
 * document and catalogue always give the same bytes.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';
import { buildOpenApiDocument } from '@gw/api/openapi/document';
import { WEBHOOK_EVENTS } from '@gw/core/webhooks';

/** Where the generated types live (committed). */
export const GENERATED_CLIENT_TYPES = fileURLToPath(new URL('../packages/client/src/generated/openapi.ts', import.meta.url));

const HEADER = `/**
 * GENERATED FILE: do not edit. Regenerate with \`pnpm client:generate\` (scripts/generate-client.ts).
 *
 * TypeScript types of the Service Gateway API, produced by openapi-typescript from the OpenAPI
 * document that \`@gw/api\` serves at \`GET /api/openapi.json\` (buildOpenApiDocument()).
 */
`;

/**
 * The one runtime value of the generated module: the operations the document marks
 * `x-idempotent` (they honour an `Idempotency-Key`), as `[METHOD, path template]` pairs. The client
 * sends a key only on these, and retries a write after 503 only with one.
 */
function idempotentOperations(document: { paths?: object }): string {
  const pairs: [string, string][] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, op] of Object.entries(item as object)) {
      if ((op as { 'x-idempotent'?: boolean } | undefined)?.['x-idempotent'] === true) pairs.push([method.toUpperCase(), path]);
    }
  }
  return (
    '/** The operations marked `x-idempotent` in the document: `[METHOD, path template]`. */\n' +
    `export const IDEMPOTENT_OPERATIONS: readonly (readonly [method: string, path: string])[] = ${JSON.stringify(pairs)};\n`
  );
}

/** The generated module's text, exactly as it should be committed. */
export async function generateClientTypes(): Promise<string> {
  const document = buildOpenApiDocument();
  // openapi-typescript's own types describe OpenAPI 3.0/3.1 objects; ours is the same JSON.
  const ast = await openapiTS(document as never, { silent: true });
  const source = HEADER + '\n' + astToString(ast) + '\n' + idempotentOperations(document);
  const options = (await prettier.resolveConfig(GENERATED_CLIENT_TYPES)) ?? {};
  return prettier.format(source, { ...options, filepath: GENERATED_CLIENT_TYPES });
}

/** Where the receiver kit's event names live (committed). */
export const GENERATED_RECEIVER_EVENTS = fileURLToPath(new URL('../packages/webhook-receiver/src/generated-events.ts', import.meta.url));

/**
 * The receiver kit's generated module, exactly as it should be committed: `WEBHOOK_EVENT_NAMES`,
 * the names of `events` (by default the service's catalogue, `WEBHOOK_EVENTS`) in their order, as
 * a readonly tuple of string literals (the kit's `WebhookEventType` is its element type).
 */
export async function generateReceiverEvents(events: readonly string[] = WEBHOOK_EVENTS): Promise<string> {
  const source = `/**
 * GENERATED FILE: do not edit. Regenerate with \`pnpm client:generate\` (scripts/generate-client.ts).
 *
 * The event names the service delivers, in the order of its event catalogue (\`WEBHOOK_EVENTS\` of
 * packages/core/src/webhooks/schemas.ts), copied here so that the kit depends on no package of the service.
 */
export const WEBHOOK_EVENT_NAMES = ${JSON.stringify(events)} as const;
`;
  const options = (await prettier.resolveConfig(GENERATED_RECEIVER_EVENTS)) ?? {};
  return prettier.format(source, { ...options, filepath: GENERATED_RECEIVER_EVENTS });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const [file, text] of [
    [GENERATED_CLIENT_TYPES, await generateClientTypes()],
    [GENERATED_RECEIVER_EVENTS, await generateReceiverEvents()],
  ] as const) {
    await writeFile(file, text);
    console.log(`wrote ${file} (${text.length} characters)`);
  }
}
