import type { Response } from 'express';
import { z } from 'zod';
import { AppError, Reply, type RouteDef, type RouteInput, type SpendCharge, type SpendGuard } from '@gw/runtime';
import { CONNECTOR_SCOPES, callerIdentity, isConnectorScope, type ConnectorCaller, type ConnectorScope } from '@gw/core/connectors';
import type { RouteDeps } from '../deps.js';
import { chargeEventQuota } from '../http/rate-limit.js';
import { parse } from '../http/validate.js';
import { ROUTES } from '../routes/catalogue.js';

/**
 * The MCP tools of an organization's endpoint. A tool is a row of the route table seen
 * through an AI connector's grant: its scope, description and input come from the row, and a call
 * runs the row's own validation and handler with the principal and session of the grant
 * (`callerIdentity`), exactly as a REST request with an API key and a JWT would.
 */

/** One tool as written in the catalogue below. */
export interface ToolDefinition {
  /** snake_case, unique. */
  name: string;
  /** The route row the tool calls (its `operationId` in the route table). */
  operationId: string;
  /** Human-readable name shown by MCP clients. */
  title: string;
  /** True for a write (annotation `destructiveHint`); false for a read (`readOnlyHint`). */
  destructive: boolean;
  /**
   * Only for a tool over a `public` route (public data such as the token's figures): the scope a
   * grant needs to see and call the tool, since the route itself names none.
   */
  publicScope?: ConnectorScope;
}

/**
 * The tool catalogue. Read tools first, then the writes. No webhook, consent or health-record
 * tool: their routes take the organization's API key only or a scope a connector is never granted
 * (the start-up check below refuses them).
 */
export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  { name: 'get_wallet_balances', operationId: 'getWalletBalances', title: 'Wallet balances', destructive: false },
  { name: 'get_token_info', operationId: 'getTokenInfo', title: 'The native token', destructive: false, publicScope: 'wallet:read' },
  { name: 'get_treasury_overview', operationId: 'getTreasuryOverview', title: 'DAO treasury overview', destructive: false },
  { name: 'list_staking_positions', operationId: 'listStakingPositions', title: 'Staking positions', destructive: false },
  { name: 'get_staking_operation', operationId: 'getStakingOperation', title: 'A staking operation and its state', destructive: false },
  { name: 'list_farming_pools', operationId: 'listFarmingPools', title: 'Farming pools', destructive: false },
  { name: 'list_proposals', operationId: 'listProposals', title: 'Governance proposals', destructive: false },
  { name: 'get_vote', operationId: 'getVote', title: 'A vote and its state', destructive: false },
  { name: 'list_payments', operationId: 'listPayments', title: 'Payments', destructive: false },
  { name: 'get_payment', operationId: 'getPayment', title: 'A payment', destructive: false },
  { name: 'get_credit_balance', operationId: 'getCreditBalance', title: 'AI credit balance', destructive: false },
  { name: 'list_shipments', operationId: 'listShipments', title: 'Shipments', destructive: false },
  { name: 'list_checkpoints', operationId: 'listCheckpoints', title: "A shipment's checkpoints", destructive: false },
  { name: 'list_certificates', operationId: 'listCertificates', title: 'Certificates', destructive: false },
  { name: 'find_tariffs', operationId: 'findTariffs', title: 'Duty rates', destructive: false },
  { name: 'list_carbon_credits', operationId: 'getCarbonCredits', title: 'Carbon credits', destructive: false },
  { name: 'create_payment', operationId: 'createPayment', title: 'Create a payment', destructive: true },
  { name: 'confirm_payment', operationId: 'confirmPayment', title: 'Confirm (pay) a payment', destructive: true },
  { name: 'consume_credits', operationId: 'consumeCredits', title: 'Consume AI credits', destructive: true },
  { name: 'transfer', operationId: 'transfer', title: 'Transfer tokens to another wallet', destructive: true },
  { name: 'stake', operationId: 'stake', title: 'Stake the native token', destructive: true },
  { name: 'vote', operationId: 'vote', title: 'Vote on a proposal', destructive: true },
];

/** The optional argument of tools whose route accepts `Idempotency-Key`. */
export const IDEMPOTENCY_ARGUMENT = 'idempotencyKey';

/** A tool resolved against its route row. */
export interface McpTool extends ToolDefinition {
  route: RouteDef<RouteDeps>;
  scope: ConnectorScope;
  /** The row's summary and description. */
  description: string;
  /** The row's params, query and body fields in one object (plus `idempotencyKey` on idempotent rows). */
  inputSchema: z.ZodObject;
  /** The argument names of each part of the request. */
  parts: { params: string[]; query: string[]; body: string[] };
}

type Shape = Record<string, z.ZodType>;
type ZodDef = { type: string; options?: z.ZodType[]; in?: z.ZodType };

