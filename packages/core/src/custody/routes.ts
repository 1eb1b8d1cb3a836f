import { defineRoute, type Context } from '@gw/runtime';
import { DepositPage, custodyExamples as ex, listDepositsQuery } from './schemas.js';
import { listDeposits } from './service.js';

const route = defineRoute<Pick<Context, 'prisma' | 'config' | 'chains'>>();

/** The wallet's deposits to the custody address. */
export const depositRoutes = [
  route({
    operationId: 'listWalletDeposits',
    method: 'get',
    path: '/gateway/v1/wallet/deposits',
    tag: 'Wallet',
    summary: "The JWT wallet's deposits",
    description:
      'Transfers of the native token from the JWT wallet to the custody address (`GET /contracts/addresses`) on the home chain, newest first, found by polling the chain every `CHAIN_POLL_INTERVAL_MS`. ' +
      'A deposit is `pending` until `CHAIN_CONFIRMATIONS` blocks are on top of it, then `credited` to the custodial balance once (keyed by chain, transaction hash and log index); ' +
      'one reorged out while pending disappears and is never credited; a credited one later reorged out is `orphaned` and reported to the operator. ' +
      '`confirmations` is counted from the head read now; a node that does not answer within `CHAIN_RPC_TIMEOUT_MS` → 503 `chain-unavailable`.',
    auth: 'gateway',
    scope: 'wallet:read',
    query: listDepositsQuery,
    errors: ['chain-unavailable'],
    success: [{ status: 200, description: 'A page of deposits', schema: DepositPage, example: ex.depositPage }],
    handler: (deps, { query, session }) => listDeposits(deps, session.address, query),
  }),
];
