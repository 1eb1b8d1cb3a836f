import { problemsOf } from '@gw/runtime';

/**
 * The problem types `bridge` answers with (status, title, and what the page at `/problems/<code>`
 * says they mean and what to do), and their raiser: `throw bridgeProblem(code, detail, extensions)`.
 * `packages/core/src/problems.ts` composes the full catalogue from `bridgeProblem.types`.
 */
export const bridgeProblem = problemsOf({
  'unsupported-chain': {
    status: 400,
    title: 'Unsupported chain',
    meaning: 'The bridge does not serve the CAIP-2 chain named in the request; `supportedChains` lists those it does.',
    action: 'Pick one of the chains in `supportedChains`.',
  },
});

type BridgeProblems = typeof bridgeProblem.types;

declare module '@gw/runtime' {
  interface ProblemTypes extends BridgeProblems {}
}
