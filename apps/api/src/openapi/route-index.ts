import type { OperationDoc } from '@gw/runtime';

/** Where the generated index sits in README.md. */
export const ROUTE_INDEX_START = '<!-- route-index:start (generated from the route table: pnpm docs:routes) -->';
export const ROUTE_INDEX_END = '<!-- route-index:end -->';

const AUTH = { gateway: 'API key + JWT', webhooks: 'API key', public: 'public' } as const;

/**
 * The README's endpoint index: one line per route row (method and path, authentication and scope,
 * summary), in the order of the API reference. Generated, never written by hand: the README test
 * fails when it differs from the route table, and `pnpm docs:routes` rewrites it.
 */
export function routeIndexMarkdown(rows: readonly OperationDoc[]): string {
  const lines = rows.map((r) => {
    const who =
      r.auth === 'public' ? AUTH.public : `${AUTH[r.auth]}${r.scope ? `, \`${r.scope}\`` : ''}${r.role ? `, role \`${r.role}\`` : ''}`;
    return `| \`${r.method.toUpperCase()} ${r.path}\` | ${who} | ${r.summary.replaceAll('|', '\\|')} |`;
  });
  return ['| method and path (under `/api`) | authentication | what it does |', '| --- | --- | --- |', ...lines].join('\n');
}

/** `readme` with its index section replaced by `index`. @throws Error when the markers are missing */
export function withRouteIndex(readme: string, index: string): string {
  const start = readme.indexOf(ROUTE_INDEX_START);
  const end = readme.indexOf(ROUTE_INDEX_END);
  if (start < 0 || end < start) throw new Error(`README.md lacks the markers ${ROUTE_INDEX_START} … ${ROUTE_INDEX_END}`);
  return `${readme.slice(0, start + ROUTE_INDEX_START.length)}\n\n${index}\n\n${readme.slice(end)}`;
}
