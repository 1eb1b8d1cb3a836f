import createClient, { type Client, type FetchOptions } from 'openapi-fetch';
import { IDEMPOTENT_OPERATIONS, type operations, type paths } from './generated/openapi.js';
import { ProblemError } from './errors.js';
import { type FetchLike, isRetrySafe, isSafeMethod, type RetryOptions, withRetries } from './retry.js';
import { buildLoginMessage, resolveSigner, type LoginOptions, type SiweSigner } from './siwe.js';
import { signBallot, signDelegation, signPermit, signStakingTypedData, type TypedDataSigner } from './permit.js';

/** Options of {@link createGatewayClient}. */
export interface GatewayClientOptions {
  /** The API's base address, ending in `/api` (e.g. `https://gw.example.com/api`); paths are `/gateway/v1/…`. */
  baseUrl: string;
  /** The organization's API key (`sk_…`), sent as `X-API-Key` on every request. */
  apiKey?: string;
  /** A session JWT, sent as `Authorization: Bearer …`; `gw.login` sets it. */
  token?: string;
  /** The fetch to send with (default `globalThis.fetch`); called with one `Request`. */
  fetch?: FetchLike;
  /** Retries of 429/503 answers (see {@link RetryOptions}; default 3 attempts). */
  retry?: RetryOptions;
  /**
   * Makes the `Idempotency-Key` of a request to an `x-idempotent` operation that has none (default
   * `crypto.randomUUID()`, a UUID v4). `false` sends none.
   */
  idempotencyKey?: (() => string) | false;
}

/** The answer of `POST /gateway/v1/sso/login`: the JWT, its expiry, the wallet and the bound organization. */
export type LoginSession = operations['login']['responses'][200]['content']['application/json'];

/** The answer of `POST /gateway/v1/wallet/permit-deposits`: the gasless deposit, `pending`. */
export type PermitDeposit = operations['depositWithPermit']['responses'][202]['content']['application/json'];
/** A bridge transfer as `POST /bridge/initiate` answers it. */
export type BridgeTransfer = operations['initiateBridge']['responses'][202]['content']['application/json'];
/** What `gw.bridgeWithPermit` sends: the route, the recipient and the amount (base units, decimal string). */
export interface BridgeWithPermitOptions {
  /** CAIP-2 id of the source chain; default the home chain. */
  fromChainId?: string;
  /** CAIP-2 id of the destination chain. */
  toChainId: string;
  toAddress: string;
  amount: string;
}
/** The answer of `POST /gateway/v1/governance/vote`: the vote, `pending`. */
export type GovernanceVote = operations['vote']['responses'][202]['content']['application/json'];
/** The answer of `POST /gateway/v1/governance/delegate`: the delegation, `pending`. */
export type GovernanceDelegation = operations['delegate']['responses'][202]['content']['application/json'];
/** A stake, unstake or claim relayed on chain, as `POST /gateway/v1/staking/…` answers it: `pending`. */
export type StakingOperation = operations['stake']['responses'][202]['content']['application/json'];

type GetPath = {
  [P in keyof paths]: paths[P] extends { get: { responses: { 200: { content: { 'application/json': unknown } } } } } ? P : never;
}[keyof paths];
type GetBody<P extends GetPath> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer B } } } } }
  ? B
  : never;

/** The paths whose GET answers a cursor page `{ data, nextCursor }` (the ones {@link GatewayClient.paginate} walks). */
export type PaginatedPath = { [P in GetPath]: GetBody<P> extends { data: unknown[]; nextCursor: string | null } ? P : never }[GetPath];
/** The item type of the pages of `P`. */
export type PageItem<P extends PaginatedPath> = GetBody<P> extends { data: (infer T)[] } ? T : never;
/** The request options of `gw.paginate(path, init)`: those of `gw.GET(path, init)` (`cursor` is set by paginate). */
export type PaginateInit<P extends PaginatedPath> = FetchOptions<paths[P]['get']>;

/** The data of a successful openapi-fetch answer (never the error branch). */
export type DataOf<R> = R extends { data: infer D; error?: never } ? D : never;

