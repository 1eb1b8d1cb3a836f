import { EX, defineRoute, idempotentReply, type Context } from '@gw/runtime';
import { BridgeTransfer, bridgeExamples as ex, bridgeInitiateBody, bridgeTransferIdParam } from './contract.js';
import { getBridgeTransfer, initiateBridge } from './service.js';

const route = defineRoute<Pick<Context, 'prisma' | 'queues' | 'logger' | 'config' | 'chains'>>();

/**
 * Bridge (issue #3): cross-chain transfers of the JWT's wallet to the configured chains other than
 * the home chain (issue #27: CHAIN_RPC_URLS). `bridge:write` is the specification's only bridge scope, reads included.
 */
export const bridgeRoutes = [
  route({
    operationId: 'initiateBridge',
    method: 'post',
    path: '/gateway/v1/bridge/initiate',
    tag: 'Bridge',
    summary: 'Bridge tokens to another chain',
    description:
      "The JWT's wallet sends `amount` to `toAddress` on `toChainId`. The amount moves at once into the bridge escrow and a relay job completes the transfer " +
      '(`completed`, `relayTxHash`) or fails it (`failed`, `failureReason`, the amount back to the wallet). A chain that is not served → 400 `unsupported-chain` (`supportedChains`); short balance → 422.',
    auth: 'gateway',
    scope: 'bridge:write',
    idempotent: true,
    body: { schema: bridgeInitiateBody, example: { toChainId: 'eip155:31338', toAddress: EX.recipient, amount: '3000000000000000000' } },
    errors: ['unsupported-chain', 'insufficient-funds'],
    problems: {
      'unsupported-chain': {
        detail: 'The bridge does not support eip155:10',
        ext: { supportedChains: ['eip155:31338'] },
      },
    },
    success: [{ status: 202, description: 'The transfer, `initiated`', schema: BridgeTransfer, example: ex.initiated }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await initiateBridge(deps, {
          organizationId: principal.organizationId,
          address: session.address,
          toChainId: body.toChainId,
          toAddress: body.toAddress,
          amount: BigInt(body.amount),
          token: body.token,
          idempotencyKey: header('idempotency-key'),
        }),
      ),
  }),
  route({
    operationId: 'getBridgeTransfer',
    method: 'get',
    path: '/gateway/v1/bridge/transfers/{id}',
    tag: 'Bridge',
    summary: 'Read a bridge transfer',
    description:
      "Transfers belong to the wallet: any organization the wallet uses can read them; another wallet's id is 404. Needs `bridge:write`, the only bridge scope.",
    auth: 'gateway',
    scope: 'bridge:write',
    params: bridgeTransferIdParam,
    errors: ['not-found'],
    problems: { 'not-found': { detail: 'No such bridge transfer' } },
    success: [{ status: 200, description: 'The transfer', schema: BridgeTransfer, example: ex.completed }],
    handler: (deps, { params, session }) => getBridgeTransfer(deps, session.address, params.id),
  }),
];
