import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { getAddress } from 'viem';
import { AppError } from '@gw/runtime';
import { findOrganizationName, authProblem } from '@gw/core/auth';
import {
  APPROVAL_SESSION_MS,
  CONNECTOR_SCOPES,
  OAUTH_PATH,
  approvalNonce,
  approvalSessionToken,
  approvalSignInNonce,
  approvalSignInStatement,
  approvalStatement,
  clientIdHost,
  consentNonce,
  consentStatement,
  createAuthorizationServer,
  decideConnectorApproval,
  enableConnectorsHint,
  findConnectorGrant,
  getApproval,
  getCeiling,
  holderMessage,
  organizationOfResource,
  recordConsent,
  verifyApprovalSessionToken,
  verifyHolderMessage,
  type ApprovalAction,
  type ConnectorCaller,
  type ConnectorScope,
  type GrantLimits,
} from '@gw/core/connectors';
import { publicOrigin, type RouteDeps } from '../deps.js';
import { runTool } from '../mcp/tools.js';
import { clientAddress, requestRateLimit } from '../http/rate-limit.js';
import { approvalAction } from './approval-action.js';
import {
  approvalPage,
  approvalSignInPage,
  consentPage,
  HOLDER_SCRIPT,
  messagePage,
  type ApprovalPageView,
  type ConsentPageView,
} from './pages.js';

/**
 * The AI connectors' authorization server on the API's origin:
 *
 * - `oidc-provider` (`createAuthorizationServer`) answers everything under `/oauth/` (authorize,
 *   token, register, revoke, jwks) and `/.well-known/openid-configuration`; RFC 8414's
 *   `/.well-known/oauth-authorization-server` serves the same document;
 * - the consent page `/oauth/interaction/:uid`, where the wallet holder signs in with SIWE,
 *   narrows the scopes and sets the limits, is ours;
 * - so is the approval page `/oauth/approvals/:id` for payments above the holder's threshold, which
 *   shows the request only after its holder signed in there (SIWE, a cookie for that page).
 *
 * The provider is built on first use: its issuer is the public origin, which needs the port the
 * API listens on when PUBLIC_URL is unset.
 */