/**
 * The typed client: openapi-fetch's `GET`/`POST`/`PUT`/`PATCH`/`DELETE` over the gateway's
 * paths, which **return** `{ data, error, response }` and do not throw on an error status (openapi-fetch
 * semantics; they do throw network errors), plus helpers that **throw** {@link ProblemError}.
 */
export interface GatewayClient extends Client<paths> {
  /** The base address given. */
  readonly baseUrl: string;
  /** The API key sent as `X-API-Key` (assignable). */
  apiKey: string | undefined;
  /** The session JWT sent as `Authorization: Bearer` (assignable; set by {@link GatewayClient.login}). */
  token: string | undefined;
  /**
   * Sign-In with Ethereum (EIP-4361): gets a nonce (`GET /gateway/v1/sso/nonce`), builds the message
   * with viem's `createSiweMessage`, has `signer` sign it (EIP-191), posts it
   * (`POST /gateway/v1/sso/login`, with the client's `X-API-Key` when set: the session is then bound
   * to that organization), stores the JWT as {@link GatewayClient.token} and returns the login answer.
   * @throws ProblemError on an error answer (401 `invalid-signature`: wrong domain, chain, clock…)
   * @throws TypeError when `signer` is none of the supported kinds
   */
  login(signer: SiweSigner, opts?: LoginOptions): Promise<LoginSession>;
  /**
   * Awaits an openapi-fetch call and returns its `data`, or throws.
   * @example const payment = await gw.unwrap(gw.POST('/gateway/v1/payments', { body: { amount: '1' } }));
   * @throws ProblemError when the answer has an error status (RFC 9457 body, `X-Request-Id`)
   */
  unwrap<R extends { data?: unknown; error?: unknown; response: Response }>(call: Promise<R> | R): Promise<DataOf<R>>;
  /**
   * Iterates the items of every page of a list (`{ data, nextCursor }`), following `nextCursor` in
   * the `cursor` query parameter until it is null; `init` is as for `GET` (e.g. `params.query.limit`).
   * @throws ProblemError on the first page that fails (items of earlier pages were already yielded)
   */
  paginate<P extends PaginatedPath>(path: P, init?: PaginateInit<P>): AsyncGenerator<PageItem<P>, void, undefined>;
  /**
   * A gasless deposit: fetches the EIP-2612 permit of the session's wallet for `amount`
   * (`GET /gateway/v1/wallet/permit-deposits/typed-data`), signs it with `signer` (EIP-712), and
   * sends it (`POST /gateway/v1/wallet/permit-deposits`, with an Idempotency-Key). The gateway relays
   * `permit` + `transferFrom` and pays the gas; poll `GET /gateway/v1/wallet/permit-deposits/{id}`.
   * @param opts.amount base units, as a decimal string
   * @throws ProblemError (invalid-permit, insufficient-funds, invalid-state, chain-unavailable, …);
   *   TypeError when `signer` is not the session's wallet
   */
  depositWithPermit(signer: TypedDataSigner, opts: { amount: string }): Promise<PermitDeposit>;
  /**
   * Bridges the signer's own tokens to another chain without gas: fetches the permit
   * typed data (`GET /bridge/permit-typed-data`), signs it with `signer` (which must be the session's
   * wallet) and posts `POST /bridge/initiate` with `funding: "permit"`. Poll
   * `GET /bridge/transfers/{id}` for both legs.
   * @throws ProblemError (e.g. 422 `invalid-permit`, 400 `unsupported-chain`); TypeError when the signer is not the session's wallet
   */
  bridgeWithPermit(signer: TypedDataSigner, opts: BridgeWithPermitOptions): Promise<BridgeTransfer>;
  /**
   * A vote by signature: fetches the Governor's EIP-712 ballot of the session's wallet
   * (`GET /gateway/v1/governance/ballot/typed-data`), signs it with `signer`, and sends it
   * (`POST /gateway/v1/governance/vote`, with an Idempotency-Key). The gateway relays `castVoteBySig`
   * and pays the gas; the weight is the wallet's own delegated votes at the proposal's snapshot. Poll
   * `GET /gateway/v1/governance/votes/{id}`.
   * @param opts.proposalId the Governor's proposal id (decimal); opts.choice `for`, `against` or `abstain`
   * @throws ProblemError (invalid-governance-signature, voting-not-started, voting-closed, already-voted,
   *   no-voting-power, not-found, chain-unavailable, …); TypeError when `signer` is not the session's wallet
   */
  voteBySig(signer: TypedDataSigner, opts: { proposalId: string; choice: 'for' | 'against' | 'abstain' }): Promise<GovernanceVote>;
  /**
   * A delegation by signature: fetches the token's EIP-712 delegation of the session's
   * wallet to `delegatee` (itself, to vote with its own tokens), signs it with `signer`, and sends it
   * (`POST /gateway/v1/governance/delegate`, with an Idempotency-Key). The gateway relays
   * `delegateBySig` and pays the gas. Poll `GET /gateway/v1/governance/delegations/{id}`.
   * @throws ProblemError (invalid-governance-signature, invalid-state, chain-unavailable, …)
   */
  delegateBySig(signer: TypedDataSigner, opts: { delegatee: string }): Promise<GovernanceDelegation>;
  /**
   * Stakes the wallet's own on-chain tokens without gas: fetches the EIP-2612 permit to the
   * staking contract (`GET /gateway/v1/staking/typed-data?action=stake`), signs it with `signer`, and
   * sends it (`POST /gateway/v1/staking/stake`, `source: permit`). (A stake from the custodial balance
   * needs no signature: `POST /gateway/v1/staking/stake` with `{ source: 'custody', amount }`.)
   * Poll `GET /gateway/v1/staking/operations/{id}`.
   * @param opts.amount base units, as a decimal string
   * @throws ProblemError (invalid-permit, insufficient-funds, invalid-state, chain-unavailable, …);
   *   TypeError when `signer` is not the session's wallet
   */
  stakeWithPermit(signer: TypedDataSigner, opts: { amount: string }): Promise<StakingOperation>;
  /**
   * Unstakes by the wallet's signature: fetches the staking contract's EIP-712 `Withdraw`
   * (`action=unstake`), signs it, and sends it (`POST /gateway/v1/staking/unstake`); the tokens go to
   * the wallet's own address on chain.
   * @throws ProblemError (invalid-staking-signature, insufficient-funds, invalid-state, …); TypeError as above
   */
  unstake(signer: TypedDataSigner, opts: { amount: string }): Promise<StakingOperation>;
  /**
   * Claims the staking rewards by the wallet's signature (`GetReward`, `POST /gateway/v1/staking/claim`):
   * paid to the wallet's own address on chain.
   * @throws ProblemError (invalid-staking-signature, insufficient-funds: nothing accrued, …); TypeError as above
   */
  claimStakingRewards(signer: TypedDataSigner): Promise<StakingOperation>;
}

