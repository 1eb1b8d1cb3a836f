import type { OperationDoc } from '@gw/runtime';

const AUTH = { gateway: 'API key + JWT', webhooks: 'API key', public: 'public' } as const;

/**
 * The endpoint index of docs/endpoints.md: one line per route row (method and path,
 * authentication and scope, summary), in the order of the API reference. Generated, never written
 * by hand: `pnpm docs:generate` writes it and `test/docs-generated.test.ts` fails when it differs
 * from the route table.
 */
export function routeIndexMarkdown(rows: readonly OperationDoc[]): string {
  const lines = rows.map((r) => {
    const who =
      r.auth === 'public' ? AUTH.public : `${AUTH[r.auth]}${r.scope ? `, \`${r.scope}\`` : ''}${r.role ? `, role \`${r.role}\`` : ''}`;
    return `| \`${r.method.toUpperCase()} ${r.path}\` | ${who} | ${r.summary.replaceAll('|', '\\|')} |`;
  });
  return ['| method and path (under `/api`) | authentication | what it does |', '| --- | --- | --- |', ...lines].join('\n');
}
