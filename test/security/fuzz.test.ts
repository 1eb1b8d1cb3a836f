import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { registeredRoutes, type RegisteredRoute as RouteInfo } from '@gw/api';
import { startStack, type Stack } from '../support/stack.js';
import { newWallet } from '../support/wallet.js';
import { dbDigest } from '../support/db-digest.js';

/** Field names the API uses anywhere, so generated bodies reach past "unknown field" checks. */
const FIELDS = [
  'amount',
  'to',
  'token',
  'url',
  'events',
  'lockDays',
  'proposalId',
  'choice',
  'toChainId',
  'toAddress',
  'credits',
  'units',
  'feature',
  'organizationId',
  'reference',
  'origin',
  'destination',
  'carrier',
  'shipmentId',
  'declaredValue',
  'hsCode',
  'location',
  'status',
  'note',
  'recordedAt',
  'kind',
  'issuer',
  'number',
  'issuedAt',
  'expiresAt',
  'message',
  'signature',
  'description',
  'expiresInSeconds',
  'limit',
  'cursor',
  'patient',
  // The test event's body and the filters of the delivery and event lists.
  'event',
  'webhookId',
  'paymentId',
  'createdAfter',
  'createdBefore',
  'type',
  'order',
  'after',
];

const nasty = fc.constantFrom(
  '',
  ' ',
  '-1',
  '0',
  '1e18',
  '1.5',
  '0x',
  '0x0000000000000000000000000000000000000000',
  '9'.repeat(90),
  '../../etc/passwd',
  '%00',
  '\u0000',
  '<script>',
  "' OR 1=1 --",
  'eip155:1',
  'eip155:999999',
  'payment.settled',
  'for',
  'NaN',
  '{}',
  '[]',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2026-13-45T99:99:99Z',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
  'US',
  'ZZ',
  '8471',
);
const value: fc.Arbitrary<unknown> = fc.oneof(
  nasty,
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(nasty, fc.string({ maxLength: 10 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 }),
  fc.jsonValue({ maxDepth: 2 }),
  fc.constant(undefined),
);
const query = fc.dictionary(fc.constantFrom(...FIELDS), fc.oneof(nasty, fc.string({ maxLength: 20 }), fc.integer().map(String)), {
  maxKeys: 3,
});
const pathParam = fc.oneof(fc.uuid(), nasty, fc.string({ minLength: 1, maxLength: 30 }));

describe('fuzzing every endpoint: never a 5xx; a 4xx changes nothing', () => {
  let stack: Stack;
  let routes: RouteInfo[];
  let headers: Record<string, string>;

  beforeAll(async () => {
    stack = await startStack('fuzz', { chain: true, worker: false, env: { RATE_LIMIT_MAX: '1000000', AUTH_FAILURE_LIMIT: '1000000' } });
    const org = await stack.org();
    const wallet = newWallet();
    await stack.api.deps.prisma.walletRole.create({ data: { address: wallet.address, role: 'agent' } });
    const { token, address } = await stack.login(wallet);
    await stack.mint(address, 10n ** 21n);
    headers = { 'X-API-Key': org.apiKey, Authorization: `Bearer ${token}` };
    routes = registeredRoutes(stack.api.app);
  });
  afterAll(() => stack.stop());

  it('covers every route of the app', () => {
    expect(routes.length).toBeGreaterThan(35);
  });

  it('survives random bodies, queries and path parameters on every route', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(pathParam, query, body, fc.option(fc.string({ minLength: 1, maxLength: 300 })), async (param, q, b, idemKey) => {
          const path = route.path.replace(/:[A-Za-z]+/g, () => encodeURIComponent(param));
          const before = await dbDigest(stack.api.deps.prisma);
          let req = stack.http[route.method.toLowerCase() as 'get'](path).query(q).set(headers);
          if (idemKey !== null) req = req.set('Idempotency-Key', idemKey.replace(/[^\x20-\x7e]/g, 'x'));
          // Any JSON value, sent as raw JSON text (scalars included).
          const res =
            route.method === 'GET' || b === undefined
              ? await req
              : await req.set('Content-Type', 'application/json').send(JSON.stringify(b));
          if (res.status >= 500) failures.push(`${route.method} ${path} → ${res.status} ${JSON.stringify(res.body)}`);
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) {
            expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
            const after = await dbDigest(stack.api.deps.prisma);
            if (after !== before) failures.push(`${route.method} ${path} → ${res.status} changed the database`);
            expect(after).toBe(before);
          }
        }),
        { numRuns: Number(process.env.FUZZ_RUNS ?? 25), endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
    // A liveness bound, not a timing assertion: routes × FUZZ_RUNS requests, each with two database
    // digests, took 47 s on a lightly loaded machine, too close to jest's 60 s default (a loaded
    // fresh-clone CI run on 2026-11-28 timed out at it).
  }, 300_000);
});
