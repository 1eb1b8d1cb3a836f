import { EX, defineRoute, idempotentReply, type Context } from '@gw/runtime';
import { PermitTypedData } from '../chain/index.js';
import { BridgeTransfer, bridgeExamples as ex, bridgeInitiateBody, bridgePermitTypedDataQuery, bridgeTransferIdParam } from './schemas.js';
import { bridgePermitTypedData, getBridgeTransfer, initiateBridge } from './service.js';

const route = defineRoute<Pick<Context, 'prisma' | 'queues' | 'logger' | 'config' | 'chains' | 'secretBox'>>();

/**
 * The bridge: cross-chain transfers of the JWT's wallet between
 * the home chain and the other configured chains (CHAIN_RPC_URLS), each leg relayed through the
 * on-chain outbox (docs/chain.md, "The bridge"). `bridge:write` is the specification's only bridge
 * scope, reads included.
 */
export const bridgeRoutes = [
  route({
    operationId: 'getBridgePermitTypedData',
    method: 'get',
    path: '/gateway/v1/bridge/permit-typed-data',
    tag: 'Bridge',
    summary: 'The permit to sign for a bridge transfer',
    description:
      "The EIP-712 typed data of an EIP-2612 `Permit` of the JWT wallet for `amount` base units on the source chain (`fromChainId`, default the home chain): the source token's own domain " +
      '(the native token at home, the wrapped token elsewhere), the spender that moves the tokens (the bridge vault at home; the relayer, which burns, elsewhere), the current nonce and a deadline one hour ahead. ' +
      'Sign it and send `deadline` and `signature` to `POST /bridge/initiate` with `funding: "permit"` (`@service-gateway/client` does both in `bridgeWithPermit`).',
    auth: 'gateway',
    scope: 'bridge:write',
    query: bridgePermitTypedDataQuery,
    errors: ['unsupported-chain', 'chain-unavailable'],
    success: [{ status: 200, description: 'The typed data to sign', schema: PermitTypedData, example: ex.typedData }],
    handler: (deps, { query, session }) => bridgePermitTypedData(deps, session.address, BigInt(query.amount), query.fromChainId),
  }),
  route({
    operationId: 'initiateBridge',
    method: 'post',
    path: '/gateway/v1/bridge/initiate',
    tag: 'Bridge',
    summary: 'Bridge tokens to another chain',
    description:
      "The JWT's wallet sends `amount` to `toAddress` on `toChainId`, the gateway paying the gas. From the home chain the tokens are locked in the bridge vault, and once that lock is " +
      '`CHAIN_CONFIRMATIONS` deep the relayer mints the wrapped token on the destination (`relaying`, then `completed`); from another chain the wrapped tokens are burned and released on the home chain. ' +
      'With `funding: "permit"` the tokens are the wallet\'s own, moved by its signed EIP-2612 permit (checked before anything is written: 422 `invalid-permit`, 422 `insufficient-funds`). ' +
      'Poll `GET /bridge/transfers/{id}` for both legs. A route that is not served → 400 `unsupported-chain` (`supportedChains`). ' +
      "A bridge to an address other than the holder's own needs the allowance the holder signed at login (`urn:gw:allowance`, docs/integrating.md): none → 403 `holder-authorization-required`; over its limits → 403 `spending-limit-exceeded` or `recipient-not-allowed`.",
    auth: 'gateway',
    scope: 'bridge:write',
    idempotent: true,
    body: {
      schema: bridgeInitiateBody,
      example: {
        toChainId: 'eip155:31338',
        toAddress: EX.recipient,
        amount: '3000000000000000000',
        funding: 'permit',
        deadline: 1795800000,
        signature: `0x${'ab'.repeat(65)}`,
      },
    },
    errors: [
      'unsupported-chain',
      'invalid-permit',
      'insufficient-funds',
      'chain-unavailable',
      'holder-authorization-required',
      'spending-limit-exceeded',
      'recipient-not-allowed',
    ],
    problems: {
      'unsupported-chain': {
        detail: 'The bridge does not support eip155:10',
        ext: { supportedChains: ['eip155:31337', 'eip155:31338'] },
      },
    },
    success: [{ status: 202, description: 'The transfer, `initiated`', schema: BridgeTransfer, example: ex.initiated }],
    handler: async (deps, { body, principal, session, header }) =>
      idempotentReply(
        await initiateBridge(deps, {
          organizationId: principal.organizationId,
          address: session.address,
          fromChainId: body.fromChainId,
          toChainId: body.toChainId,
          toAddress: body.toAddress,
          amount: BigInt(body.amount),
          token: body.token,
          funding: body.funding,
          deadline: body.deadline,
          signature: body.signature as `0x${string}` | undefined,
          idempotencyKey: header('idempotency-key'),
          spendGuard: principal.spendGuard,
        }),
      ),
  }),
  route({
    operationId: 'getBridgeTransfer',
    method: 'get',
    path: '/gateway/v1/bridge/transfers/{id}',
    tag: 'Bridge',
    summary: 'Read a bridge transfer and both its legs',
    description:
      '`source`: the lock or burn (chain, status, txHash, block, confirmations read now, nonce); `destination`: the mint or release (chain, status, txHash). ' +
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
