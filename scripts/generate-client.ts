/**
 * `pnpm client:generate`: regenerates `packages/client/src/generated/openapi.ts`, the types of
 * `@service-gateway/client`, from the OpenAPI document the API serves (`buildOpenApiDocument()` of `@gw/api`,
 * built in this process from the route table: no server, no database). openapi-typescript's Node
 * API turns the document into TypeScript; Prettier (the repository's settings) formats it, so the
 * output is deterministic: the same document always gives the same bytes.
 * `packages/client/test/generated.test.ts` regenerates in memory and fails when the committed file differs.
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import * as prettier from 'prettier';
import { buildOpenApiDocument } from '@gw/api/openapi/document';

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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const text = await generateClientTypes();
  await writeFile(GENERATED_CLIENT_TYPES, text);
  console.log(`wrote ${GENERATED_CLIENT_TYPES} (${text.length} characters)`);
}