export function mountAuthorizationServer(app: Express, deps: RouteDeps): void {
  let provider: Promise<Provider> | undefined;
  const getProvider = () =>
    (provider ??= createAuthorizationServer(deps, {
      issuer: publicOrigin(deps),
      proxy: deps.config.TRUST_PROXY !== false,
      resolver: deps.resolver,
    }).catch((err: unknown) => {
      provider = undefined;
      throw err;
    }));
  let callback: ((req: Request, res: Response) => unknown) | undefined;
  const handOver = async (req: Request, res: Response) => {
    const p = await getProvider();
    callback ??= p.callback() as unknown as (req: Request, res: Response) => unknown;
    await callback(req, res);
  };

  const json = express.json({ limit: '16kb' });
  const router = express.Router();
  // The authorization server and its pages take no API key: limited per client address like
  // every unauthenticated request of the API (registration and consent cannot be flooded).
  const limit = requestRateLimit(deps, (req) => `ip:${clientAddress(req)}`);
  router.use([OAUTH_PATH, '/.well-known/oauth-authorization-server', '/.well-known/openid-configuration'], limit);

  router.get(`${OAUTH_PATH}/assets/holder.js`, (_req, res) => {
    res.type('text/javascript').set('Cache-Control', 'no-cache').send(HOLDER_SCRIPT);
  });

  // --- the consent page ---------------------------------------------------------------------------
  router.get(`${OAUTH_PATH}/interaction/:uid`, async (req, res) => {
    const p = await getProvider();
    const details = await p.interactionDetails(req, res).catch(() => null);
    noStore(res);
    if (!details)
      return void res.status(400).type('html').send(messagePage('This authorization has expired', 'Start again from the application.'));
    const view = await consentView(deps, p, details);
    if ('error' in view) return void res.status(400).type('html').send(messagePage('This authorization cannot go on', view.error));
    res.type('html').send(consentPage({ ...view, uid: details.uid }));
  });

  /**
   * The consent request of this interaction with the choices posted, and what the holder signs for
   * them (origin, the interaction's nonce, the statement of exactly these choices): the message
   * served by `/message` and the one `/confirm` checks are built from the same three.
   * @throws AppError('invalid-state') no live interaction; AppError('validation-error') a request
   *   the page would refuse, or choices outside what was asked
   */
  const consentOf = async (req: Request, res: Response) => {
    const p = await getProvider();
    const details = await interactionOf(p, req, res);
    const view = await consentView(deps, p, details);
    if ('error' in view) throw new AppError('validation-error', view.error);
    const choice = parseChoice(req.body, view.asked);
    const expected = {
      origin: publicOrigin(deps),
      nonce: consentNonce(deps.secretBox, details.uid),
      statement: consentStatement({
        clientName: view.clientName,
        clientId: view.clientId,
        redirectHost: view.redirectHost,
        organizationName: view.organizationName,
        scopes: choice.scopes,
        limits: choice.limits,
      }),
    };
    return { p, view, choice, expected };
  };

  /** The message the wallet signs for the choices made on the page. */
  router.post(`${OAUTH_PATH}/interaction/:uid/message`, json, async (req, res) => {
    const { choice, expected } = await consentOf(req, res);
    noStore(res);
    res.json({ message: holderMessage(deps.config, { ...expected, address: choice.address }) });
  });

  /** The signed consent: verified, checked against the ceiling, recorded; the answer says where the browser goes next. */
  router.post(`${OAUTH_PATH}/interaction/:uid/confirm`, json, async (req, res) => {
    const { p, view, choice, expected } = await consentOf(req, res);
    const signed = parseBody(z.object({ message: z.string().max(4000), signature: z.string().max(1000) }), req.body);
    const address = await verifyHolderMessage(deps.config, signed, expected);
    if (address !== choice.address) throw authProblem('invalid-signature', 'The message is not signed by the address submitted');
    const grant = new p.Grant({ accountId: address, clientId: view.clientId });
    // The API scopes are declared to the provider (registration accepts only declared scopes), so
    // it asks for them as OpenID scopes too: each kept scope is granted both ways, each refused
    // one rejected both ways (otherwise the consent prompt comes back).
    const kept = [...choice.scopes, ...view.oidcScopes].join(' ');
    if (kept) grant.addOIDCScope(kept);
    if (choice.scopes.length) grant.addResourceScope(view.resource, choice.scopes.join(' '));
    const rejected = view.askedAll.filter((s) => !(choice.scopes as string[]).includes(s)).join(' ');
    if (rejected) {
      grant.rejectOIDCScope(rejected);
      grant.rejectResourceScope(view.resource, rejected);
    }
    const oauthGrantId = await grant.save();
    // The ceiling is checked again in the consent's transaction; if it refuses, the provider's
    // grant goes too (no orphan a later authorization could pick up).
    await recordConsent(deps, {
      organizationId: view.organizationId,
      wallet: address,
      clientId: view.clientId,
      clientName: view.clientName,
      oauthGrantId,
      resource: view.resource,
      scopes: choice.scopes,
      limits: choice.limits,
    }).catch(async (err: unknown) => {
      await grant.destroy();
      throw err;
    });
    const redirectTo = await p.interactionResult(
      req,
      res,
      { login: { accountId: address }, consent: { grantId: oauthGrantId } },
      { mergeWithLastSubmission: false },
    );
    noStore(res);
    res.json({ redirectTo });
  });

  router.post(`${OAUTH_PATH}/interaction/:uid/deny`, json, async (req, res) => {
    const p = await getProvider();
    const redirectTo = await p.interactionResult(
      req,
      res,
      { error: 'access_denied', error_description: 'The wallet holder refused' },
      { mergeWithLastSubmission: false },
    );
    noStore(res);
    res.json({ redirectTo });
  });

  // --- the approval page --------------------------------------------------------------------------
  // Anyone with the link reaches the page, so it shows the request (wallet, organization, client,
  // amount, recipient) only to the holder it was made for: they sign in first with SIWE (a message
  // of its own nonce and statement, naming nothing of the request), which sets an HMAC-signed
  // cookie for this approval's paths; the decision is then signed separately.
  router.get(`${OAUTH_PATH}/approvals/:id`, async (req, res) => {
    noStore(res);
    const view = await approvalView(deps, String(req.params.id));
    if (!view) return void res.status(404).type('html').send(messagePage('No such approval', 'The link is wrong or the approval is gone.'));
    if (!signedIn(req, view)) return void res.type('html').send(approvalSignInPage(view.id));
    if (!view.action) {
      return void res
        .status(409)
        .type('html')
        .send(messagePage('This request cannot be shown', 'The gateway cannot describe what it would do, so it cannot be approved.'));
    }
    res.type('html').send(approvalPage({ ...view, action: view.action }));
  });

  /** The approval named in the path. @throws AppError('not-found') an unknown approval */
  const approvalOf = async (req: Request) => {
    const view = await approvalView(deps, String(req.params.id));
    if (!view) throw new AppError('not-found', 'No such approval');
    return view;
  };
  /** True when the request carries this approval's sign-in cookie of its holder. */
  const signedIn = (req: Request, view: ApprovalView) => {
    const token = cookieOf(req, APPROVAL_COOKIE);
    return token !== null && verifyApprovalSessionToken(deps.secretBox, view.id, token) === view.wallet;
  };
  /**
   * The approval, for its signed-in holder, with what its call would do.
   * @throws AppError('not-found') unknown; AppError('unauthenticated') not signed in on its page;
   *   AppError('invalid-state') a call the page cannot describe
   */
  const describedApprovalOf = async (req: Request) => {
    const view = await approvalOf(req);
    if (!signedIn(req, view)) throw new AppError('unauthenticated', 'Sign in on the approval page with the wallet it was made for first');
    if (!view.action) throw new AppError('invalid-state', 'This request cannot be described, so it cannot be decided');
    return { ...view, action: view.action };
  };
  /** What the holder signs to take `decision` on the approval (for both `/message` and `/decide`). */
  const signedDecision = (view: ApprovalView & { action: ApprovalAction }, decision: 'approve' | 'reject') => ({
    origin: publicOrigin(deps),
    nonce: approvalNonce(deps.secretBox, view.id),
    statement: approvalStatement({
      decision,
      action: view.action,
      clientName: view.clientName,
      clientId: view.clientId,
      approvalId: view.id,
    }),
  });
  /** What the holder signs to sign in on the approval's page. */
  const signInExpected = (id: string) => ({
    origin: publicOrigin(deps),
    nonce: approvalSignInNonce(deps.secretBox, id),
    statement: approvalSignInStatement(id),
  });
  const decisionField = z.enum(['approve', 'reject']);
  const addressField = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
  const signedBody = z.object({ message: z.string().max(4000), signature: z.string().max(1000) });

  /** The sign-in message for `address` (it names the approval, nothing of the request). */
  router.post(`${OAUTH_PATH}/approvals/:id/sign-in/message`, json, async (req, res) => {
    const view = await approvalOf(req);
    const { address } = parseBody(z.object({ address: addressField }), req.body);
    noStore(res);
    res.json({ message: holderMessage(deps.config, { ...signInExpected(view.id), address }) });
  });

  /** The signed sign-in: only the approval's holder gets the page's cookie (15 minutes, this approval's paths only). */
  router.post(`${OAUTH_PATH}/approvals/:id/sign-in`, json, async (req, res) => {
    const view = await approvalOf(req);
    const address = await verifyHolderMessage(deps.config, parseBody(signedBody, req.body), signInExpected(view.id));
    if (address !== view.wallet) throw authProblem('invalid-signature', 'Only the wallet this request was made for can see it');
    res.cookie(APPROVAL_COOKIE, approvalSessionToken(deps.secretBox, view.id, address), {
      httpOnly: true,
      secure: publicOrigin(deps).startsWith('https:'),
      sameSite: 'strict',
      path: `${OAUTH_PATH}/approvals/${view.id}`,
      maxAge: APPROVAL_SESSION_MS,
    });
    noStore(res);
    res.json({ signedIn: address });
  });

  router.post(`${OAUTH_PATH}/approvals/:id/message`, json, async (req, res) => {
    const view = await describedApprovalOf(req);
    const { address, decision } = parseBody(z.object({ address: addressField, decision: decisionField }), req.body);
    noStore(res);
    res.json({ message: holderMessage(deps.config, { ...signedDecision(view, decision), address }) });
  });

  router.post(`${OAUTH_PATH}/approvals/:id/decide`, json, async (req, res) => {
    const view = await describedApprovalOf(req);
    const body = parseBody(signedBody.extend({ decision: decisionField }), req.body);
    const address = await verifyHolderMessage(deps.config, body, signedDecision(view, body.decision));
    if (address !== view.wallet) throw authProblem('invalid-signature', 'Only the wallet holder of the grant can decide this approval');
    const decided = await decideConnectorApproval(deps, view.id, body.decision, (approval) =>
      runTool(deps, view.caller, approval.tool, approval.arguments, { approvalId: approval.id }),
    );
    noStore(res);
    res.json({ id: decided.id, status: decided.status, result: decided.result });
  });

  // --- the provider -------------------------------------------------------------------------------
  router.get('/.well-known/oauth-authorization-server', (req, res) => {
    // RFC 8414 §3 for an issuer without a path: the same metadata as OpenID discovery.
    req.url = '/.well-known/openid-configuration';
    req.originalUrl = req.url;
    return handOver(req, res);
  });
  router.use(((req, res, next) => {
    if (req.path === '/.well-known/openid-configuration' || req.path.startsWith(`${OAUTH_PATH}/`)) return handOver(req, res);
    next();
  }) as RequestHandler);
  app.use(router);
}