/**
 * The fields of a request part's schema: an object's shape; for a union of objects (the stake's
 * `source`) every option's fields, a field absent from some option optional and a field typed
 * differently by the options their union (the route's own schema still decides on call).
 * @throws Error a schema that is not an object or a union of objects (a catalogue bug)
 */
function fieldsOf(schema: z.ZodType | undefined, what: string): Shape {
  if (!schema) return {};
  if (schema instanceof z.ZodObject) return { ...(schema.shape as Shape) };
  const def = (schema as unknown as { def: ZodDef }).def;
  if (def.type === 'pipe' && def.in) return fieldsOf(def.in, what);
  if (def.type === 'union' && def.options) {
    const shapes = def.options.map((o) => fieldsOf(o, what));
    const keys = [...new Set(shapes.flatMap((s) => Object.keys(s)))];
    return Object.fromEntries(
      keys.map((k) => {
        const variants = shapes.map((s) => s[k]).filter((v): v is z.ZodType => v !== undefined);
        const distinct = [...new Set(variants)];
        const field = distinct.length === 1 ? distinct[0]! : z.union(distinct as [z.ZodType, z.ZodType, ...z.ZodType[]]);
        return [k, variants.length === shapes.length ? field : field.optional()];
      }),
    );
  }
  throw new Error(`${what}: not an object schema (${def.type})`);
}

/**
 * Resolves tool definitions against the route table, with the start-up checks: every tool names
 * a known operation, of a `gateway` route (API key plus JWT) without
 * `apiKeyOnly` or `role`, whose scope an AI connector may be granted; names are snake_case and
 * unique; the row's params, query and body share no field name.
 * @throws Error naming the first tool that breaks a rule (the API does not start)
 */
export function resolveTools(definitions: readonly ToolDefinition[], routes: readonly RouteDef<RouteDeps>[]): McpTool[] {
  const seen = new Set<string>();
  return definitions.map((def) => {
    const fail = (why: string): never => {
      throw new Error(`MCP tool ${def.name} (${def.operationId}): ${why}`);
    };
    if (!/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/.test(def.name)) fail('the name is not snake_case');
    if (seen.has(def.name)) fail('the name is used twice');
    seen.add(def.name);
    const route = routes.find((r) => r.operationId === def.operationId) ?? fail('no route has this operationId');
    if (route.auth === 'public') {
      if (!def.publicScope || def.destructive) fail("the route's auth is public: only a read tool with a publicScope may use it");
    } else if (route.auth !== 'gateway') fail(`the route's auth is ${route.auth}, not gateway`);
    else if (def.publicScope) fail('publicScope is only for public routes');
    if (route.apiKeyOnly) fail('the route takes the API key only (apiKeyOnly)');
    if (route.role) fail(`the route needs the role ${route.role}`);
    const scope = route.auth === 'public' ? def.publicScope : route.scope;
    if (!scope || !isConnectorScope(scope))
      fail(`the route's scope ${scope ?? '(none)'} is not one of CONNECTOR_SCOPES (${CONNECTOR_SCOPES.join(', ')})`);
    const params = fieldsOf(route.params, `${def.name} params`);
    const query = fieldsOf(route.query, `${def.name} query`);
    const body = fieldsOf(route.body?.schema, `${def.name} body`);
    if (route.body && route.body.required === false) for (const k of Object.keys(body)) body[k] = body[k]!.optional();
    const extra: Shape = route.idempotent
      ? {
          [IDEMPOTENCY_ARGUMENT]: z
            .string()
            .min(1)
            .max(255)
            .optional()
            .meta({ description: 'Idempotency-Key: the same key and arguments return the first answer instead of acting twice' }),
        }
      : {};
    const names = [...Object.keys(params), ...Object.keys(query), ...Object.keys(body), ...Object.keys(extra)];
    const dup = names.find((n, i) => names.indexOf(n) !== i);
    if (dup) fail(`the field ${dup} appears in two parts of the request`);
    return {
      ...def,
      route,
      scope: scope as ConnectorScope,
      description: `${route.summary}. ${route.description}`,
      inputSchema: z.strictObject({ ...params, ...query, ...body, ...extra }),
      parts: { params: Object.keys(params), query: Object.keys(query), body: Object.keys(body) },
    };
  });
}

/** The catalogue resolved against the API's route table (checked when this module loads). */
export const MCP_TOOLS: readonly McpTool[] = resolveTools(TOOL_DEFINITIONS, ROUTES);

/** The tools a grant's scopes allow, in catalogue order: what `tools/list` shows the caller. */
export const toolsFor = (scopes: readonly string[]): McpTool[] => MCP_TOOLS.filter((t) => scopes.includes(t.scope));

const pick = (args: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => args[k] !== undefined).map((k) => [k, args[k]]));

/**
 * Options of {@link runTool}.
 * - `approvalId`: the call executes this approval of the holder (the threshold does not refuse it again);
 * - `onCharge`: told each spend the grant's guard accepted (after its checks, inside the ledger
 *   transaction), e.g. to audit the amount.
 */