/** `[METHOD, pattern]` of the operations that honour an `Idempotency-Key` (`x-idempotent` in the document). */
const IDEMPOTENT = IDEMPOTENT_OPERATIONS.map(([method, path]) => {
  const pattern = path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}/]+\}/g, '[^/]+');
  return [method, new RegExp(`^${pattern}/?$`)] as const;
});

/**
 * Whether `request` calls an operation marked `x-idempotent` (its path relative to `baseUrl`, without
 * the query): only those honour an `Idempotency-Key`, so only they get one and only they are retried
 * after a 503.
 */
export function isIdempotentOperation(request: Request, baseUrl: string): boolean {
  const url = request.url.split('?')[0]!;
  if (!url.startsWith(baseUrl)) return false;
  const path = url.slice(baseUrl.length);
  const method = request.method.toUpperCase();
  return IDEMPOTENT.some(([m, re]) => m === method && re.test(path));
}

/**
 * Creates a gateway client. Every request gets, unless it already has them: `X-API-Key` (when
 * `apiKey` is set), `Authorization: Bearer <token>` (when `token` is set or after `login`), and on
 * the writes marked `x-idempotent` an `Idempotency-Key` (IETF draft-ietf-httpapi-idempotency-key-header),
 * the same on every retry of that call ({@link isIdempotentOperation}). 429 answers (refused before
 * anything was done) are retried for any request; 503 answers only for safe requests
 * (GET/HEAD/OPTIONS) and keyed ones. Both after `Retry-After` (RFC 9110 §10.2.3) or with capped,
 * full-jitter exponential back-off (see `withRetries`).
 *
 * Throw or return: `GET`/`POST`/`PUT`/`PATCH`/`DELETE` return `{ data }` or `{ error }` as openapi-fetch
 * does; `unwrap`, `paginate` and `login` throw {@link ProblemError}.
 * @throws TypeError when `baseUrl` is missing or not an absolute URL (the message names it)
 */
