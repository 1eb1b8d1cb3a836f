import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler, type Response } from 'express';
import { hostHeaderValidation, originValidation } from '@modelcontextprotocol/express';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import {
  McpServer,
  OAuthError,
  OAuthErrorCode,
  bearerAuthChallengeResponse,
  getOAuthProtectedResourceMetadataUrl,
  verifyBearerToken,
  type AuthInfo,
  type CallToolResult,
  type StandardSchemaWithJSON,
} from '@modelcontextprotocol/server';
import { AppError } from '@gw/runtime';
import {
  CONNECTOR_SCOPES,
  PROTOCOL_SCOPES,
  argumentsDigest,
  audit,
  authenticateAccessToken,
  getCeiling,
  mcpPath,
  mcpResource,
  organizationOfResource,
  requestApproval,
  type ConnectorCaller,
} from '@gw/core/connectors';
import { publicOrigin, type ApiDeps, type RouteDeps } from '../deps.js';
import { openApiJson } from '../openapi/document.js';
import { runTool, toolsFor, type McpTool } from './tools.js';
import { requestRateLimit } from '../http/rate-limit.js';

/**
 * The organizations' MCP endpoints: `POST /mcp/<organization id>`, Streamable HTTP
 * without sessions (one `McpServer` and one transport per request), behind DNS-rebinding checks
 * (Host and Origin) and OAuth bearer authentication (the authorization server's access tokens,
 * audience = the endpoint's URL); the RFC 9728 metadata at
 * `/.well-known/oauth-protected-resource/mcp/<organization id>`.
 */

/** The server's name and version in the MCP `initialize` answer. */
const SERVER_INFO = { name: 'payments-gateway', version: '1.0.0' };

/** The path of the RFC 9728 document of an organization's endpoint. */
export const protectedResourceMetadataPath = (organizationId: string): string =>
  `/.well-known/oauth-protected-resource${mcpPath(organizationId)}`;

/** The hostname of the public origin (what Host and Origin must name; an IPv6 address in brackets). */
const hostnameOf = (origin: string): string => new URL(origin).hostname;

/**
 * A body the JSON parser refused, answered as the Streamable HTTP transport answers one: a
 * JSON-RPC error with `id: null` (-32700 parse error; 413 for a body over 64 kB), not the REST
 * API's problem document.
 */
const jsonRpcBodyErrors: ErrorRequestHandler = (err: { type?: string }, _req, res, next) => {
  if (err?.type === 'entity.parse.failed') {
    return void res.status(400).json({ jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' }, id: null });
  }
  if (err?.type === 'entity.too.large') {
    return void res.status(413).json({ jsonrpc: '2.0', error: { code: -32600, message: 'Request body over 64 kB' }, id: null });
  }
  next(err);
};

/** The caller the bearer middleware resolved. */
const callerOf = (req: Request): ConnectorCaller => (req.auth?.extra as { caller: ConnectorCaller }).caller;

/**
 * A tool's input schema as MCP advertises it (the JSON Schema of the merged zod object) with a
 * validation that only asks for an object: the route's own schemas validate on call, so a bad
 * argument is the REST `validation-error`, as a tool error the model can read.
 */
function advertised(tool: McpTool): StandardSchemaWithJSON<Record<string, unknown>> {
  const std = tool.inputSchema['~standard'] as unknown as StandardSchemaWithJSON['~standard'];
  const json = std.jsonSchema as { input(o: unknown): unknown; output(o: unknown): unknown };
  return {
    '~standard': {
      ...std,
      // JSON Schema 2020-12 says `examples` (an array); the route schemas carry OpenAPI's `example`.
      jsonSchema: { input: (o: unknown) => withExamples(json.input(o)), output: (o: unknown) => withExamples(json.output(o)) },
      validate: (value: unknown) =>
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? { value: value as Record<string, unknown> }
          : { issues: [{ message: 'The arguments must be an object' }] },
    },
  } as StandardSchemaWithJSON<Record<string, unknown>>;
}

/** `schema` with every `example: v` written as JSON Schema's `examples: [v]`, recursively. */
function withExamples(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withExamples);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'example') out.examples = [v];
    else out[k] = withExamples(v);
  }
  return out;
}

const text = (value: unknown) => JSON.stringify(value);

