import { problemsOf } from '@gw/runtime';

/**
 * The problem types `chain` answers with (status, title, and what the page at `/problems/<code>`
 * says they mean and what to do), and their raiser: `throw chainProblem(code, detail, extensions)`.
 * `packages/core/src/problems.ts` composes the full catalogue from `chainProblem.types`.
 */
export const chainProblem = problemsOf({
  'invalid-permit': {
    status: 422,
    title: 'Invalid permit',
    meaning:
      "The EIP-2612 permit of a gasless deposit or a stake was refused before anything was sent on chain: its signature does not recover to the session's wallet for the token's current nonce (`nonces(owner)`), the custody address (or the staking contract) as spender, this amount and this deadline, or its deadline is less than 60 s ahead; `field` names the part (`signature`, `deadline`).",
    action:
      'Fetch the typed data again (`GET /gateway/v1/wallet/permit-deposits/typed-data`), sign it with the wallet (EIP-712 `signTypedData`) and send it with the same amount and deadline.',
  },
  'chain-not-local': {
    status: 409,
    title: 'Not a local chain',
    meaning:
      'The operation (the faucet, minting test tokens) only exists on chains marked local (`CHAIN_LOCAL_IDS`, anvil by default), where tokens have no value; on any other chain tokens enter custody by deposit only.',
    action: 'Deposit tokens on chain to the custody address (`GET /gateway/v1/contracts/addresses`).',
  },
  'chain-unavailable': {
    status: 503,
    title: 'Chain unavailable',
    meaning:
      'The EVM node of the chain did not answer within `CHAIN_RPC_TIMEOUT_MS`, answered an error, has no deployment of the contracts recorded, or no chain is configured (`CHAIN_RPC_URLS`). Nothing was changed.',
    action: 'Retry shortly with exponential back-off; `GET /gateway/v1/contracts/addresses` lists the chains that are deployed.',
  },
});

type ChainProblems = typeof chainProblem.types;

declare module '@gw/runtime' {
  interface ProblemTypes extends ChainProblems {}
}
