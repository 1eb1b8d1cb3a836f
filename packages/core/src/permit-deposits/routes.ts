import { defineRoute, idempotentReply, type Context } from '@gw/runtime';
import { PermitTypedData, permitTypedDataQuery } from '../chain/index.js';
import { PermitDeposit, permitDepositBody, permitDepositExamples as ex, permitDepositIdParam } from './schemas.js';
import { depositWithPermit, getPermitDeposit, permitTypedData } from './service.js';

const route = defineRoute<Pick<Context, 'prisma' | 'config' | 'chains' | 'secretBox' | 'queues' | 'logger'>>();

/**
 * Gasless deposits: the JWT wallet signs an EIP-2612 permit and the gateway relays
 * `permit` + `transferFrom` into custody through the on-chain outbox (docs/chain.md).
 */
export const permitDepositRoutes = [
  route({
    operationId: 'getPermitTypedData',
    method: 'get',
    path: '/gateway/v1/wallet/permit-deposits/typed-data',
    tag: 'Wallet',
    summary: 'The permit to sign for a gasless deposit',
    description:
      "The EIP-712 typed data of an EIP-2612 `Permit` of the JWT wallet for `amount` base units of the native token: the token's own domain (ERC-5267), the custody address as spender, " +
      "the wallet's current permit nonce (read now, never cached) and a deadline one hour ahead. Sign it with `signTypedData` (viem, ethers; `@service-gateway/client` does it in `depositWithPermit`) " +
      'and send the signature to `POST /wallet/permit-deposits` with the same amount and deadline.',
    auth: 'gateway',
    scope: 'wallet:write',
    query: permitTypedDataQuery,
    errors: ['chain-unavailable'],
    success: [{ status: 200, description: 'The typed data to sign', schema: PermitTypedData, example: ex.typedData }],
    handler: (deps, { query, session }) => permitTypedData(deps, session.address, BigInt(query.amount)),
  }),
  route({
    operationId: 'depositWithPermit',
    method: 'post',
    path: '/gateway/v1/wallet/permit-deposits',
    tag: 'Wallet',
    summary: 'Deposit on chain without gas: relay a signed permit',
    description:
      "Moves `amount` of the JWT wallet's own tokens into custody on the home chain, the gateway paying the gas: it checks the signed permit (it must recover to the wallet for the token's current nonce, " +
      'the custody address, this amount and deadline; deadline at least 60 s ahead; the wallet holds the amount), then relays `permit` and, once that is `CHAIN_CONFIRMATIONS` deep, `transferFrom(wallet, custody, amount)` ' +
      'through the on-chain outbox. The transfer is an ordinary deposit: it is credited to the custodial balance once, by the deposit scan (`GET /wallet/deposits`). ' +
      'Poll `GET /wallet/permit-deposits/{id}`. One gasless deposit per wallet at a time (409 `invalid-state` while one is in flight).',
    auth: 'gateway',
    scope: 'wallet:write',
    idempotent: true,
    body: {
      schema: permitDepositBody,
      example: { amount: '10000000000000000000', deadline: 1795800000, signature: `0x${'ab'.repeat(65)}` },
    },
    errors: ['invalid-permit', 'insufficient-funds', 'invalid-state', 'chain-unavailable'],
    success: [{ status: 202, description: 'Accepted: the permit deposit, `pending`', schema: PermitDeposit, example: ex.pending }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await depositWithPermit(deps, {
          organizationId: principal.organizationId,
          address: session.address,
          amount: BigInt(body.amount),
          deadline: body.deadline,
          signature: body.signature as `0x${string}`,
          idempotencyKey: header('idempotency-key'),
        }),
      ),
  }),
  route({
    operationId: 'getPermitDeposit',
    method: 'get',
    path: '/gateway/v1/wallet/permit-deposits/{id}',
    tag: 'Wallet',
    summary: 'A gasless deposit and its state',
    description:
      "A permit deposit of the JWT's wallet: `pending`, `submitted` (the permit or the transfer is on its way), `confirmed` (the transfer is `CHAIN_CONFIRMATIONS` deep; `deposit` follows the credit) or `failed` (nothing moved). " +
      "Another wallet's or organization's id → 404.",
    auth: 'gateway',
    scope: 'wallet:read',
    params: permitDepositIdParam,
    errors: ['not-found'],
    success: [{ status: 200, description: 'The permit deposit', schema: PermitDeposit, example: ex.confirmed }],
    handler: (deps, { params, principal, session }) => getPermitDeposit(deps, principal.organizationId, session.address, params.id),
  }),
];
