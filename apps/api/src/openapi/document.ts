import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { errorCatalog } from '@gw/core/problems';
import { WEBHOOK_DELIVERY_HEADERS, WEBHOOK_EVENTS } from '@gw/core/webhooks';
import { WEBHOOK_EVENT_CATALOGUE } from '../webhook-events.js';
import { HEADER_COMPONENTS, registerOperation } from './operation.js';
import { ROUTES } from '../routes/catalogue.js';

/** What `GET /api/openapi.json` serves: an OpenAPI 3.1 document (plain JSON). */
export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

const TAGS: { name: string; description: string }[] = [
  { name: 'Session', description: 'Sign-In with Ethereum and the keys that verify the session JWTs' },
  { name: 'Payments', description: 'Payments from the JWT wallet to the API key organization, pushed as signed webhook events' },
  { name: 'Webhooks', description: 'Webhook destinations, their deliveries and the events they carry (API key only)' },
  {
    name: 'AI connectors',
    description:
      "Wallet holders' grants to AI agents (OAuth 2.1 + MCP, docs/connectors.md): the holder's own grants, the organization's ceiling, its users' grants and the audit trail",
  },
  { name: 'Wallet', description: 'Balances and transfers of the JWT wallet' },
  { name: 'Staking', description: 'Staking positions of the native token' },
  { name: 'Farming', description: 'Liquidity farming pools' },
  { name: 'Governance', description: 'DAO proposals and votes weighted by staked tokens' },
  { name: 'Token', description: 'The native token' },
  { name: 'Treasury', description: 'The DAO treasury' },
  { name: 'Contracts', description: 'Contract addresses and ABIs' },
  { name: 'Bridge', description: 'Cross-chain transfers' },
  { name: 'AI billing', description: 'AI credits: purchase, consumption, balance' },
  { name: 'Supply', description: 'Logistics: shipments, checkpoints, certificates, tariffs' },
  { name: 'Customs', description: 'Customs clearance by sector agents' },
  { name: 'Energy', description: 'Carbon credits' },
  { name: 'Health records', description: 'Clinical records, readable under the patient’s consent' },
  { name: 'Consents', description: 'Patients’ consents, managed with their own JWT' },
  { name: 'Cargolink', description: 'The logistics integration that feeds the supply endpoints' },
  { name: 'Health', description: 'Service health' },
  { name: 'Reference', description: 'This document and its rendering' },
];

const DESCRIPTION = `
One HTTP API for integrator backends over the token ecosystem, which pushes every payment state change to the integrator as signed, retried webhook deliveries.

**Base address.** The server URL ends in \`/api\`; gateway endpoints live under \`/gateway/v1\`, sector endpoints under \`/v1\`, the logistics integration under \`/cargolink/v1\`, AI billing under \`/ai-billing\`.

**Authentication.** Every call except login and public endpoints needs **both** \`X-API-Key\` (the organization's API key) and \`Authorization: Bearer <JWT>\` (a wallet session from \`POST /gateway/v1/sso/login\`). Webhook management takes the API key only. Each operation names its scope (\`x-scope\`, and the scope in its \`ApiKey\` security requirement) and its authentication mode (\`x-auth\`: \`api-key+jwt\`, \`api-key\` or \`public\`).

**AI connectors.** AI agents do not call this API: they use the organization's MCP endpoint \`/mcp/{organizationId}\` (on the API's origin, outside \`/api\`) with an OAuth 2.1 access token the wallet holder consented to; the authorization server's metadata is at \`/.well-known/oauth-authorization-server\`. Such a token sent here is 403 \`connector-not-allowed\`. The *AI connectors* operations below are the holder's and the organization's management of those grants (docs/connectors.md).

**CORS.** Only public \`GET\` endpoints (this document, the reference page, health, the JWKS, contract addresses and ABIs, token info) and the problem pages answer \`Access-Control-Allow-Origin: *\` (no credentials, \`GET\`/\`HEAD\`); authenticated endpoints grant no cross-origin access at all: API keys are for servers, never browsers.

**Amounts** are strings of integer base units (18 decimals for the native token: \`"1000000000000000000"\` is one token).

**Lists** take \`limit\` (1–100, default 20) and an opaque \`cursor\`, and return \`{ data, nextCursor }\` (\`null\` on the last page), newest first (\`GET /gateway/v1/events?order=asc\` lists oldest first). Unknown body fields and query parameters are 400.

**Idempotency.** Writes marked \`x-idempotent\` accept an \`Idempotency-Key\` header: the same key and body return the first answer with \`Idempotent-Replayed: true\`; another body is 422 \`idempotency-key-reused\`. A key expires \`IDEMPOTENCY_KEY_TTL_HOURS\` (24) hours after its first request and is then treated as new.

**Errors** are RFC 9457 problem documents (\`application/problem+json\`, schema \`Problem\`); \`type\` is \`/problems/<code>\`, relative to the origin (not to \`/api\`): \`GET /problems/<code>\` there is an HTML page saying what the problem means and what to do (\`GET /problems\` lists them). Every 401 carries \`WWW-Authenticate\`; a method a path does not support is 405 \`method-not-allowed\` with \`Allow\`, and \`OPTIONS\` answers 204 with \`Allow\`. Every answer carries \`X-Request-Id\` (the client's when it is 1–128 characters of \`A-Za-z0-9._:-\`). Codes: ${Object.keys(
  errorCatalog,
)
  .map((c) => `\`${c}\``)
  .join(', ')}.