const noStore = (res: Response) => res.set('Cache-Control', 'no-store');

/** The approval page's sign-in cookie (`approvalSessionToken`), scoped to one approval's paths. */
const APPROVAL_COOKIE = 'gw_approval_session';

/** The value of cookie `name` of the request, or null. */
function cookieOf(req: Request, name: string): string | null {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return decodeURIComponent(part.slice(i + 1).trim());
  }
  return null;
}

/** `schema.parse(body)`, a failure being the API's 400 `validation-error` with the fields named. */
function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const out = schema.safeParse(body ?? {});
  if (out.success) return out.data;
  throw new AppError('validation-error', 'The request body is not valid', {
    errors: out.error.issues.map((i) => ({ path: i.path.join('.') || 'body', message: i.message })),
  });
}

/** The interaction of this request's cookie. @throws AppError('invalid-state') expired, used or missing */
async function interactionOf(p: Provider, req: Request, res: Response): Promise<Details> {
  return p.interactionDetails(req, res).catch(() => {
    throw new AppError('invalid-state', 'This authorization has expired or was already used; start again from the application');
  });
}

type Details = Awaited<ReturnType<Provider['interactionDetails']>>;

/** What the consent page shows and checks. */
interface ConsentView extends ConsentPageView {
  organizationId: string;
  resource: string;
  /** Connector scopes asked and within the organization's ceiling (the holder may keep a subset). */
  asked: ConnectorScope[];
  /** OpenID scopes asked (`openid`, `offline_access`): granted as asked. */
  oidcScopes: string[];
}

