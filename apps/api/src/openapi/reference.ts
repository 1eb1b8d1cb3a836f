import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import { PUBLIC_CACHE, cacheControl, defineRoute, Reply } from '@gw/runtime';

/**
 * The Swagger UI files the docs page loads, served from the `swagger-ui-dist` package (no CDN:
 * the page works offline). Only these names are served.
 */
const SWAGGER_UI_DIR = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const SWAGGER_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png', 'favicon-16x16.png'] as const;

/** Starts Swagger UI on the page's `#swagger-ui` element with the URL in its `data-spec-url` (an external script: no inline code for the CSP). */
const INIT_JS = `window.addEventListener('load', function () {
  var el = document.getElementById('swagger-ui');
  window.ui = SwaggerUIBundle({
    url: el.getAttribute('data-spec-url'),
    dom_id: '#swagger-ui',
    deepLinking: true,
    layout: 'BaseLayout',
    presets: [SwaggerUIBundle.presets.apis],
    validatorUrl: null,
    defaultModelsExpandDepth: 0,
    docExpansion: 'list'
  });
});
`;

/** The docs page allows only its own scripts, styles (Swagger UI sets inline styles) and the API itself. */
const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const docsPage = (base: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Service Gateway API reference</title>
    <link rel="stylesheet" href="${base}/docs/assets/swagger-ui.css">
    <link rel="icon" type="image/png" href="${base}/docs/assets/favicon-32x32.png" sizes="32x32">
    <link rel="icon" type="image/png" href="${base}/docs/assets/favicon-16x16.png" sizes="16x16">
  </head>
  <body>
    <noscript>This page renders <a href="${base}/openapi.json">the OpenAPI document</a> with JavaScript.</noscript>
    <div id="swagger-ui" data-spec-url="${base}/openapi.json"></div>
    <script src="${base}/docs/assets/swagger-ui-bundle.js" charset="utf-8"></script>
    <script src="${base}/docs/assets/init.js" charset="utf-8"></script>
  </body>
</html>
`;

/**
 * GET/HEAD of the whitelisted Swagger UI assets and the initializer under `/docs/assets/`;
 * anything else falls through (404). Static files, not operations: not in the route table.
 */
export const docsAssets: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return next();
  const name = req.path.replace(/^\//, '');
  res.setHeader('Cache-Control', 'public, max-age=3600');
  if (name === 'init.js') {
    res.type('application/javascript').send(INIT_JS);
    return;
  }
  if (!(SWAGGER_FILES as readonly string[]).includes(name)) return next();
  // `root` keeps the dotfile check to the name (pnpm installs under `node_modules/.pnpm`).
  res.sendFile(name, { root: SWAGGER_UI_DIR }, (err) => {
    if (err && !res.headersSent) next(err);
  });
};

export const OpenApiDocument = z
  .object({
    openapi: z.string().regex(/^3\.1\.\d+$/),
    info: z.object({ title: z.string(), version: z.string() }).catchall(z.unknown()),
    paths: z.record(z.string(), z.unknown()),
  })
  .catchall(z.unknown())
  .meta({ id: 'OpenApiDocument', description: 'This OpenAPI 3.1 document' });

/** The reference rows need only the document, which `createApp` builds from the route table (this table included). */
const route = defineRoute<{ openApiJson(): string }>();

/**
 * The API reference, public and before the rate limiters:
 * - `GET /openapi.json`: the OpenAPI 3.1 document, generated once from the route table;
 * - `GET /docs`: Swagger UI rendering it, with its assets under `/docs/assets/` ({@link docsAssets}).
 */
export const referenceRoutes = [
  route({
    operationId: 'getOpenApiDocument',
    method: 'get',
    path: '/openapi.json',
    tag: 'Reference',
    summary: 'This OpenAPI 3.1 document',
    description: 'Generated from the zod schemas that validate the requests. Not rate limited.',
    auth: 'public',
    rateLimited: false,
    success: [{ status: 200, description: 'The OpenAPI document', schema: OpenApiDocument, headers: cacheControl(PUBLIC_CACHE) }],
    handler: (deps) => new Reply(200, deps.openApiJson(), { 'Cache-Control': PUBLIC_CACHE }, 'application/json'),
  }),
  route({
    operationId: 'getApiDocs',
    method: 'get',
    path: '/docs',
    tag: 'Reference',
    summary: 'Rendered API reference',
    description: 'An HTML page rendering this document with Swagger UI (served from this service, no external assets). Not rate limited.',
    auth: 'public',
    rateLimited: false,
    success: [{ status: 200, description: 'HTML page', schema: z.string(), contentType: 'text/html' }],
    handler: (_deps, { baseUrl }) =>
      new Reply(
        200,
        docsPage(escapeHtml(baseUrl)),
        { 'Content-Security-Policy': DOCS_CSP, 'Cache-Control': 'public, max-age=300' },
        'text/html',
      ),
  }),
];