/**
 * Runs one tool call and answers it as MCP: the result (its JSON as text and as structured
 * content); an `AppError` as a tool error carrying the problem document; `approval-required` as a
 * pending approval (recorded, with the page where the holder decides). Every call appends one audit
 * record (arguments as a digest, the amount the grant was charged, the outcome).
 */
async function callTool(d: RouteDeps, caller: ConnectorCaller, tool: McpTool, args: Record<string, unknown>): Promise<CallToolResult> {
  let charged: bigint | null = null;
  let outcome = 'ok';
  let result: CallToolResult;
  try {
    const out = await runTool(d, caller, tool.name, args, { onCharge: (c) => (charged = c.amount) });
    const structured = out !== null && typeof out === 'object' && !Array.isArray(out) ? (out as Record<string, unknown>) : { result: out };
    result = { content: [{ type: 'text', text: text(out) }], structuredContent: structured };
  } catch (err) {
    if (!(err instanceof AppError)) d.logger.error({ err, tool: tool.name, grantId: caller.grantId }, 'MCP tool call failed');
    const e =
      err instanceof AppError ? err : new AppError('internal', 'The tool failed; nothing is known to have changed. Try again later.');
    if (e.code === 'approval-required') {
      const amount = BigInt(String(e.extensions.amount));
      const approval = await requestApproval(d, caller, { tool: tool.name, arguments: args, amount });
      const pending = {
        status: 'pending_approval',
        approvalId: approval.id,
        approvalUrl: `${publicOrigin(d)}/oauth/approvals/${approval.id}`,
        amount: amount.toString(),
        threshold: String(e.extensions.threshold),
      };
      charged = amount;
      outcome = 'pending_approval';
      result = {
        content: [{ type: 'text', text: `Waiting for the wallet holder's approval at ${pending.approvalUrl}: ${text(pending)}` }],
        structuredContent: pending,
      };
    } else {
      outcome = e.code;
      const problem = { type: `/problems/${e.code}`, title: e.title, status: e.status, detail: e.message, code: e.code, ...e.extensions };
      result = { isError: true, content: [{ type: 'text', text: `${e.code}: ${e.message}` }], structuredContent: problem };
    }
  }
  try {
    await audit(d.sql, {
      organizationId: caller.organizationId,
      grantId: caller.grantId,
      wallet: caller.wallet,
      clientId: caller.clientId,
      kind: 'tool_call',
      tool: tool.name,
      argumentsDigest: argumentsDigest(args),
      amount: charged,
      outcome,
    });
  } catch (err) {
    d.logger.error({ err, tool: tool.name, grantId: caller.grantId, outcome }, 'MCP audit record not written');
  }
  return result;
}

/** A new MCP server with the tools the caller's grant allows (tools/list is the grant). */
function serverFor(d: RouteDeps, caller: ConnectorCaller): McpServer {
  const server = new McpServer(SERVER_INFO, { capabilities: { tools: { listChanged: false } } });
  for (const tool of toolsFor(caller.scopes)) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: advertised(tool),
        annotations: tool.destructive
          ? { title: tool.title, readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false }
          : { title: tool.title, readOnlyHint: true, openWorldHint: false },
      },
      (args: Record<string, unknown>) => callTool(d, caller, tool, args),
    );
  }
  return server;
}

/** 405 as a stateless Streamable HTTP server answers GET (no SSE stream) and DELETE (no session). */
const methodNotAllowed: RequestHandler = (_req, res) => {
  res.setHeader('Allow', 'POST');
  res
    .status(405)
    .json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless; send POST' }, id: null });
};

/**
 * Mounts the MCP endpoints and their protected-resource metadata on the app's root (not under
 * `/api`):
 * - `POST /mcp/:organizationId`: Host and Origin must name the public origin's host (403
 *   otherwise; no Origin passes), then `Authorization: Bearer <access token>` whose audience is
 *   this endpoint (401 with `WWW-Authenticate: Bearer … resource_metadata="…"` otherwise), then
 *   one MCP request; `GET` and `DELETE` answer 405; the 401 challenge's `scope` is the
 *   organization's ceiling (none when connectors are not enabled);
 * - `GET /.well-known/oauth-protected-resource/mcp/:organizationId`: the RFC 9728 document.
 */
