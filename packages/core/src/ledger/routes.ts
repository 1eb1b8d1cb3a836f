import { EX, defineRoute, idempotentReply, noQuery, type Context } from '@gw/runtime';
import { TokenInfo, Transfer, TreasuryOverview, WalletBalances, ledgerExamples as ex, transferBody } from './schemas.js';
import { tokenInfo, transferTokens, treasuryOverview, walletBalances } from './service.js';

const route = defineRoute<Pick<Context, 'prisma' | 'config' | 'chains'>>();

/**
 * The wallet: the JWT wallet's balances and transfers. Amounts are strings of integer
 * base units. The transfer accepts an `Idempotency-Key` (per organization; the fingerprint
 * includes the JWT's wallet).
 */
export const walletRoutes = [
  route({
    operationId: 'getWalletBalances',
    method: 'get',
    path: '/gateway/v1/wallet/balances',
    tag: 'Wallet',
    summary: "The JWT wallet's balances",
    description:
      '`data`: the custodial balances the gateway holds for the wallet in its ledger, every token of the service, zeros included, native token first. ' +
      "`onchain`: the wallet address's own ERC-20 balance on each configured chain, read at the latest block (one JSON-RPC batch per chain, cached `CHAIN_READ_CACHE_MS`). " +
      'Balances are integer base units. A chain node that does not answer within `CHAIN_RPC_TIMEOUT_MS` → 503 `chain-unavailable`.',
    auth: 'gateway',
    scope: 'wallet:read',
    query: noQuery,
    errors: ['chain-unavailable'],
    success: [{ status: 200, description: 'Balances', schema: WalletBalances, example: ex.walletBalances }],
    handler: (deps, { session }) => walletBalances(deps, session.address),
  }),
  route({
    operationId: 'transfer',
    method: 'post',
    path: '/gateway/v1/wallet/transfer',
    tag: 'Wallet',
    summary: 'Transfer tokens to another wallet',
    description:
      "Moves `amount` of `token` (default the native token) from the JWT's wallet to `to` in one ledger entry. Transferring to oneself, a bad address or an unknown token is 400; a short balance 422. " +
      'Sending to another wallet needs the allowance the holder signed at login (`urn:gw:allowance` in the EIP-4361 Resources, docs/integrating.md): without one → 403 `holder-authorization-required`; over its limits or recipients → 403 `spending-limit-exceeded` or `recipient-not-allowed`. Nothing moves on a refusal.',
    auth: 'gateway',
    scope: 'wallet:write',
    idempotent: true,
    body: { schema: transferBody, example: { to: EX.recipient, amount: '3000000000000000000' } },
    errors: ['insufficient-funds', 'holder-authorization-required', 'spending-limit-exceeded', 'recipient-not-allowed'],
    success: [{ status: 201, description: 'The transfer', schema: Transfer, example: ex.transfer }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await transferTokens(deps, {
          organizationId: principal.organizationId,
          from: session.address,
          to: body.to,
          amount: BigInt(body.amount),
          token: body.token,
          idempotencyKey: header('idempotency-key'),
          spendGuard: principal.spendGuard,
        }),
      ),
  }),
];

/** The native token (public) and the DAO treasury. Amounts are strings of integer base units. */
export const tokenRoutes = [
  route({
    operationId: 'getTokenInfo',
    method: 'get',
    path: '/gateway/v1/token/info',
    tag: 'Token',
    summary: 'The native token and its supply',
    description:
      '`totalSupply` is everything the custodial ledger ever credited; `circulatingSupply` is that less the treasury, the staking pool and the bridge escrow. ' +
      '`onchain` is the token contract on the home chain: its name, symbol, decimals and `totalSupply()`, cached `CHAIN_READ_CACHE_MS`. A chain node that does not answer → 503 `chain-unavailable`.',
    auth: 'public',
    query: noQuery,
    errors: ['chain-unavailable'],
    success: [{ status: 200, description: 'Token info', schema: TokenInfo, example: ex.tokenInfo }],
    handler: (deps) => tokenInfo(deps),
  }),
  route({
    operationId: 'getTreasuryOverview',
    method: 'get',
    path: '/gateway/v1/treasury/overview',
    tag: 'Treasury',
    summary: 'The DAO treasury',
    description:
      'Balance of the `system:treasury` ledger account in every token (zeros included) and, per token, its inflows and outflows over the last 30 days; ' +
      "`onchain`: the timelock contract's holdings on the home chain (the DAO treasury the governor pays from). A chain node that does not answer → 503 `chain-unavailable`.",
    auth: 'gateway',
    scope: 'treasury:read',
    query: noQuery,
    errors: ['chain-unavailable'],
    success: [{ status: 200, description: 'Treasury overview', schema: TreasuryOverview, example: ex.treasury }],
    handler: (deps) => treasuryOverview(deps),
  }),
];
