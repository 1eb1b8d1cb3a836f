import type { RequestHandler } from 'express';
import { AppError, type ErrorCode, type ProblemTypeInfo } from '@gw/runtime';
import { errorCatalog } from '@gw/core/problems';

/**
 * Where the problem type URIs resolve. A problem's `type` is the relative reference
 * `/problems/<code>`; RFC 3986 §5 resolves it against the URL of the answer that carried it, so
 * against the origin's root (`https://host/problems/<code>`), outside the API's `/api` base.
 */
export const PROBLEM_PAGES_PATH = '/problems';

/** What caches may do with the pages: they change only with a deployment. */
export const PROBLEM_PAGE_CACHE = 'public, max-age=3600';

/** Only the page's own inline style; no script, no external resource, no framing. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** HTML-escapes text (`& < > " '`). */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Escaped text whose `` `code` `` spans become `<code>` elements. */
const prose = (s: string) => escapeHtml(s).replace(/`([^`]+)`/g, '<code>$1</code>');

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}' +
  'code{background:#f1f1f1;padding:0 .2em;border-radius:3px}table{border-collapse:collapse}' +
  'td,th{border-bottom:1px solid #ddd;padding:.3rem .6rem;text-align:left;vertical-align:top}';

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;

/** The page of one problem type: title, HTTP status, what it means, what to do. */
export function problemPage(code: ErrorCode, info: ProblemTypeInfo = errorCatalog[code]): string {
  return layout(
    `${info.title} (${info.status})`,
    `<p><a href="${PROBLEM_PAGES_PATH}">All problem types</a></p>
<h1>${escapeHtml(info.title)}</h1>
<table>
<tr><th>type</th><td><code>${escapeHtml(`${PROBLEM_PAGES_PATH}/${code}`)}</code></td></tr>
<tr><th>HTTP status</th><td>${info.status}</td></tr>
</table>
<h2>What it means</h2>
<p>${prose(info.meaning)}</p>
<h2>What to do</h2>
<p>${prose(info.action)}</p>
<p>Every error of the API is an RFC 9457 problem document (<code>application/problem+json</code>): <code>type</code> links here, <code>detail</code> explains the occurrence, <code>instance</code> is the request path. The API reference is at <a href="/api/docs">/api/docs</a>.</p>`,
  );
}

/** The index page: every problem type with its status and title. */
export function problemIndexPage(): string {
  const rows = (Object.entries(errorCatalog) as [ErrorCode, ProblemTypeInfo][])
    .map(
      ([code, info]) =>
        `<tr><td><a href="${PROBLEM_PAGES_PATH}/${escapeHtml(code)}"><code>${escapeHtml(code)}</code></a></td><td>${info.status}</td><td>${escapeHtml(info.title)}</td></tr>`,
    )
    .join('\n');
  return layout(
    'Problem types',
    `<h1>Problem types</h1>
<p>The <code>type</code> of every problem document the API answers, with its HTTP status.</p>
<table>
<tr><th>type</th><th>status</th><th>title</th></tr>
${rows}
</table>`,
  );
}

/** The routes of the pages (outside the route table: not under `/api`), for `Allow` and CORS. */
export const PROBLEM_PAGE_ROUTES = [
  { method: 'GET', path: PROBLEM_PAGES_PATH },
  { method: 'GET', path: `${PROBLEM_PAGES_PATH}/:code` },
] as const;

/**
 * `GET|HEAD /problems` and `/problems/:code`: the human-readable HTML pages of the problem types,
 * generated once from the error catalogue, `Cache-Control: public, max-age=3600`, a CSP of their
 * own. An unknown code falls through to the 404 problem.
 * @returns the two handlers, for `app.get`
 */
export function problemPages(): { index: RequestHandler; page: RequestHandler } {
  const pages = new Map(Object.keys(errorCatalog).map((code) => [code, problemPage(code as ErrorCode)]));
  const indexHtml = problemIndexPage();
  const send = (res: Parameters<RequestHandler>[1], html: string) =>
    res.setHeader('Cache-Control', PROBLEM_PAGE_CACHE).setHeader('Content-Security-Policy', PAGE_CSP).type('text/html').send(html);
  return {
    index: (_req, res) => send(res, indexHtml),
    page: (req, res) => {
      const html = pages.get(String(req.params.code));
      if (!html) throw new AppError('not-found', 'No such problem type');
      send(res, html);
    },
  };
}