async function consentView(deps: RouteDeps, p: Provider, details: Details): Promise<ConsentView | { error: string }> {
  const params = details.params as Record<string, unknown>;
  const clientId = String(params.client_id ?? '');
  const client = await p.Client.find(clientId);
  if (!client) return { error: 'Unknown client.' };
  const resources = ([] as unknown[]).concat(params.resource ?? []).map(String);
  if (resources.length !== 1) return { error: 'The application must name exactly one MCP endpoint (the `resource` parameter, RFC 8707).' };
  const resource = resources[0]!;
  const organizationId = organizationOfResource(publicOrigin(deps), resource);
  if (!organizationId) return { error: `${resource} is not an MCP endpoint of this gateway.` };
  const [organizationName, ceiling] = await Promise.all([
    findOrganizationName(deps.prisma, organizationId),
    getCeiling(deps, organizationId),
  ]);
  if (!organizationName) return { error: `${resource} is not an MCP endpoint of this gateway.` };
  if (!ceiling) return { error: `${organizationName} has not enabled AI connectors: ${enableConnectorsHint(organizationId)}.` };
  if (!ceiling.anyClient && !ceiling.clientIds.includes(clientId)) return { error: `${organizationName} does not allow this application.` };
  const requested = String(params.scope ?? '')
    .split(' ')
    .filter(Boolean);
  const askedAll = requested.filter((s) => (CONNECTOR_SCOPES as readonly string[]).includes(s));
  return {
    clientId,
    clientName: client.clientName ?? null,
    clientIdHost: clientIdHost(clientId),
    redirectHost: new URL(String(params.redirect_uri)).host,
    organizationId,
    organizationName,
    resource,
    asked: askedAll.filter((s): s is ConnectorScope => ceiling.scopes.includes(s)),
    askedAll,
    oidcScopes: requested.filter((s) => s === 'openid' || s === 'offline_access'),
    caps: {
      maxPerTransaction: ceiling.maxPerTransaction?.toString() ?? null,
      maxPerDay: ceiling.maxPerDay?.toString() ?? null,
      maxTotal: ceiling.maxTotal?.toString() ?? null,
    },
  };
}