export function createGatewayClient(options: GatewayClientOptions): GatewayClient {
  if (!URL.canParse(options.baseUrl ?? '')) {
    // A clear message rather than a bare "Invalid URL", e.g. for `baseUrl: process.env.GW_URL`
    // with GW_URL unset.
    throw new TypeError(
      `createGatewayClient: baseUrl must be the API's absolute base address, ending in /api (e.g. http://localhost:3000/api); got ${JSON.stringify(options.baseUrl)}`,
    );
  }
  const baseUrl = new URL(options.baseUrl).href.replace(/\/+$/, '');
  const makeKey = options.idempotencyKey === false ? undefined : (options.idempotencyKey ?? (() => globalThis.crypto.randomUUID()));
  const baseFetch: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  // A 503 is retried for safe methods, and for writes only when the key will be honoured: the
  // operation is x-idempotent (a key the caller put on another write is ignored by the server).
  const send = withRetries(
    baseFetch,
    options.retry,
    undefined,
    (request) => isSafeMethod(request) || (isRetrySafe(request) && isIdempotentOperation(request, baseUrl)),
  );
  const state = { apiKey: options.apiKey, token: options.token };

  const gatewayFetch: FetchLike = (request) => {
    const h = request.headers;
    if (state.apiKey && !h.has('x-api-key')) h.set('X-API-Key', state.apiKey);
    if (state.token && !h.has('authorization')) h.set('Authorization', `Bearer ${state.token}`);
    if (makeKey && !h.has('idempotency-key') && isIdempotentOperation(request, baseUrl)) h.set('Idempotency-Key', makeKey());
    return send(request);
  };

  const client = createClient<paths>({ baseUrl, fetch: gatewayFetch });

  const unwrap = async <R extends { data?: unknown; error?: unknown; response: Response }>(call: Promise<R> | R): Promise<DataOf<R>> => {
    const { data, error, response } = await call;
    if (!response.ok) throw ProblemError.from(error, response);
    return data as DataOf<R>;
  };

  async function* paginate<P extends PaginatedPath>(path: P, init?: PaginateInit<P>): AsyncGenerator<PageItem<P>, void, undefined> {
    const base = (init ?? {}) as { params?: { query?: Record<string, unknown> } };
    let cursor: string | undefined;
    for (;;) {
      const query = { ...base.params?.query, ...(cursor ? { cursor } : {}) };
      // The generic path defeats openapi-fetch's per-path overloads; PaginatedPath guarantees the shape.
      const get = client.GET as unknown as (p: string, i: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
      const page = (await unwrap(get(path, { ...base, params: { ...base.params, query } }))) as {
        data: PageItem<P>[];
        nextCursor: string | null;
      };
      for (const item of page.data) yield item;
      if (!page.nextCursor) return;
      if (page.nextCursor === cursor) throw new Error(`paginate: ${path} answered the same cursor twice`);
      cursor = page.nextCursor;
    }
  }

  const login = async (signer: SiweSigner, opts: LoginOptions = {}): Promise<LoginSession> => {
    const { address, sign } = await resolveSigner(signer);
    const { nonce } = await unwrap(client.GET('/gateway/v1/sso/nonce'));
    const message = buildLoginMessage(address, nonce, baseUrl, opts);
    const signature = await sign(message);
    const session = await unwrap(client.POST('/gateway/v1/sso/login', { body: { message, signature } }));
    state.token = session.token;
    return session;
  };

  const depositWithPermit = async (signer: TypedDataSigner, opts: { amount: string }): Promise<PermitDeposit> => {
    const { typedData } = await unwrap(
      client.GET('/gateway/v1/wallet/permit-deposits/typed-data', { params: { query: { amount: opts.amount } } }),
    );
    const signature = await signPermit(signer, typedData);
    return unwrap(
      client.POST('/gateway/v1/wallet/permit-deposits', {
        body: { amount: opts.amount, deadline: Number(typedData.message.deadline), signature },
      }),
    );
  };

  const bridgeWithPermit = async (signer: TypedDataSigner, opts: BridgeWithPermitOptions): Promise<BridgeTransfer> => {
    const query = { amount: opts.amount, ...(opts.fromChainId ? { fromChainId: opts.fromChainId } : {}) };
    const { typedData } = await unwrap(client.GET('/gateway/v1/bridge/permit-typed-data', { params: { query } }));
    const signature = await signPermit(signer, typedData);
    return unwrap(
      client.POST('/gateway/v1/bridge/initiate', {
        body: { ...opts, funding: 'permit', deadline: Number(typedData.message.deadline), signature },
      }),
    );
  };

  const voteBySig = async (
    signer: TypedDataSigner,
    opts: { proposalId: string; choice: 'for' | 'against' | 'abstain' },
  ): Promise<GovernanceVote> => {
    const { typedData } = await unwrap(client.GET('/gateway/v1/governance/ballot/typed-data', { params: { query: opts } }));
    const signature = await signBallot(signer, typedData);
    return unwrap(client.POST('/gateway/v1/governance/vote', { body: { ...opts, signature } }));
  };

  const delegateBySig = async (signer: TypedDataSigner, opts: { delegatee: string }): Promise<GovernanceDelegation> => {
    const { typedData } = await unwrap(client.GET('/gateway/v1/governance/delegation/typed-data', { params: { query: opts } }));
    const signature = await signDelegation(signer, typedData);
    const { delegatee, nonce, expiry } = typedData.message;
    return unwrap(client.POST('/gateway/v1/governance/delegate', { body: { delegatee, nonce, expiry: Number(expiry), signature } }));
  };

  const stakingSignature = async (signer: TypedDataSigner, action: 'stake' | 'unstake' | 'claim', amount?: string) => {
    const { typedData } = await unwrap(
      client.GET('/gateway/v1/staking/typed-data', { params: { query: { action, ...(amount === undefined ? {} : { amount }) } } }),
    );
    return { deadline: Number(typedData.message.deadline), signature: await signStakingTypedData(signer, typedData) };
  };
  const stakeWithPermit = async (signer: TypedDataSigner, opts: { amount: string }): Promise<StakingOperation> =>
    unwrap(
      client.POST('/gateway/v1/staking/stake', {
        body: { source: 'permit', amount: opts.amount, ...(await stakingSignature(signer, 'stake', opts.amount)) },
      }),
    );
  const unstake = async (signer: TypedDataSigner, opts: { amount: string }): Promise<StakingOperation> =>
    unwrap(
      client.POST('/gateway/v1/staking/unstake', {
        body: { amount: opts.amount, ...(await stakingSignature(signer, 'unstake', opts.amount)) },
      }),
    );
  const claimStakingRewards = async (signer: TypedDataSigner): Promise<StakingOperation> =>
    unwrap(client.POST('/gateway/v1/staking/claim', { body: await stakingSignature(signer, 'claim') }));

  const gw = Object.assign(client, {
    login,
    unwrap,
    paginate,
    depositWithPermit,
    bridgeWithPermit,
    voteBySig,
    delegateBySig,
    stakeWithPermit,
    unstake,
    claimStakingRewards,
  }) as Client<paths> &
    Pick<
      GatewayClient,
      | 'login'
      | 'unwrap'
      | 'paginate'
      | 'depositWithPermit'
      | 'bridgeWithPermit'
      | 'voteBySig'
      | 'delegateBySig'
      | 'stakeWithPermit'
      | 'unstake'
      | 'claimStakingRewards'
    >;
  Object.defineProperties(gw, {
    baseUrl: { value: baseUrl, enumerable: true },
    apiKey: { get: () => state.apiKey, set: (v: string | undefined) => (state.apiKey = v), enumerable: true },
    token: { get: () => state.token, set: (v: string | undefined) => (state.token = v), enumerable: true },
  });
  return gw as GatewayClient;
}
