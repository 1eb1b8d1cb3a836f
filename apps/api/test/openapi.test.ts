import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { registeredRoutes } from '@gw/api';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { ContractChecker, type ContractDocument } from '../../../test/support/contract-check.js';

/**
 * The API reference: `GET /api/openapi.json` documents every route of the running app
 * (and nothing else), each example matches its schema, the documented scopes are the enforced
 * ones, and the reference page renders it. That real responses — successes and problem documents
 * — validate against the documented schema of their status and media type is the contract check's
 * work (test/support/contract-check.ts): `startStack` watches every answer of every
 * integration test, this file's included, and `stack.stop()` fails the file on drift. The last
 * block here provokes the few answers that no other test file makes.
 */

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
  example?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface ResponseObject {
  description: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, unknown>;
}
interface OperationObject {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema: Json }[];
  requestBody?: { content: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
  'x-auth': 'api-key+jwt' | 'api-key' | 'public';
  'x-scope': string | null;
  'x-required-role'?: string;
}
interface Document {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas: Record<string, Json>; securitySchemes: Record<string, Json>; headers: Record<string, Json> };
}

/** Express path template → the document's path (relative to the `/api` server, `{param}`). */
const toOpenApiPath = (expressPath: string) => expressPath.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}');

describe('OpenAPI reference', () => {
  let stack: Stack;
  let doc: Document;
  let checker: ContractChecker;
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));

  const validator = (schema: Json) => checker.validator(schema);

  const assertValid = (schema: Json, value: unknown, what: string) => {
    const validate = validator(schema);
    if (!validate(value)) {
      throw new Error(
        `${what} does not match its documented schema: ${checker.ajv.errorsText(validate.errors)}\n${JSON.stringify(value, null, 1).slice(0, 3000)}`,
      );
    }
  };

  const headers = (key?: string, jwt?: string, extra: Record<string, string> = {}) => ({
    ...(key ? { 'X-API-Key': key } : {}),
    ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}),
    ...extra,
  });

  beforeAll(async () => {
    stack = await startStack('openapi', { worker: false, env: { AUTH_FAILURE_LIMIT: '100000', RATE_LIMIT_MAX: '100000' } });
    const res = await stack.http.get('/api/openapi.json');
    if (res.status !== 200)
      throw new Error(`GET /api/openapi.json answered ${res.status}: is openapiRouter(deps) mounted on the /api router in create-app.ts?`);
    doc = res.body as Document;
    checker = new ContractChecker(doc as unknown as ContractDocument);
  });
  afterAll(() => stack?.stop());

  describe('the document', () => {
    it('is an OpenAPI 3.1 document served as JSON, with the security schemes and the Problem schema', async () => {
      const res = await stack.http.get('/api/openapi.json');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.servers).toEqual([expect.objectContaining({ url: '/api' })]);
      expect(doc.components.securitySchemes.ApiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
      expect(doc.components.securitySchemes.BearerJWT).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
      expect(doc.components.schemas.Problem).toMatchObject({
        required: ['type', 'title', 'status', 'detail', 'instance'],
        additionalProperties: {},
      });
    });

    it('documents every route of the running app, and no route that does not exist', () => {
      const routes = registeredRoutes(stack.api.app);
      expect(routes.length).toBeGreaterThanOrEqual(45); // 43 API routes + /openapi.json + /docs
      const real = new Set(routes.map((r) => `${r.method} ${toOpenApiPath(r.path)}`));
      const inDoc = new Set(operations().map(({ method, path }) => `${method.toUpperCase()} ${path}`));
      expect({ undocumented: [...real].filter((r) => !inDoc.has(r)).sort() }).toEqual({ undocumented: [] });
      expect({ notARoute: [...inDoc].filter((r) => !real.has(r)).sort() }).toEqual({ notARoute: [] });
      for (const r of routes) expect(r.path.startsWith('/api/')).toBe(true);
    });

    it('gives every operation an id, summary, description, tag, scope, authentication and problem responses', () => {
      const ids = new Set<string>();
      for (const { path, method, op } of operations()) {
        const where = `${method.toUpperCase()} ${path}`;
        expect({ where, id: typeof op.operationId }).toEqual({ where, id: 'string' });
        expect(ids.has(op.operationId)).toBe(false);
        ids.add(op.operationId);
        expect(op.summary.length).toBeGreaterThan(0);
        expect(op.tags).toHaveLength(1);
        expect(Object.prototype.hasOwnProperty.call(op, 'x-scope')).toBe(true);
        const scope = op['x-scope'];
        switch (op['x-auth']) {
          case 'api-key+jwt':
            expect({ where, security: op.security }).toEqual({ where, security: [{ ApiKey: scope ? [scope] : [], BearerJWT: [] }] });
            expect(op.description).toContain('`X-API-Key`');
            expect(op.description).toContain('Bearer');
            break;
          case 'api-key':
            // Webhook management has scopes (webhooks:read / webhooks:write).
            expect({ where, security: op.security }).toEqual({ where, security: [{ ApiKey: scope ? [scope] : [] }] });
            expect(op.description).toContain('API key in `X-API-Key` only');
            break;
          case 'public':
            expect({ where, security: op.security }).toEqual({ where, security: [] });
            expect(op.description).toContain('public');
            break;
          default:
            throw new Error(`${where}: x-auth ${String(op['x-auth'])}`);
        }
        if (scope) expect(op.description).toContain(`\`${scope}\``);
        const statuses = Object.keys(op.responses).map(Number);
        expect(statuses.some((s) => s >= 200 && s < 400)).toBe(true);
        if (op['x-auth'] !== 'public') expect(statuses).toContain(401);
        if (scope) expect(statuses).toContain(403);
        for (const [status, response] of Object.entries(op.responses)) {
          expect(response.description.length).toBeGreaterThan(0);
          // Every error is a problem document, except the health check's own 503 body.
          if (Number(status) >= 400 && !(path === '/health' && status === '503')) {
            expect({ where, status, media: Object.keys(response.content ?? {}) }).toEqual({
              where,
              status,
              media: ['application/problem+json'],
            });
            expect(response.content!['application/problem+json']!.schema).toEqual({ $ref: '#/components/schemas/Problem' });
          }
        }
      }
    });

    it('every schema compiles and every example (bodies, responses, parameters) matches its schema', () => {
      let examples = 0;
      for (const { path, method, op } of operations()) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const p of op.parameters ?? []) {
          validator(p.schema);
          if (p.schema.example !== undefined) {
            assertValid(p.schema, p.schema.example, `${where} parameter ${p.name} example`);
            examples++;
          }
        }
        for (const [mediaType, media] of Object.entries(op.requestBody?.content ?? {})) {
          expect({ where, example: media.example !== undefined }).toEqual({ where, example: true });
          assertValid(media.schema!, media.example, `${where} request ${mediaType} example`);
          examples++;
        }
        for (const [status, response] of Object.entries(op.responses)) {
          for (const [mediaType, media] of Object.entries(response.content ?? {})) {
            validator(media.schema!);
            if (media.example !== undefined) {
              assertValid(media.schema!, media.example, `${where} ${status} example`);
              examples++;
            }
            for (const [name, e] of Object.entries(media.examples ?? {})) {
              assertValid(media.schema!, e.value, `${where} ${status} example ${name}`);
              expect((e.value as Json).status).toBe(Number(status));
              examples++;
            }
            // Every JSON success answer has an example.
            if (Number(status) < 400 && mediaType === 'application/json' && path !== '/openapi.json') {
              expect({ where, status, example: media.example !== undefined }).toEqual({ where, status, example: true });
            }
          }
        }
      }
      expect(examples).toBeGreaterThan(200);
    });

    it('the documented scope is the one enforced, and the documented authentication is required', async () => {
      const jwt = (await stack.login()).token;
      const anyKey = (await stack.org()).apiKey;
      const fill = (path: string) => `/api${path.replace('{file}', 'token.json').replace(/\{\w+\}/g, () => randomUUID())}`;
      const keys = new Map<string, string>();
      const keyWithout = async (scope: string) => {
        const other = scope === 'farming:read' ? 'energy:read' : 'farming:read';
        if (!keys.has(other)) keys.set(other, (await stack.org(other)).apiKey);
        return keys.get(other)!;
      };
      const send = (method: string, path: string, h: Record<string, string>) => {
        const req =
          method === 'get' ? stack.http.get(path) : method === 'delete' ? stack.http.delete(path) : stack.http.post(path).send({});
        return req.set(h);
      };
      let checked = 0;
      for (const { path, method, op } of operations()) {
        const url = fill(path);
        if (op['x-auth'] === 'public') {
          const res = await send(method, url, {});
          expect([401, 403]).not.toContain(res.status);
          continue;
        }
        const anonymous = await send(method, url, {});
        expect({ path, status: anonymous.status, type: anonymous.body.type }).toEqual({
          path,
          status: 401,
          type: '/problems/unauthenticated',
        });
        if (op['x-auth'] === 'api-key') {
          const bearerOnly = await send(method, url, headers(undefined, jwt));
          expect({ path, status: bearerOnly.status }).toEqual({ path, status: 401 });
        } else {
          const keyOnly = await send(method, url, headers(anyKey));
          expect({ path, status: keyOnly.status }).toEqual({ path, status: 401 });
        }
        const scope = op['x-scope'];
        if (scope) {
          const res = await send(method, url, headers(await keyWithout(scope), jwt));
          expect({ path, status: res.status, body: res.body }).toMatchObject({
            path,
            status: 403,
            body: { type: '/problems/insufficient-scope', requiredScope: scope },
          });
        }
        checked++;
      }
      expect(checked).toBeGreaterThanOrEqual(37);
    });

    it('the docs page renders the document with assets served by the API (no CDN)', async () => {
      const page = await stack.http.get('/api/docs');
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.text).toContain('data-spec-url="/api/openapi.json"');
      const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!).filter((u) => u !== '/api/openapi.json');
      expect(assets.length).toBeGreaterThanOrEqual(4);
      for (const asset of assets) {
        expect(asset.startsWith('/api/docs/assets/')).toBe(true);
        const res = await stack.http.get(asset);
        expect({ asset, status: res.status }).toEqual({ asset, status: 200 });
      }
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/https?:/);
      expect((await stack.http.get('/api/docs/assets/swagger-ui-bundle.js')).headers['content-type']).toMatch(/javascript/);
      expect((await stack.http.get('/api/docs/assets/../../openapi.json')).status).not.toBe(500);
      const outside = await stack.http.get('/api/docs/assets/package.json');
      expect(outside.status).toBe(404);
    });
  });

  /**
   * The answers that no other test file provokes. Every other route and status is answered by the
   * integration tests of its module, where the contract check validates it.
   */
  describe('answers no other test makes', () => {
    it('a write that is not JSON is a 415 problem, one over the body limit a 413 problem', async () => {
      const org = await stack.org();
      const { token } = await stack.login();
      const notJson = await stack.http
        .post('/api/gateway/v1/payments')
        .set(headers(org.apiKey, token, { 'Content-Type': 'text/plain' }))
        .send('amount=1');
      expect(notJson.body).toMatchObject({ status: 415, type: '/problems/unsupported-media-type' });
      const tooLarge = await stack.http
        .post('/api/gateway/v1/payments')
        .set(headers(org.apiKey, token))
        .send({ amount: '1', description: 'x'.repeat(70_000) });
      expect(tooLarge.body).toMatchObject({ status: 413, type: '/problems/payload-too-large' });
    });

    it('a rate-limited request answers the documented 429 problem', async () => {
      const limited = await startStack('openapi-429', { worker: false, env: { RATE_LIMIT_MAX: '1' } });
      try {
        await limited.http.get('/api/gateway/v1/token/info');
        const res = await limited.http.get('/api/gateway/v1/token/info');
        expect(res.body).toMatchObject({ status: 429, type: '/problems/rate-limited' });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        await limited.stop();
      }
    });
  });
});
