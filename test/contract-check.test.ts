import { describe, expect, it } from '@jest/globals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { paymentEventExamples, paymentExamples } from '@gw/core/payments';
import { contractChecker, watchContract } from './support/contract-check.js';

/**
 * The contract check that every integration test runs on its API's responses: it
 * must accept what the document says and refuse drift, or it proves nothing.
 */
describe('contract check of real responses', () => {
  const checker = contractChecker();
  const payment = (body: unknown, status = 200, path = `/api/gateway/v1/payments/${paymentExamples.settled.id}`) =>
    checker.violation({ method: 'GET', path, status, contentType: 'application/json; charset=utf-8', body: JSON.stringify(body) });

  it('accepts a documented answer', () => {
    expect(payment(paymentExamples.settled)).toBeNull();
    expect(
      checker.violation({
        method: 'GET',
        path: '/api/gateway/v1/payments/x',
        status: 401,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: '/problems/unauthenticated',
          title: 'Unauthenticated',
          status: 401,
          detail: 'no key',
          instance: '/api/x',
        }),
      }),
    ).toBeNull();
  });

  it('refuses a field the document does not name, a missing field and a wrong type', () => {
    expect(payment({ ...paymentExamples.settled, secret: 'x' })).toMatch(/must NOT have additional properties/);
    const { amount: _amount, ...noAmount } = paymentExamples.settled;
    expect(payment(noAmount)).toMatch(/must have required property 'amount'/);
    expect(payment({ ...paymentExamples.settled, amount: 12 })).toMatch(/amount must be string/);
  });

  it('refuses an undocumented status, media type or path', () => {
    expect(payment(paymentExamples.settled, 418)).toMatch(/status not documented/);
    expect(
      checker.violation({ method: 'GET', path: '/api/gateway/v1/payments', status: 200, contentType: 'text/plain', body: 'ok' }),
    ).toMatch(/answered text\/plain/);
    expect(payment({}, 200, '/api/gateway/v1/no-such-thing')).toMatch(/no documented operation/);
    expect(payment({}, 404, '/api/gateway/v1/no-such-thing')).toBeNull();
    // The body parser refuses a bad body before routing, on any path; nothing else may answer there.
    const parserProblem = JSON.stringify({
      type: '/problems/malformed-json',
      title: 'Malformed JSON',
      status: 400,
      detail: 'x',
      instance: '/api/x',
    });
    expect(
      checker.violation({
        method: 'DELETE',
        path: '/api/gateway/v1/webhooks/',
        status: 400,
        contentType: 'application/problem+json',
        body: parserProblem,
      }),
    ).toBeNull();
    expect(
      checker.violation({
        method: 'DELETE',
        path: '/api/gateway/v1/webhooks/',
        status: 400,
        contentType: 'application/problem+json',
        body: '{"type":"/problems/validation-error"}',
      }),
    ).toMatch(/no documented operation/);
    // Express routes are not strict: a trailing slash reaches the same operation, which the check then holds to its schema.
    expect(
      checker.violation({
        method: 'GET',
        path: '/api/gateway/v1/payments/',
        status: 200,
        contentType: 'application/json',
        body: '{"data":[]}',
      }),
    ).toMatch(/must have required property 'nextCursor'/);
  });

  it('holds documented header fields, 405 answers and OPTIONS answers to the document', () => {
    const ok = {
      method: 'GET',
      path: '/api/gateway/v1/token/info',
      status: 200,
      contentType: 'application/json',
      body: '{}',
    };
    const tokenInfo = (headers: Record<string, string>) =>
      checker.headerViolation(checker.operation('GET', ok.path)!.op.responses['200']!, headers);
    expect(
      tokenInfo({
        ratelimit: '"default"; r=9; t=60',
        'ratelimit-policy': '"default"; q=10; w=60; pk=:ZDYyNzVlODAzNTVm:',
        'x-request-id': 'a.b:c-1',
      }),
    ).toBeNull();
    expect(tokenInfo({ ratelimit: 'limit=10, remaining=9, reset=60' })).toMatch(/header RateLimit: .* must match pattern/);
    expect(tokenInfo({ 'x-request-id': 'has space' })).toMatch(/header X-Request-Id/);
    // A 401 without its challenge breaks the contract.
    const unauthenticated = {
      ...ok,
      path: '/api/gateway/v1/payments',
      status: 401,
      contentType: 'application/problem+json',
      body: JSON.stringify({
        type: '/problems/unauthenticated',
        title: 'Unauthenticated',
        status: 401,
        detail: 'x',
        instance: '/api/gateway/v1/payments',
      }),
    };
    expect(checker.violation({ ...unauthenticated, headers: {} })).toMatch(/WWW-Authenticate is missing/);
    expect(checker.violation({ ...unauthenticated, headers: { 'www-authenticate': 'Bearer realm="gateway"' } })).toBeNull();
    // 405: the method-not-allowed problem with Allow; OPTIONS: 204 with Allow.
    const notAllowed = {
      method: 'PUT',
      path: '/api/gateway/v1/payments',
      status: 405,
      contentType: 'application/problem+json',
      body: '{"type":"/problems/method-not-allowed"}',
    };
    expect(checker.violation({ ...notAllowed, headers: { allow: 'GET, HEAD, POST, OPTIONS' } })).toBeNull();
    expect(checker.violation({ ...notAllowed, headers: {} })).toMatch(/405 without Allow/);
    expect(checker.violation({ ...notAllowed, body: '{"type":"/problems/not-found"}' })).toMatch(/method-not-allowed/);
    const options = { method: 'OPTIONS', path: '/api/gateway/v1/payments', status: 204, contentType: '', body: '' };
    expect(checker.violation({ ...options, headers: { allow: 'GET, HEAD, POST, OPTIONS' } })).toBeNull();
    expect(checker.violation({ ...options, headers: {} })).toMatch(/without Allow/);
  });

  it('sees every response of a watched server, written at once or in chunks', async () => {
    const server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url?.includes('chunked')) {
        res.write('{"data":');
        res.end('[],"nextCursor":null,"extra":1}');
      } else res.end(JSON.stringify({ ...paymentExamples.settled, status: 'lost' }));
    });
    const violations = watchContract(server, checker);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await fetch(`${base}/api/gateway/v1/payments/${paymentExamples.settled.id}`);
      await fetch(`${base}/api/v1/supply/shipments?chunked`);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(violations).toHaveLength(2);
    expect(violations[0]).toMatch(/status must be equal to one of the allowed values/);
    expect(violations[1]).toMatch(/must NOT have additional properties/);
  });

  it('sees the answers of routers mounted under /api, which Express routes with a rewritten req.url', async () => {
    // As the API mounts them (create-app.ts): an answer sent by a route handler finishes while
    // `req.url` is still the mounted router's remainder (`/payments/…`, not `/api/gateway/v1/payments/…`).
    const gateway = express.Router();
    gateway.get('/payments/:id', (_req, res) => {
      res.json({ ...paymentExamples.settled, status: 'lost' });
    });
    const api = express.Router();
    api.use('/gateway/v1', gateway);
    const app = express();
    app.use('/api', api);
    const server = createServer(app);
    const violations = watchContract(server, checker);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/gateway/v1/payments/${paymentExamples.settled.id}`,
      );
      expect(res.status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(violations).toHaveLength(1);
    expect(violations[0]).toMatch(/^GET \/api\/gateway\/v1\/payments\/\S+ 200: .*status must be equal to one of the allowed values/);
  });

  it('checks a delivery against the webhooks section: event, required headers, body', () => {
    const body = paymentEventExamples['payment.settled'];
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Service-Webhooks/1.0',
      'x-service-event': 'payment.settled',
      'x-service-delivery': 'd1',
      'x-service-signature': 'sha256=00',
    };
    const raw = (b: unknown) => Buffer.from(JSON.stringify(b));
    expect(checker.deliveryViolation({ headers, raw: raw(body) })).toBeNull();
    expect(checker.deliveryViolation({ headers: { ...headers, 'x-service-event': 'payment.lost' }, raw: raw(body) })).toMatch(
      /no such event/,
    );
    const { 'x-service-signature': _sig, ...unsigned } = headers;
    expect(checker.deliveryViolation({ headers: unsigned, raw: raw(body) })).toMatch(/missing headers X-Service-Signature/);
    expect(checker.deliveryViolation({ headers, raw: raw({ ...body, type: 'payment.failed' }) })).toMatch(
      /type must be equal to one of the allowed values/,
    );
    expect(checker.deliveryViolation({ headers, raw: raw({ ...body, data: {} }) })).toMatch(/must have required property 'payment'/);
    // The signed delivery block (delivery id and the attempt's Unix seconds) is required.
    expect(checker.deliveryViolation({ headers, raw: raw({ ...body, delivery: undefined }) })).toMatch(
      /must have required property 'delivery'/,
    );
    expect(checker.deliveryViolation({ headers, raw: raw({ ...body, delivery: { ...body.delivery, timestamp: 1.5 } }) })).toMatch(
      /must be integer/,
    );
  });
});
