import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Response } from 'supertest';
import { registeredRoutes } from '@gw/api';
import { ISSUANCE, postEntry, TREASURY } from '@gw/core/ledger';
import { issueCredential } from '@gw/core/auth';
import { parseScopes } from '@gw/runtime';
import { startStack, type Stack } from '../../../test/support/stack.js';
import { ContractChecker, type ContractDocument } from '../../../test/support/contract-check.js';
import { signedConsent, signedRevocation } from '../../../test/support/consent.js';
import { newWallet, signedLogin } from '../../../test/support/wallet.js';

/**
 * The API reference (issue #4): `GET /api/openapi.json` documents every route of the running app
 * (and nothing else), each example matches its schema, the documented scopes are the enforced
 * ones, and real responses — successes and problem documents — validate against the documented
 * schema of their status and media type (JSON Schema 2020-12, objects closed: a response field the
 * document does not name fails the test).
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

const ONE = 10n ** 18n;
const DAY = 86_400_000;

/** Express path template → the document's path (relative to the `/api` server, `{param}`). */
const toOpenApiPath = (expressPath: string) => expressPath.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}');

describe('OpenAPI reference (issue #4)', () => {
  let stack: Stack;
  let doc: Document;
  let checker: ContractChecker;
  /** `METHOD path status` of every real response validated against the document. */
  const validated = new Set<string>();

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

  /** Checks a real response against the document: its status, media type and body must be documented. */
  const documented = (res: Response, method: string, path: string): Response => {
    const op = doc.paths[path]?.[method];
    if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
    const response = op.responses[String(res.status)] ?? op.responses.default;
    if (!response) throw new Error(`${method.toUpperCase()} ${path} answered ${res.status} (not documented): ${res.text?.slice(0, 500)}`);
    if (!response.content) {
      expect(res.text ?? '').toBe('');
    } else {
      const mediaType = String(res.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim();
      const media = response.content[mediaType];
      if (!media?.schema)
        throw new Error(
          `${method.toUpperCase()} ${path} ${res.status} answered ${mediaType}, documented: ${Object.keys(response.content).join(', ')}`,
        );
      const body = mediaType.startsWith('text/') ? res.text : res.body;
      assertValid(media.schema, body, `${method.toUpperCase()} ${path} ${res.status}`);
    }
    validated.add(`${method.toUpperCase()} ${path} ${res.status}`);
    return res;
  };

  const headers = (key?: string, jwt?: string, extra: Record<string, string> = {}) => ({
    ...(key ? { 'X-API-Key': key } : {}),
    ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}),
    ...extra,
  });
  const prisma = () => stack.api.deps.prisma;

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
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      documented(res, 'get', '/openapi.json');
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
            // Issue #11: webhook management has scopes (webhooks:read / webhooks:write).
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
          const res = documented(await send(method, url, {}), method, path);
          expect([401, 403]).not.toContain(res.status);
          continue;
        }
        const anonymous = documented(await send(method, url, {}), method, path);
        expect({ path, status: anonymous.status, type: anonymous.body.type }).toEqual({
          path,
          status: 401,
          type: '/problems/unauthenticated',
        });
        if (op['x-auth'] === 'api-key') {
          const bearerOnly = documented(await send(method, url, headers(undefined, jwt)), method, path);
          expect({ path, status: bearerOnly.status }).toEqual({ path, status: 401 });
        } else {
          const keyOnly = documented(await send(method, url, headers(anyKey)), method, path);
          expect({ path, status: keyOnly.status }).toEqual({ path, status: 401 });
        }
        const scope = op['x-scope'];
        if (scope) {
          const res = documented(await send(method, url, headers(await keyWithout(scope), jwt)), method, path);
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
  });

  describe('real responses match the documented schemas', () => {
    let org: { organizationId: string; apiKey: string };
    let alice: Awaited<ReturnType<Stack['login']>>;
    let bob: { token: string; address: string };
    const get = (path: string, key = org.apiKey, jwt = alice.token, extra: Record<string, string> = {}) =>
      stack.http.get(`/api${path}`).set(headers(key, jwt, extra));
    const post = (path: string, body?: object, key = org.apiKey, jwt = alice.token, extra: Record<string, string> = {}) => {
      const req = stack.http.post(`/api${path}`).set(headers(key, jwt, extra));
      return body === undefined ? req : req.send(body);
    };
    const del = (path: string, key = org.apiKey, jwt = alice.token, body?: object) =>
      stack.http.delete(`/api${path}`).set(headers(key, jwt)).send(body);

    beforeAll(async () => {
      org = await stack.org();
      alice = await stack.login();
      bob = await stack.login();
      await stack.mint(alice.address, 1000n * ONE);
    });

    it('health, session, JWKS, token info, contracts and ABIs', async () => {
      documented(await stack.http.get('/api/health'), 'get', '/health');
      const login = documented(
        await stack.http.post('/api/gateway/v1/sso/login').send(await signedLogin(newWallet(), { nonce: await stack.nonce() })),
        'post',
        '/gateway/v1/sso/login',
      );
      expect(login.status).toBe(200);
      const replay = await signedLogin(newWallet(), { nonce: await stack.nonce() });
      await stack.http.post('/api/gateway/v1/sso/login').send(replay);
      const replayed = documented(await stack.http.post('/api/gateway/v1/sso/login').send(replay), 'post', '/gateway/v1/sso/login');
      expect(replayed.body).toMatchObject({ status: 401, type: '/problems/invalid-signature' });
      documented(await stack.http.get('/api/.well-known/jwks.json'), 'get', '/.well-known/jwks.json');
      expect(documented(await stack.http.get('/api/gateway/v1/token/info'), 'get', '/gateway/v1/token/info').status).toBe(200);
      const typo = documented(await stack.http.get('/api/gateway/v1/token/info?foo=1'), 'get', '/gateway/v1/token/info');
      expect(typo.body).toMatchObject({ status: 400, type: '/problems/validation-error' });
      expect(documented(await stack.http.get('/api/gateway/v1/contracts/addresses'), 'get', '/gateway/v1/contracts/addresses').status).toBe(
        200,
      );
      const abi = documented(await stack.http.get('/api/contracts-abi/token.json'), 'get', '/contracts-abi/{file}');
      expect(abi.status).toBe(200);
      const notModified = documented(
        await stack.http.get('/api/contracts-abi/token.json').set('If-None-Match', String(abi.headers.etag)),
        'get',
        '/contracts-abi/{file}',
      );
      expect(notModified.status).toBe(304);
      const unknown = documented(await stack.http.get('/api/contracts-abi/nope.json'), 'get', '/contracts-abi/{file}');
      expect(unknown.status).toBe(404);
    });

    it('payments and webhooks', async () => {
      const registered = documented(
        await post(
          '/gateway/v1/webhooks/register',
          { url: 'http://127.0.0.1:9999/hooks', events: ['payment.settled', 'payment.refunded'] },
          org.apiKey,
          '',
        ),
        'post',
        '/gateway/v1/webhooks/register',
      );
      expect(registered.status).toBe(201);
      const again = documented(
        await post(
          '/gateway/v1/webhooks/register',
          { url: 'http://127.0.0.1:9999/hooks', events: ['payment.settled', 'payment.refunded'] },
          org.apiKey,
          '',
        ),
        'post',
        '/gateway/v1/webhooks/register',
      );
      expect(again.status).toBe(200);
      const badUrl = documented(
        await post('/gateway/v1/webhooks/register', { url: 'ftp://example.com/x' }, org.apiKey, ''),
        'post',
        '/gateway/v1/webhooks/register',
      );
      expect(badUrl.body).toMatchObject({ status: 400, type: '/problems/validation-error' });
      const connector = await issueCredential(prisma(), {
        organizationId: org.organizationId,
        kind: 'connector',
        scopes: parseScopes('all'),
      });
      const refused = documented(await get('/gateway/v1/webhooks', connector.secret, ''), 'get', '/gateway/v1/webhooks');
      expect(refused.body).toMatchObject({ status: 403, type: '/problems/connector-not-allowed' });
      expect(documented(await get('/gateway/v1/webhooks', org.apiKey, ''), 'get', '/gateway/v1/webhooks').body.data).toHaveLength(1);
      const one = documented(await get(`/gateway/v1/webhooks/${registered.body.id}`, org.apiKey, ''), 'get', '/gateway/v1/webhooks/{id}');
      expect(one.body).toMatchObject({ id: registered.body.id, health: { state: 'closed' } });

      const created = documented(
        await post('/gateway/v1/payments', { amount: (12n * ONE).toString(), description: 'Order #1001' }, org.apiKey, alice.token, {
          'Idempotency-Key': 'order-1001',
        }),
        'post',
        '/gateway/v1/payments',
      );
      expect(created.status).toBe(201);
      const reused = documented(
        await post('/gateway/v1/payments', { amount: '1' }, org.apiKey, alice.token, { 'Idempotency-Key': 'order-1001' }),
        'post',
        '/gateway/v1/payments',
      );
      expect(reused.body).toMatchObject({ status: 422, type: '/problems/idempotency-key-reused' });
      const invalid = documented(await post('/gateway/v1/payments', { amount: '1.5' }), 'post', '/gateway/v1/payments');
      expect(invalid.body).toMatchObject({ status: 400, type: '/problems/validation-error', errors: [{ path: 'amount' }] });
      const notJson = documented(
        await stack.http
          .post('/api/gateway/v1/payments')
          .set(headers(org.apiKey, alice.token, { 'Content-Type': 'text/plain' }))
          .send('amount=1'),
        'post',
        '/gateway/v1/payments',
      );
      expect(notJson.status).toBe(415);
      const malformed = documented(
        await stack.http
          .post('/api/gateway/v1/payments')
          .set(headers(org.apiKey, alice.token, { 'Content-Type': 'application/json' }))
          .send('{"amount":'),
        'post',
        '/gateway/v1/payments',
      );
      expect(malformed.body).toMatchObject({ status: 400, type: '/problems/malformed-json' });
      const tooLarge = documented(
        await post('/gateway/v1/payments', { amount: '1', description: 'x'.repeat(70_000) }),
        'post',
        '/gateway/v1/payments',
      );
      expect(tooLarge.status).toBe(413);

      const id = created.body.id as string;
      const notPayer = documented(
        await post(`/gateway/v1/payments/${id}/confirm`, undefined, org.apiKey, bob.token),
        'post',
        '/gateway/v1/payments/{id}/confirm',
      );
      expect(notPayer.body).toMatchObject({ status: 403, type: '/problems/not-payer' });
      const early = documented(await post(`/gateway/v1/payments/${id}/refund`), 'post', '/gateway/v1/payments/{id}/refund');
      expect(early.body).toMatchObject({ status: 409, type: '/problems/invalid-state' });
      expect(documented(await post(`/gateway/v1/payments/${id}/confirm`), 'post', '/gateway/v1/payments/{id}/confirm').body.status).toBe(
        'settled',
      );
      expect(documented(await get(`/gateway/v1/payments/${id}`), 'get', '/gateway/v1/payments/{id}').status).toBe(200);
      expect(documented(await post(`/gateway/v1/payments/${id}/refund`), 'post', '/gateway/v1/payments/{id}/refund').body.status).toBe(
        'refunded',
      );
      const missing = documented(await get(`/gateway/v1/payments/${randomUUID()}`), 'get', '/gateway/v1/payments/{id}');
      expect(missing.body).toMatchObject({ status: 404, type: '/problems/not-found' });
      const list = documented(await get('/gateway/v1/payments?limit=1'), 'get', '/gateway/v1/payments');
      expect(list.body.data).toHaveLength(1);
      // A short balance answers 200 with the payment failed.
      const poor = await stack.login();
      const unpaid = await post('/gateway/v1/payments', { amount: ONE.toString() }, org.apiKey, poor.token);
      expect(
        documented(
          await post(`/gateway/v1/payments/${unpaid.body.id}/confirm`, undefined, org.apiKey, poor.token),
          'post',
          '/gateway/v1/payments/{id}/confirm',
        ).body.status,
      ).toBe('failed');

      const deliveries = documented(await get('/gateway/v1/webhooks/deliveries', org.apiKey, ''), 'get', '/gateway/v1/webhooks/deliveries');
      expect(deliveries.body.data.length).toBeGreaterThanOrEqual(2);
      const deliveryId = deliveries.body.data[0].id as string;
      // Issue #25: a delivery with its attempts, the events, a test event.
      const detail = documented(
        await get(`/gateway/v1/webhooks/deliveries/${deliveryId}`, org.apiKey, ''),
        'get',
        '/gateway/v1/webhooks/deliveries/{id}',
      );
      expect(detail.body.id).toBe(deliveryId);
      const events = documented(await get('/gateway/v1/events?order=asc', org.apiKey, ''), 'get', '/gateway/v1/events');
      expect(events.body.data.length).toBeGreaterThanOrEqual(2);
      expect(
        documented(await get(`/gateway/v1/events/${events.body.data[0].id}`, org.apiKey, ''), 'get', '/gateway/v1/events/{id}').status,
      ).toBe(200);
      const test = documented(
        await post(`/gateway/v1/webhooks/${registered.body.id}/test`, { event: 'payment.failed' }, org.apiKey, ''),
        'post',
        '/gateway/v1/webhooks/{id}/test',
      );
      expect(test.body).toMatchObject({ status: 'pending', event: 'payment.failed' });
      const pending = documented(
        await post(`/gateway/v1/webhooks/deliveries/${deliveryId}/retry`, undefined, org.apiKey, ''),
        'post',
        '/gateway/v1/webhooks/deliveries/{id}/retry',
      );
      expect(pending.status).toBe(202); // issue #25: a pending delivery's next attempt is brought forward
      expect(pending.body).toMatchObject({ id: deliveryId, status: 'pending' });
      await prisma().delivery.update({
        where: { id: deliveryId },
        data: { status: 'dead', attempts: 8, lastError: 'HTTP 500', lastStatusCode: 500, nextAttemptAt: null },
      });
      expect(
        documented(
          await post(`/gateway/v1/webhooks/deliveries/${deliveryId}/retry`, undefined, org.apiKey, ''),
          'post',
          '/gateway/v1/webhooks/deliveries/{id}/retry',
        ).status,
      ).toBe(202);
      expect(
        documented(await get('/gateway/v1/webhooks/deliveries?status=pending', org.apiKey, ''), 'get', '/gateway/v1/webhooks/deliveries')
          .status,
      ).toBe(200);
      // Bulk recovery (issue #10): a bad `since` is a documented 400, a valid one a documented 202.
      const recoverPath = `/gateway/v1/webhooks/${registered.body.id}/recover`;
      expect(
        documented(await post(recoverPath, { since: 'not-a-date' }, org.apiKey, ''), 'post', '/gateway/v1/webhooks/{id}/recover').body,
      ).toMatchObject({ status: 400, type: '/problems/validation-error' });
      const recovered = documented(
        await post(recoverPath, { since: new Date(Date.now() - 3600_000).toISOString() }, org.apiKey, ''),
        'post',
        '/gateway/v1/webhooks/{id}/recover',
      );
      expect(recovered.status).toBe(202);
      expect(recovered.body.recovered).toBeGreaterThanOrEqual(0);
      const off = documented(
        await del(`/gateway/v1/webhooks/${registered.body.id}`, org.apiKey, ''),
        'delete',
        '/gateway/v1/webhooks/{id}',
      );
      expect(off.body.active).toBe(false);
    });

    it('wallet, staking, farming, governance and treasury', async () => {
      expect(documented(await get('/gateway/v1/wallet/balances'), 'get', '/gateway/v1/wallet/balances').status).toBe(200);
      const sent = documented(
        await post('/gateway/v1/wallet/transfer', { to: bob.address.toLowerCase(), amount: (3n * ONE).toString() }),
        'post',
        '/gateway/v1/wallet/transfer',
      );
      expect(sent.status).toBe(201);
      const short = documented(
        await post('/gateway/v1/wallet/transfer', { to: alice.address, amount: (4n * ONE).toString() }, org.apiKey, bob.token),
        'post',
        '/gateway/v1/wallet/transfer',
      );
      expect(short.body).toMatchObject({ status: 422, type: '/problems/insufficient-funds' });

      const locked = documented(
        await post('/gateway/v1/staking/stake', { amount: (10n * ONE).toString(), lockDays: 30 }),
        'post',
        '/gateway/v1/staking/stake',
      );
      expect(locked.status).toBe(201);
      const tooEarly = documented(
        await post(`/gateway/v1/staking/positions/${locked.body.id}/unstake`),
        'post',
        '/gateway/v1/staking/positions/{id}/unstake',
      );
      expect(tooEarly.body).toMatchObject({ status: 409, type: '/problems/invalid-state', reason: 'locked' });
      const open = await post('/gateway/v1/staking/stake', { amount: (10n * ONE).toString() });
      await prisma().stakingPosition.update({
        where: { id: open.body.id },
        data: { startedAt: new Date(Date.now() - 2 * DAY), lockedUntil: new Date(Date.now() - 2 * DAY) },
      });
      expect(documented(await get('/gateway/v1/staking/positions'), 'get', '/gateway/v1/staking/positions').body.data).toHaveLength(2);
      const treasuryShort = documented(
        await post(`/gateway/v1/staking/positions/${open.body.id}/unstake`, {}),
        'post',
        '/gateway/v1/staking/positions/{id}/unstake',
      );
      expect(treasuryShort.body).toMatchObject({ status: 422, type: '/problems/insufficient-funds', reason: 'treasury-short' });

      await prisma().$transaction((tx) =>
        postEntry(tx, {
          kind: 'mint',
          token: stack.config.NATIVE_TOKEN_SYMBOL,
          legs: [
            { owner: ISSUANCE, amount: -1000n * ONE },
            { owner: TREASURY, amount: 1000n * ONE },
          ],
        }),
      );
      // A position staked before the proposal's snapshot gives voting power.
      const voter = await post('/gateway/v1/staking/stake', { amount: (5n * ONE).toString() });
      await prisma().stakingPosition.update({
        where: { id: voter.body.id },
        data: { startedAt: new Date(Date.now() - 3 * DAY), lockedUntil: new Date(Date.now() - 3 * DAY) },
      });
      const unstaked = documented(
        await post(`/gateway/v1/staking/positions/${open.body.id}/unstake`),
        'post',
        '/gateway/v1/staking/positions/{id}/unstake',
      );
      expect(unstaked.body).toMatchObject({ status: 'unstaked' });

      await prisma().farmingPool.create({
        data: { name: 'GTK/USDC', tokenA: 'GTK', tokenB: 'USDC', aprBps: 1800, tvl: '5000000000000000000000000' },
      });
      expect(documented(await get('/gateway/v1/farming/pools'), 'get', '/gateway/v1/farming/pools').body.data).toHaveLength(1);

      const now = Date.now();
      const proposal = await prisma().proposal.create({
        data: {
          title: 'Fund the grants program',
          description: 'details',
          snapshotAt: new Date(now - DAY),
          startsAt: new Date(now - DAY),
          endsAt: new Date(now + 6 * DAY),
        },
      });
      const vote = documented(
        await post('/gateway/v1/governance/vote', { proposalId: proposal.id, choice: 'for' }),
        'post',
        '/gateway/v1/governance/vote',
      );
      expect(vote.status).toBe(201);
      const twice = documented(
        await post('/gateway/v1/governance/vote', { proposalId: proposal.id, choice: 'against' }),
        'post',
        '/gateway/v1/governance/vote',
      );
      expect(twice.body).toMatchObject({ status: 409, type: '/problems/already-voted' });
      const powerless = documented(
        await post('/gateway/v1/governance/vote', { proposalId: proposal.id, choice: 'for' }, org.apiKey, bob.token),
        'post',
        '/gateway/v1/governance/vote',
      );
      expect(powerless.body).toMatchObject({ status: 422, type: '/problems/no-voting-power' });
      const proposals = documented(await get('/gateway/v1/governance/proposals'), 'get', '/gateway/v1/governance/proposals');
      expect(proposals.body.data[0].tally.for).toBe(vote.body.weight);
      expect(documented(await get('/gateway/v1/treasury/overview'), 'get', '/gateway/v1/treasury/overview').status).toBe(200);
      expect(documented(await stack.http.get('/api/gateway/v1/token/info'), 'get', '/gateway/v1/token/info').body.totalSupply).not.toBe(
        '0',
      );
    });

    it('bridge and AI billing', async () => {
      const bridged = documented(
        await post('/gateway/v1/bridge/initiate', {
          toChainId: 'eip155:137',
          toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
          amount: ONE.toString(),
        }),
        'post',
        '/gateway/v1/bridge/initiate',
      );
      expect(bridged.status).toBe(202);
      const unsupported = documented(
        await post('/gateway/v1/bridge/initiate', {
          toChainId: 'eip155:10',
          toAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
          amount: '1',
        }),
        'post',
        '/gateway/v1/bridge/initiate',
      );
      expect(unsupported.body).toMatchObject({ status: 400, type: '/problems/unsupported-chain' });
      expect(
        documented(await get(`/gateway/v1/bridge/transfers/${bridged.body.id}`), 'get', '/gateway/v1/bridge/transfers/{id}').body.status,
      ).toBe('initiated');
      const others = documented(
        await get(`/gateway/v1/bridge/transfers/${bridged.body.id}`, org.apiKey, bob.token),
        'get',
        '/gateway/v1/bridge/transfers/{id}',
      );
      expect(others.status).toBe(404);

      const purchase = documented(await post('/ai-billing/credits/purchase', { credits: 500 }), 'post', '/ai-billing/credits/purchase');
      expect(purchase.body).toMatchObject({ purpose: 'credit_purchase', credits: '500' });
      documented(await post(`/gateway/v1/payments/${purchase.body.id}/confirm`), 'post', '/gateway/v1/payments/{id}/confirm');
      const consumed = documented(
        await post('/ai-billing/consumption', { units: 20, feature: 'chat.completion' }),
        'post',
        '/ai-billing/consumption',
      );
      expect(consumed.body).toMatchObject({ units: 20, balance: '480' });
      const tooMuch = documented(
        await post('/ai-billing/consumption', { units: 481, feature: 'chat.completion' }),
        'post',
        '/ai-billing/consumption',
      );
      expect(tooMuch.body).toMatchObject({ status: 402, type: '/problems/payment-required', balance: '480', required: '481' });
      expect(documented(await get('/ai-billing/credits'), 'get', '/ai-billing/credits').body.recent).toHaveLength(1);
    });

    it('supply, cargolink, customs, energy, consents and health records', async () => {
      const shipment = documented(
        await post('/cargolink/v1/shipments', {
          reference: 'BK-2026-0001',
          origin: 'br',
          destination: 'DE',
          carrier: 'Maersk',
          hsCode: '090111',
        }),
        'post',
        '/cargolink/v1/shipments',
      );
      expect(shipment.body).toMatchObject({ status: 'created', origin: 'BR' });
      const duplicate = documented(
        await post('/cargolink/v1/shipments', { reference: 'BK-2026-0001', origin: 'BR', destination: 'DE' }),
        'post',
        '/cargolink/v1/shipments',
      );
      expect(duplicate.body).toMatchObject({ status: 409, type: '/problems/invalid-state' });
      const sid = shipment.body.id as string;
      const checkpoint = documented(
        await post(`/cargolink/v1/shipments/${sid}/checkpoints`, {
          location: 'Santos, BR (port)',
          status: 'picked_up',
          recordedAt: new Date(Date.now() - DAY).toISOString(),
        }),
        'post',
        '/cargolink/v1/shipments/{id}/checkpoints',
      );
      expect(checkpoint.status).toBe(201);
      documented(
        await post(`/cargolink/v1/shipments/${sid}/checkpoints`, {
          location: 'Hamburg, DE',
          status: 'at_customs',
          note: 'Awaiting inspection',
        }),
        'post',
        '/cargolink/v1/shipments/{id}/checkpoints',
      );
      const certificate = documented(
        await post('/cargolink/v1/certificates', {
          shipmentId: sid,
          kind: 'phytosanitary',
          issuer: 'MAPA Brazil',
          number: 'PHY-BR-55120',
          issuedAt: new Date(Date.now() - 2 * DAY).toISOString(),
          expiresAt: new Date(Date.now() + 90 * DAY).toISOString(),
        }),
        'post',
        '/cargolink/v1/certificates',
      );
      expect(certificate.status).toBe(201);
      documented(
        await post('/cargolink/v1/certificates', {
          kind: 'origin',
          issuer: 'Chamber of Commerce',
          number: 'CO-1',
          issuedAt: new Date(Date.now() - DAY).toISOString(),
        }),
        'post',
        '/cargolink/v1/certificates',
      );

      expect(documented(await get('/v1/supply/shipments?status=at_customs'), 'get', '/v1/supply/shipments').body.data).toHaveLength(1);
      expect(documented(await get(`/v1/supply/checkpoints?shipmentId=${sid}`), 'get', '/v1/supply/checkpoints').body.data).toHaveLength(2);
      const noShipment = documented(await get('/v1/supply/checkpoints'), 'get', '/v1/supply/checkpoints');
      expect(noShipment.body).toMatchObject({ status: 400, type: '/problems/validation-error' });
      expect(documented(await get('/v1/supply/certificates'), 'get', '/v1/supply/certificates').body.data).toHaveLength(2);
      await prisma().tariff.create({
        data: { hsCode: '090111', origin: 'BR', destination: 'DE', dutyBps: 0, description: 'Coffee, not roasted, not decaffeinated' },
      });
      expect(documented(await get('/v1/supply/tariffs?hsCode=0901&origin=BR'), 'get', '/v1/supply/tariffs').body.data).toHaveLength(1);

      const noRole = documented(
        await post('/v1/supply/customs/clear', { shipmentId: sid, declaredValue: '125000000000000000000000', hsCode: '090111' }),
        'post',
        '/v1/supply/customs/clear',
      );
      expect(noRole.body).toMatchObject({ status: 403, type: '/problems/role-required', requiredRole: 'agent' });
      const agentWallet = newWallet();
      await prisma().walletRole.create({ data: { address: agentWallet.address, role: 'agent' } });
      const agent = await stack.login(agentWallet);
      const clearance = documented(
        await post(
          '/v1/supply/customs/clear',
          { shipmentId: sid, declaredValue: '125000000000000000000000', hsCode: '090111' },
          org.apiKey,
          agent.token,
        ),
        'post',
        '/v1/supply/customs/clear',
      );
      expect(clearance.body).toMatchObject({ status: 'submitted', agent: agent.address });

      await prisma().carbonCredit.createMany({
        data: [
          {
            organizationId: org.organizationId,
            registry: 'Verra',
            projectName: 'Rimba Raya Biodiversity Reserve',
            vintage: 2019,
            tonnes: 1000,
            retiredAt: new Date(),
          },
          { organizationId: org.organizationId, registry: 'Gold Standard', projectName: 'Kenya Cookstoves', vintage: 2023, tonnes: 2500 },
        ],
      });
      const credits = documented(await get('/v1/energy/credits'), 'get', '/v1/energy/credits');
      expect(credits.body).toMatchObject({ held: { tonnes: 2500, count: 1 }, retired: { tonnes: 1000, count: 1 } });

      const clinic = await stack.org('health:read,consents:read');
      const patient = await stack.login();
      await prisma().clinicalRecord.create({
        data: { patient: patient.address, kind: 'prescription', summary: 'Amoxicillin 500 mg', recordedAt: new Date(Date.now() - DAY) },
      });
      const refused = documented(
        await get(`/v1/health/records?patient=${patient.address}`, clinic.apiKey, alice.token),
        'get',
        '/v1/health/records',
      );
      expect(refused.body).toMatchObject({ status: 403, type: '/problems/consent-required', patient: patient.address });
      const consent = documented(
        await post('/gateway/v1/consents', await signedConsent(patient.wallet, clinic.organizationId), org.apiKey, patient.token),
        'post',
        '/gateway/v1/consents',
      );
      expect(consent.status).toBe(201);
      const forged = documented(
        await post(
          '/gateway/v1/consents',
          await signedConsent(patient.wallet, clinic.organizationId, { signer: alice.wallet }),
          org.apiKey,
          patient.token,
        ),
        'post',
        '/gateway/v1/consents',
      );
      expect(forged.body).toMatchObject({ status: 422, type: '/problems/invalid-consent-signature' });
      const unknownOrg = documented(
        await post('/gateway/v1/consents', await signedConsent(patient.wallet, randomUUID()), org.apiKey, patient.token),
        'post',
        '/gateway/v1/consents',
      );
      expect(unknownOrg.status).toBe(404);
      expect(
        documented(await get('/gateway/v1/consents', clinic.apiKey, patient.token), 'get', '/gateway/v1/consents').body.data,
      ).toHaveLength(1);
      // Issue #24: the consent was given to the clinic; through another organization it is not listed.
      expect(
        documented(await get('/gateway/v1/consents', org.apiKey, patient.token), 'get', '/gateway/v1/consents').body.data,
      ).toHaveLength(0);
      const records = documented(
        await get(`/v1/health/records?patient=${patient.address.toLowerCase()}`, clinic.apiKey, alice.token),
        'get',
        '/v1/health/records',
      );
      expect(records.body).toMatchObject({ patient: patient.address, consentId: consent.body.id });
      expect(records.body.data).toHaveLength(1);
      const revoked = documented(
        await del(
          `/gateway/v1/consents/${consent.body.id}`,
          org.apiKey,
          patient.token,
          await signedRevocation(patient.wallet, consent.body.id),
        ),
        'delete',
        '/gateway/v1/consents/{id}',
      );
      expect(revoked.body.revokedAt).not.toBeNull();
    });

    it('the docs page renders the document with assets served by the API (no CDN)', async () => {
      const page = documented(await stack.http.get('/api/docs'), 'get', '/docs');
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

    it('a rate-limited request answers the documented 429 problem', async () => {
      const limited = await startStack('openapi-429', { worker: false, env: { RATE_LIMIT_MAX: '1' } });
      try {
        await limited.http.get('/api/gateway/v1/token/info');
        const res = documented(await limited.http.get('/api/gateway/v1/token/info'), 'get', '/gateway/v1/token/info');
        expect(res.status).toBe(429);
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      } finally {
        await limited.stop();
      }
    });

    it('covers the real 2xx answer of every route and the problem statuses', () => {
      const ok = new Set([...validated].filter((v) => /\s[23]\d\d$/.test(v)).map((v) => v.replace(/\s\d+$/, '')));
      const all = operations().map(({ method, path }) => `${method.toUpperCase()} ${path}`);
      expect({ withoutRealSuccess: all.filter((o) => !ok.has(o)) }).toEqual({ withoutRealSuccess: [] });
      const problemStatuses = new Set([...validated].map((v) => Number(v.split(' ').pop())).filter((s) => s >= 400));
      for (const s of [400, 401, 402, 403, 404, 409, 413, 415, 422, 429])
        expect({ s, validated: problemStatuses.has(s) }).toEqual({ s, validated: true });
    });
  });
});