export function mountMcp(app: Express, apiDeps: ApiDeps): void {
  const d: RouteDeps = { ...apiDeps, openApiJson };
  // The Host and Origin guards depend on the origin only: built once it is known, not per request.
  const perOrigin = (build: (origin: string) => RequestHandler): RequestHandler => {
    let built: { origin: string; handler: RequestHandler } | undefined;
    return (req, res, next) => {
      const origin = publicOrigin(apiDeps);
      if (built?.origin !== origin) built = { origin, handler: build(origin) };
      return built.handler(req, res, next);
    };
  };
  const guards: RequestHandler[] = [
    perOrigin((origin) => hostHeaderValidation([hostnameOf(origin)])),
    perOrigin((origin) => originValidation([hostnameOf(origin)])),
  ];
  // The bearer check of the MCP SDK (`verifyBearerToken`), with its 401/403 answer, whose challenge
  // names in `scope` what the organization's ceiling lets its holders grant (RFC 6750 §3, MCP
  // authorization "scope selection"): a client asks for those, not for every scope the
  // authorization server knows, so the holder is not shown scopes the consent page must refuse.
  // An organization without a ceiling (connectors not enabled) names none.
  const challengeScopes = async (origin: string, resource: string): Promise<string[]> => {
    const organizationId = organizationOfResource(origin, resource);
    const ceiling = organizationId ? await getCeiling(d, organizationId) : null;
    return ceiling ? CONNECTOR_SCOPES.filter((s) => ceiling.scopes.includes(s)) : [];
  };
  // Per request: the public origin is known once the server listens (a test's free port), and the
  // resource names the request's organization.
  const bearer: RequestHandler = async (req, res, next) => {
    const origin = publicOrigin(apiDeps);
    const resource = mcpResource(origin, String(req.params.organizationId));
    const options = {
      resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(new URL(resource)),
      expectedResource: new URL(resource),
      verifier: {
        async verifyAccessToken(token: string): Promise<AuthInfo> {
          const caller = await authenticateAccessToken(d, token, resource);
          if (!caller)
            throw new OAuthError(OAuthErrorCode.InvalidToken, 'The access token is unknown, expired, revoked or for another resource');
          return {
            token,
            clientId: caller.clientId,
            scopes: caller.scopes,
            expiresAt: caller.expiresAt,
            resource: new URL(resource),
            extra: { caller },
          };
        },
      },
    };
    try {
      req.auth = await verifyBearerToken(req.headers.authorization, options);
    } catch (error) {
      const refused = error instanceof OAuthError && error.code === OAuthErrorCode.InvalidToken;
      const requiredScopes = refused ? await challengeScopes(origin, resource) : [];
      const response = bearerAuthChallengeResponse(error, { ...options, requiredScopes });
      const challenge = response.headers.get('WWW-Authenticate');
      if (challenge !== null) res.set('WWW-Authenticate', challenge);
      res.status(response.status).json(await response.json());
      return;
    }
    next();
  };
  const handle: RequestHandler = async (req: Request, res: Response) => {
    res.locals.route = '/mcp/:organizationId';
    res.setHeader('Cache-Control', 'no-store');
    const server = serverFor(d, callerOf(req));
    const transport = new NodeStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  };
  const path = '/mcp/:organizationId';
  // Each grant has the request budget of a credential (RATE_LIMIT_MAX per window), so
  // one agent's burst never takes another organization's share; counted after the bearer check.
  const limit = requestRateLimit(apiDeps, (req) => `grant:${callerOf(req).grantId}`);
  app.post(path, ...guards, bearer, limit, express.json({ limit: '64kb' }), jsonRpcBodyErrors, handle);
  app.get(path, ...guards, methodNotAllowed);
  app.delete(path, ...guards, methodNotAllowed);

  app.get('/.well-known/oauth-protected-resource/mcp/:organizationId', (req, res) => {
    const origin = publicOrigin(apiDeps);
    const resource = mcpResource(origin, String(req.params.organizationId));
    const organizationId = organizationOfResource(origin, resource);
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (!organizationId) throw new AppError('not-found', 'No MCP endpoint at this path');
    res.json({
      resource,
      authorization_servers: [origin],
      scopes_supported: [...CONNECTOR_SCOPES, ...PROTOCOL_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: `Payments gateway MCP endpoint of organization ${organizationId}`,
    });
  });
}