export interface RunToolOptions {
  approvalId?: string;
  onCharge?: (charge: SpendCharge) => void;
}

/**
 * Calls the tool `name` as the connector `caller`: checks the grant's scopes again, splits
 * `args` into the route's params, query and body and validates each with the route's own schema
 * (an argument no part knows is refused too), then runs the route's handler with the grant's
 * principal and session (`callerIdentity`: the spend guard bounds every ledger write). An
 * `idempotencyKey` argument reaches the handler as the `Idempotency-Key` header; an `eventQuota`
 * route counts against the organization's quota as over REST.
 * @returns the handler's JSON answer (a `Reply`'s body), as JSON would carry it
 * @throws AppError('not-found') an unknown tool; AppError('insufficient-scope') a scope the grant
 *   lacks; AppError('validation-error') bad arguments; whatever the route throws, among them the
 *   spend guard's `spending-limit-exceeded`, `recipient-not-allowed` and `approval-required`
 */
export async function runTool(
  deps: RouteDeps,
  caller: ConnectorCaller,
  name: string,
  args: Record<string, unknown>,
  opts: RunToolOptions = {},
): Promise<unknown> {
  const tool = MCP_TOOLS.find((t) => t.name === name);
  if (!tool) throw new AppError('not-found', `No such tool: ${name}`);
  if (!caller.scopes.includes(tool.scope)) {
    throw new AppError('insufficient-scope', `This tool needs the scope ${tool.scope}`, { requiredScope: tool.scope });
  }
  const known = new Set([
    ...tool.parts.params,
    ...tool.parts.query,
    ...tool.parts.body,
    ...(tool.route.idempotent ? [IDEMPOTENCY_ARGUMENT] : []),
  ]);
  const unknown = Object.keys(args).filter((k) => !known.has(k));
  if (unknown.length) {
    throw new AppError('validation-error', `Unknown arguments: ${unknown.join(', ')}`, {
      errors: unknown.map((k) => ({ path: k, message: 'Unrecognized key' })),
    });
  }
  const key = args[IDEMPOTENCY_ARGUMENT];
  if (key !== undefined && (typeof key !== 'string' || key.length === 0 || key.length > 255)) {
    throw new AppError('validation-error', 'idempotencyKey must be a string of 1 to 255 characters', {
      errors: [{ path: IDEMPOTENCY_ARGUMENT, message: 'a string of 1 to 255 characters' }],
    });
  }
  const { route } = tool;
  const params = route.params ? parse(route.params, pick(args, tool.parts.params), 'path') : {};
  const query = route.query ? parse(route.query, pick(args, tool.parts.query), 'query') : undefined;
  const body = route.body ? parse(route.body.schema, pick(args, tool.parts.body)) : undefined;
  const identity = callerIdentity(deps, caller, { approvalId: opts.approvalId });
  const guard = identity.principal.spendGuard;
  if (guard && opts.onCharge) {
    const onCharge = opts.onCharge;
    const watched: SpendGuard = {
      async charge(tx, c) {
        await guard.charge(tx, c);
        onCharge(c);
      },
    };
    identity.principal = { ...identity.principal, spendGuard: watched };
  }
  const input: RouteInput<unknown, unknown, unknown> = {
    params,
    query,
    body,
    principal: identity.principal,
    session: identity.session,
    header: (h) => (h.toLowerCase() === 'idempotency-key' && typeof key === 'string' ? key : undefined),
    baseUrl: '/api',
  };
  let refund = () => {};
  if (route.eventQuota) {
    // The quota's Retry-After header has no place in a tool result; its detail names the wait.
    const noHeaders = { setHeader: () => undefined } as unknown as Response;
    refund = chargeEventQuota(deps, caller.organizationId, noHeaders);
  }
  let result: unknown;
  try {
    result = await route.handler(deps, input);
  } catch (err) {
    refund();
    throw err;
  }
  const out = result instanceof Reply ? result.body : result;
  // The JSON the REST answer would carry (dates as strings, no undefined members).
  return out === undefined ? null : (JSON.parse(JSON.stringify(out)) as unknown);
}

/**
 * The tools as a Markdown table (docs/connectors.md's generated section `mcp-tools`): one row per
 * tool with its name, title, scope, read or write, and the REST operation it calls (operation id,
 * method and path under `/api`).
 */
export function mcpToolsMarkdown(tools: readonly McpTool[]): string {
  const rows = tools.map(
    (t) =>
      `| \`${t.name}\` | ${t.title.replaceAll('|', '\\|')} | \`${t.scope}\` | ${t.destructive ? 'write' : 'read'} | \`${t.operationId}\` (\`${t.route.method.toUpperCase()} ${t.route.path}\`) |`,
  );
  return ['| tool | title | scope | access | REST operation |', '| --- | --- | --- | --- | --- |', ...rows].join('\n');
}