const baseUnits = z.string().regex(/^(0|[1-9][0-9]{0,77})$/, 'integer base units');

const choiceSchema = z.object({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  scopes: z.array(z.string()).max(CONNECTOR_SCOPES.length),
  perTransaction: baseUnits,
  perDay: baseUnits,
  total: baseUnits,
  recipients: z
    .array(z.string().regex(/^0x[0-9a-fA-F]{40}$/))
    .max(50)
    .nullable(),
  approvalThreshold: baseUnits.nullable(),
});

/** The holder's choices from the page: scopes within those asked, limits as base units. */
function parseChoice(body: unknown, asked: ConnectorScope[]): { address: string; scopes: ConnectorScope[]; limits: GrantLimits } {
  const c = parseBody(choiceSchema, body);
  const extra = c.scopes.filter((s) => !(asked as string[]).includes(s));
  if (extra.length) throw new AppError('validation-error', `Scopes not asked or not allowed: ${extra.join(', ')}`);
  return {
    address: getAddress(c.address),
    scopes: asked.filter((s) => c.scopes.includes(s)),
    limits: {
      perTransaction: BigInt(c.perTransaction),
      perDay: BigInt(c.perDay),
      total: BigInt(c.total),
      recipients: c.recipients === null ? null : [...new Set(c.recipients.map((r) => getAddress(r)))],
      approvalThreshold: c.approvalThreshold === null ? null : BigInt(c.approvalThreshold),
    },
  };
}

/** What the approval page shows (`action` null: a call it cannot describe), and the caller a decision runs the tool as. */
export interface ApprovalView extends Omit<ApprovalPageView, 'action'> {
  action: ApprovalAction | null;
  caller: ConnectorCaller;
}

async function approvalView(deps: RouteDeps, id: string): Promise<ApprovalView | null> {
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const approval = await getApproval(deps, id);
  if (!approval) return null;
  const grant = await findConnectorGrant(deps, approval.organizationId, approval.grantId);
  if (!grant) return null;
  const organizationName = (await findOrganizationName(deps.prisma, grant.organizationId)) ?? grant.organizationId;
  return {
    id,
    action: await approvalAction(deps, approval, grant, organizationName),
    status: approval.status,
    wallet: grant.wallet,
    clientName: grant.clientName,
    clientId: grant.clientId,
    clientIdHost: clientIdHost(grant.clientId),
    organizationName,
    expiresAt: approval.expiresAt.toISOString(),
    caller: {
      grantId: grant.id,
      organizationId: grant.organizationId,
      wallet: grant.wallet,
      clientId: grant.clientId,
      scopes: grant.revokedAt ? [] : (grant.scopes as ConnectorScope[]),
      resource: grant.resource,
      expiresAt: 0,
    },
  };
}
