import { type ProblemTypeInfo, problemsOf } from '@gw/runtime';

/**
 * The problem types `bridge` answers with: status, title, and what the page at
 * `/problems/<code>` says they mean and what to do; `packages/core/src/problems.ts` composes the full
 * catalogue.
 */
export const bridgeProblems = {
  'unsupported-chain': {
    status: 400,
    title: 'Unsupported chain',
    meaning: 'The bridge does not serve the CAIP-2 chain named in the request; `supportedChains` lists those it does.',
    action: 'Pick one of the chains in `supportedChains`.',
  },
} as const satisfies Record<string, ProblemTypeInfo>;

/** Raises one of `bridge`'s problem types: `throw bridgeProblem(code, detail, extensions)`. */
export const bridgeProblem = problemsOf(bridgeProblems);

type BridgeProblems = typeof bridgeProblems;

declare module '@gw/runtime' {
  interface ProblemTypes extends BridgeProblems {}
}
