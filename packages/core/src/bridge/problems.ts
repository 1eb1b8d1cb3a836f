import { defineProblemTypes } from '@gw/runtime';

/**
 * The problem types `bridge` answers with (`AppError(code)`): status, title, and what the page at
 * `/problems/<code>` says they mean and what to do. Registered when the module loads;
 * `packages/core/src/problems.ts` composes the full catalogue.
 */
export const bridgeProblems = defineProblemTypes({
  'unsupported-chain': {
    status: 400,
    title: 'Unsupported chain',
    meaning: 'The bridge does not serve the CAIP-2 chain named in the request; `supportedChains` lists those it does.',
    action: 'Pick one of the chains in `supportedChains`.',
  },
});

type BridgeProblems = typeof bridgeProblems;

declare module '@gw/runtime' {
  interface ProblemTypes extends BridgeProblems {}
}
