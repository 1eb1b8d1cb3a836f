import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiJson } from '@gw/api';

/**
 * The API contract, checked on real traffic: every response the API sends during an
 * integration test is validated against the OpenAPI document built from the route table, with
 * JSON Schema 2020-12 (Ajv) and objects closed (a field the document does not name is drift).
 * `startStack` watches its API server with {@link watchContract}; `stack.stop()` fails the test
 * file when any response broke the contract.
 */

type Json = Record<string, unknown>;
interface MediaType {
  schema?: Json;
}
interface HeaderObject {
  required?: boolean;
  schema?: Json;
  $ref?: string;
}
interface ResponseObject {
  content?: Record<string, MediaType>;
  headers?: Record<string, HeaderObject>;
}
interface OperationObject {
  responses: Record<string, ResponseObject>;
}
interface WebhookObject {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody: { content: Record<string, MediaType> };
}
export interface ContractDocument {
  paths: Record<string, Record<string, OperationObject>>;
  webhooks?: Record<string, { post: WebhookObject }>;
  components: { schemas: Record<string, Json>; headers?: Record<string, HeaderObject> };
}

const COMPONENTS_ID = 'urn:gw:openapi:components';

/**
 * Problems of the middleware that runs under /api before routing (rate limits, the queue guard of
 * writes, the JSON body parser): they can answer on any path.
 */
const PRE_ROUTING_PROBLEMS = new Set([
  '/problems/malformed-json',
  '/problems/payload-too-large',
  '/problems/unsupported-media-type',
  '/problems/rate-limited',
  '/problems/unavailable',
]);

/** The `type` of a problem document, or undefined. */
function problemType(body: string): string | undefined {
  try {
    const parsed = JSON.parse(body) as { type?: unknown };
    return typeof parsed.type === 'string' ? parsed.type : undefined;
  } catch {
    return undefined;
  }
}

/** Rewrites `#/components/schemas/X` references for the Ajv schema registered as {@link COMPONENTS_ID}. */
export function rewriteRefs(node: unknown, prefix: string): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, prefix));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' ? v.replace('#/components/schemas/', `${prefix}#/$defs/`) : rewriteRefs(v, prefix),
    ]),
  );
}

/**
 * The schema as a closed contract: every object that lists `properties` and says nothing about
 * others gets `additionalProperties: false` (the document itself stays open for clients).
 */