**Rate limits.** \`RATE_LIMIT_MAX\` requests (600) per \`RATE_LIMIT_WINDOW_MS\` (60 s) per API key (per client address without one), with the IETF \`RateLimit\` and \`RateLimit-Policy\` header fields (structured fields: \`RateLimit: "default"; r=599; t=60\`, \`RateLimit-Policy: "default"; q=600; w=60; pk=:…:\`); over the limit, 429 with \`Retry-After\`. Failed authentication is limited separately per client address. Each API process counts in memory and exchanges counts with the other replicas every \`RATE_LIMIT_SYNC_MS\` (100 ms), so across replicas a client can exceed a limit by what it sends to the others within that interval.
`.trim();

/**
 * The top-level `webhooks` section (OpenAPI 3.1): one entry per event type, named by the event
 * (`payment.settled`, …), with the body and headers of the POST the receiver gets and what its
 * answer means: the event names and headers from the webhooks module, each event's body from the
 * module whose changes it reports ({@link WEBHOOK_EVENT_CATALOGUE}: payments, withdrawals, custody,
 * bridge). The test receiver checks real deliveries against it.
 */
function registerWebhookEvents(registry: OpenAPIRegistry): void {
  const headers = z.object(
    Object.fromEntries(
      WEBHOOK_DELIVERY_HEADERS.map((h) => {
        const schema = z.string().meta({
          description: h.scheme === 'always' ? h.description : `${h.description} (only with \`signatureScheme: "standard-webhooks"\`)`,
          example: h.example,
        });
        return [h.name, h.scheme === 'always' ? schema : schema.optional()];
      }),
    ),
  );
  for (const event of WEBHOOK_EVENTS) {
    const { payload: schema, example, sourceOfTruth } = WEBHOOK_EVENT_CATALOGUE[event];
    registry.registerWebhook({
      method: 'post',
      path: event,
      operationId: `on${event.replace(/(^|\.)(\w)/g, (_m, _dot: string, c: string) => c.toUpperCase())}`,
      tags: ['Webhooks'],
      summary: `\`${event}\` delivery`,
      description:
        `POSTed to every active webhook of the organization subscribed to \`${event}\`. ` +
        'Verify the signature over the raw body before parsing it; then check that `X-Service-Delivery` equals the signed `delivery.id` and that `delivery.timestamp` is within 5 minutes of your clock (a captured request sent again is refused); then dedupe by `delivery.id` (deliveries are at least once). ' +
        'Answer 2xx within 10 s (`WEBHOOK_TIMEOUT_MS`) to acknowledge; anything else, a redirect or no answer is a failed attempt, retried with exponential back-off; ' +
        'after 8 attempts (`WEBHOOK_MAX_ATTEMPTS`) the delivery is `dead` (see `POST /gateway/v1/webhooks/{id}/recover`). ' +
        sourceOfTruth,
      request: {
        headers,
        body: {
          required: true,
          content: { 'application/json': { schema, example } },
        },
      },
      responses: {
        '2XX': { description: 'Acknowledged: the delivery is `delivered`, no further attempt' },
        default: { description: 'A failed attempt (also: a timeout, a redirect, a refused connection): retried with back-off' },
      },
    });
  }
}

/**
 * Builds the OpenAPI 3.1 document of every row of the route table ({@link ROUTES}) and of the
 * webhook events. Parameters, bodies and responses come from the rows' zod schemas, the same ones
 * the API validates with.
 * @param serverUrl the base address (default `/api`, relative to the document's own URL)
 */
export function buildOpenApiDocument(opts: { serverUrl?: string } = {}): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'ApiKey', {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description:
      "The organization's API key (`sk_…`, from the operator CLI); a retired static AI-connector token (`ct_…`) is 401. Role names in this scheme's requirement are the scopes the key must carry.",
  });
  registry.registerComponent('securitySchemes', 'BearerJWT', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'ES256 session JWT from `POST /gateway/v1/sso/login`; its wallet (`sub`) is the one acting.',
  });
  for (const [name, header] of Object.entries(HEADER_COMPONENTS)) registry.registerComponent('headers', name, header as never);
  for (const op of ROUTES) registerOperation(registry, op);
  registerWebhookEvents(registry);

  const generator = new OpenApiGeneratorV31(registry.definitions, { sortComponents: 'alphabetically' });
  return generator.generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Service Gateway API',
      version: '1.0.0',
      description: DESCRIPTION,
      // Integrators get their API keys, and report incidents, to whoever operates the deployment.
      contact: { name: 'The operator of this deployment (API keys, incidents)' },
      // The repository is private (`"private": true`) and ships no licence file (SPDX `LicenseRef-`: a licence of its own).
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: opts.serverUrl ?? '/api', description: 'This deployment' }],
    tags: TAGS,
    security: [{ ApiKey: [], BearerJWT: [] }],
  });
}

let documentJson: string | undefined;

/**
 * The OpenAPI document as JSON, built on first use from the route table. `createApp` calls it
 * while the app is built, so a schema the generator cannot express fails at start-up rather than
 * on the first request.
 */
export function openApiJson(): string {
  return (documentJson ??= JSON.stringify(buildOpenApiDocument()));
}
