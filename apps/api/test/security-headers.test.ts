import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import express, { type RequestHandler } from 'express';
import helmet from 'helmet';
import request from 'supertest';
import { helmetHeaders, securityHeaders } from '../src/http/security-headers.js';

/**
 * The API sets helmet's headers computed once: its answers must carry exactly what
 * `helmet()` itself would set, header for header, for the defaults and for other options.
 */
describe('security headers computed once from helmet', () => {
  const headersOf = async (middleware: RequestHandler) => {
    const app = express();
    app.disable('x-powered-by');
    app.use(middleware);
    app.get('/', (_req, res) => void res.json({ ok: true }));
    const res = await request(app).get('/').expect(200);
    const { date: _date, ...rest } = res.headers as Record<string, string>;
    return rest;
  };

  it.each([
    ['the defaults', undefined],
    [
      'other options',
      { hsts: { maxAge: 600, preload: true }, referrerPolicy: { policy: 'no-referrer' as const }, frameguard: false as const },
    ],
  ])('answers with the headers helmet() sets, with %s', async (_label, options) => {
    const expected = await headersOf(helmet(options));
    expect(await headersOf(securityHeaders(options))).toEqual(expected);
    // Not vacuous: helmet sets its policy headers.
    expect(expected).toMatchObject({ 'x-content-type-options': 'nosniff', 'strict-transport-security': expect.any(String) });
    expect(Object.keys(expected).length).toBeGreaterThan(10);
  });

  it('removes what helmet removes (X-Powered-By)', () => {
    expect(helmetHeaders().removed.map((h) => h.toLowerCase())).toContain('x-powered-by');
  });

  it('refuses options whose headers change per request (a nonce function)', () => {
    const nonce = () => `'nonce-${randomUUID()}'`;
    expect(() => securityHeaders({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", nonce] } } })).toThrow(/per-request/);
  });
});