export function closeObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closeObjects);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, closeObjects(v)])) as Json;
  if (out.properties && typeof out.properties === 'object' && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** One response as sent. `path` is the request path without the query string, `/api/...`. */
export interface ObservedResponse {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: string;
  /** The response's header fields by lower-case name; when given, documented headers are checked too. */
  headers?: Record<string, string | string[] | number | undefined>;
}

/** Validates responses against an OpenAPI document (its server URL is `/api`). */
export class ContractChecker {
  readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly templates: { method: string; path: string; pattern: RegExp; op: OperationObject }[];

  constructor(readonly doc: ContractDocument) {
    this.ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
    addFormats.default(this.ajv);
    // OpenAPI's own schema keywords (annotations for JSON Schema validation).
    this.ajv.addVocabulary(['example', 'discriminator', 'xml', 'externalDocs']);
    this.ajv.addSchema({ $id: COMPONENTS_ID, $defs: closeObjects(rewriteRefs(doc.components.schemas, '')) as Json });
    this.templates = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        // A literal segment outranks a parameter: sort so that `/a/b` is tried before `/a/{id}`.
        // As Express routes (non-strict, case-insensitive): one trailing slash and any case match.
        pattern: new RegExp(`^/api${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}/?$`, 'i'),
        op,
      })),
    );
    this.templates.sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0));
  }

  /** A compiled validator of a schema of the document (closed objects). */
  validator(schema: Json): ValidateFunction {
    const key = JSON.stringify(schema);
    let v = this.compiled.get(key);
    if (!v) {
      v = this.ajv.compile(closeObjects(rewriteRefs(schema, COMPONENTS_ID)) as Json);
      this.compiled.set(key, v);
    }
    return v;
  }

  /** The documented operation a request went to, or undefined (an undocumented path answers 404 problem). */
  operation(method: string, path: string): { path: string; op: OperationObject } | undefined {
    const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    return this.templates.find((t) => t.method === m && t.pattern.test(path));
  }

  /**
   * What is wrong with a response, or null when it matches the document: the operation must be
   * documented with this status and media type, and a JSON body must validate.
   */
  violation(r: ObservedResponse): string | null {
    const what = `${r.method} ${r.path} ${r.status}`;
    // OPTIONS is answered for every path of the table (204, `Allow`, no body), not documented per operation.
    if (r.method.toUpperCase() === 'OPTIONS' && r.status === 204 && r.body === '') {
      return r.headers && r.headers.allow === undefined ? `${what}: OPTIONS answered without Allow` : null;
    }
    const found = this.operation(r.method, r.path);
    if (!found) {
      if (r.status === 404) return null;
      // A method the path does not support: 405 problem with `Allow` (RFC 9110 §15.5.6).
      if (r.status === 405) {
        if (r.method.toUpperCase() !== 'HEAD' && problemType(r.body) !== '/problems/method-not-allowed')
          return `${what}: a 405 must be the method-not-allowed problem`;
        return r.headers && r.headers.allow === undefined ? `${what}: 405 without Allow` : null;
      }
      // A bad body, a limit or a missing queue is refused before routing, on any path.
      if (PRE_ROUTING_PROBLEMS.has(problemType(r.body) ?? '')) return null;
      return `${what}: no documented operation answers this path`;
    }
    const response = found.op.responses[String(r.status)];
    if (!response) return `${what}: status not documented for ${r.method} ${found.path}`;
    const badHeader = r.headers ? this.headerViolation(response, r.headers) : null;
    if (badHeader) return `${what}: ${badHeader}`;
    if (!response.content) return r.body === '' ? null : `${what}: documented without a body, answered one`;
    const mediaType = r.contentType.split(';')[0]!.trim();
    const media = response.content[mediaType];
    if (!media?.schema)
      return `${what}: answered ${mediaType || 'no content type'}, documented ${Object.keys(response.content).join(', ')}`;
    if (r.method === 'HEAD' || !/json/.test(mediaType)) return null;
    let body: unknown;
    try {
      body = JSON.parse(r.body);
    } catch {
      return `${what}: the body is not JSON`;
    }
    const validate = this.validator(media.schema);
    if (validate(body)) return null;
    return `${what}: ${this.ajv.errorsText(validate.errors)}\n${r.body.slice(0, 1500)}`;
  }

  /**
   * What is wrong with the header fields of an answer, or null: every header the response documents
   * as `required` must be sent, and every documented header sent must match its schema (an
   * integer or number schema is checked on the field's numeric value).
   */
  headerViolation(response: ResponseObject, headers: Record<string, string | string[] | number | undefined>): string | null {
    for (const [name, declared] of Object.entries(response.headers ?? {})) {
      const h = declared.$ref ? this.doc.components.headers?.[declared.$ref.replace('#/components/headers/', '')] : declared;
      if (!h) return `header ${name}: unresolved ${declared.$ref}`;
      const raw = headers[name.toLowerCase()];
      if (raw === undefined) {
        if (declared.required ?? h.required) return `the documented header ${name} is missing`;
        continue;
      }
      if (!h.schema) continue;
      const text = Array.isArray(raw) ? raw.join(', ') : String(raw);
      const value = h.schema.type === 'integer' || h.schema.type === 'number' ? Number(text) : text;
      const validate = this.validator(h.schema);
      if (!validate(value)) return `header ${name}: ${JSON.stringify(text)} ${this.ajv.errorsText(validate.errors)}`;
    }
    return null;
  }

  /**
   * What is wrong with a delivery request a receiver got, or null: its event must be one of the
   * document's `webhooks`, every required header documented there must be present, and the body
   * must validate against the event's schema.
   */
  deliveryViolation(d: { headers: Record<string, string | string[] | undefined>; raw: Buffer }): string | null {
    const event = String(d.headers['x-service-event'] ?? '');
    const hook = this.doc.webhooks?.[event]?.post;
    if (!hook) return `delivery of "${event}": no such event in the document's webhooks`;
    const missing = (hook.parameters ?? []).filter((p) => p.in === 'header' && p.required && d.headers[p.name.toLowerCase()] === undefined);
    if (missing.length) return `delivery of "${event}": missing headers ${missing.map((p) => p.name).join(', ')}`;
    let body: unknown;
    try {
      body = JSON.parse(d.raw.toString('utf8'));
    } catch {
      return `delivery of "${event}": the body is not JSON`;
    }
    const validate = this.validator(hook.requestBody.content['application/json']!.schema!);
    return validate(body) ? null : `delivery of "${event}": ${this.ajv.errorsText(validate.errors)}`;
  }
}

let shared: ContractChecker | undefined;
/** The checker of the document the API serves (the same memoized build `createApp` made), once per test file. */
export const contractChecker = (): ContractChecker => (shared ??= new ContractChecker(JSON.parse(openApiJson()) as ContractDocument));

/**
 * Watches every response of `server` and records those that break the contract. Runs before the
 * app's own listener, so it sees every write.
 * @returns the violations seen so far (a live array)
 */
export function watchContract(server: Server, checker: ContractChecker = contractChecker()): string[] {
  const violations: string[] = [];
  server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
    // The URL as requested: Express rewrites `req.url` to the mounted router's remainder while it
    // routes, and an answer sent from a route handler finishes before it is restored.
    const url = req.url ?? '/';
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...a: unknown[]) => boolean;
    const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      chunks.push(
        Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'),
      );
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as typeof res.write;
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return end(chunk, ...rest);
    }) as typeof res.end;
    res.on('finish', () => {
      const path = url.split('?')[0]!;
      // Only the API is under contract (not Bull Board or other mounts), and never a half-written answer.
      if (!path.startsWith('/api/') && path !== '/api') return;
      // The Swagger UI files are static assets of the docs page, not operations.
      if (path.startsWith('/api/docs/assets/')) return;
      const problem = checker.violation({
        method: req.method ?? 'GET',
        path,
        status: res.statusCode,
        contentType: String(res.getHeader('content-type') ?? ''),
        body: Buffer.concat(chunks).toString('utf8'),
        headers: res.getHeaders() as Record<string, string | string[] | number | undefined>,
      });
      if (problem) violations.push(problem);
    });
  });
  return violations;
}
