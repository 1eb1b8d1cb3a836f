import { describe, expect, it } from '@jest/globals';
import { buildOpenApiDocument } from '@gw/api';
import { lintOpenApi, type LintProblem } from '../../../scripts/openapi-lint.js';

const show = (ps: LintProblem[]) => ps.map((p) => `${p.linter} ${p.severity} ${p.rule}: ${p.message} (${p.where})`);

/** The served document passes Redocly's recommended ruleset and Spectral's `spectral:oas`. */
describe('OpenAPI lint (redocly + spectral)', () => {
  it('finds 0 errors in the document GET /api/openapi.json serves, and only the accepted warnings', async () => {
    const report = await lintOpenApi(buildOpenApiDocument());
    expect(show(report.problems.filter((p) => p.severity === 'error'))).toEqual([]);
    // The warnings listed in redocly.yaml and docs/operating.md, and no others.
    const pointer = (path: string) => `#/paths/${path.replaceAll('/', '~1')}`;
    expect(show(report.problems.filter((p) => p.severity === 'warning')).sort()).toEqual(
      [
        ...['/health', '/openapi.json', '/docs'].map(
          (path) =>
            `redocly warning operation-4xx-response: Operation must have at least one \`4XX\` response. (${pointer(path)}/get/responses)`,
        ),
        // `GET …/deliveries/{id}` beside `POST …/{id}/recover` and `POST …/{id}/test`.
        ...['/gateway/v1/webhooks/{id}/recover', '/gateway/v1/webhooks/{id}/test'].map(
          (path) =>
            `redocly warning no-ambiguous-paths: Paths should resolve unambiguously. Found two ambiguous paths: \`/gateway/v1/webhooks/deliveries/{id}\` and \`${path}\`. (${pointer(path)})`,
        ),
      ].sort(),
    );
  }, 120_000);

  it('reports errors of both linters when the document is broken', async () => {
    const doc = buildOpenApiDocument() as unknown as { paths: Record<string, Record<string, { operationId?: string }>> };
    // Two operations with one operationId, and an operation without responses.
    doc.paths['/gateway/v1/payments']!.get!.operationId = doc.paths['/gateway/v1/payments']!.post!.operationId;
    delete (doc.paths['/gateway/v1/token/info']!.get as { responses?: unknown }).responses;
    const report = await lintOpenApi(doc, 'openapi-broken');
    const failing = new Set(report.problems.filter((p) => p.severity === 'error').map((p) => p.linter));
    expect([...failing].sort()).toEqual(['redocly', 'spectral']);
  }, 120_000);
});
