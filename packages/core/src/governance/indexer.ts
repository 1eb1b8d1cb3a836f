import { getAddress } from 'viem';
import { GatewayGovernor } from '@gw/contracts';
import { AppError } from '@gw/runtime';
import { chainCall, type ChainResetHandler, contractAddress, deploymentBlock } from '../chain/index.js';
import { type LogStream, type StreamLog } from '../custody/index.js';
import {
  forgetGovernanceChain,
  insertProposals,
  insertVoteCasts,
  markProposal,
  type NewProposal,
  type NewVoteCast,
  unwindGovernance,
} from './repository.js';

/**
 * The Governor's events as a stream of the log poller (custody's `log-poller.ts`): on
 * the home chain, from the governor's deployment block, `ProposalCreated`, `VoteCast`,
 * `ProposalQueued`, `ProposalExecuted` and `ProposalCanceled` are read with the deposits in the same
 * scan pass, under the same lock, cursor `custody_cursors (chain, 'governor')`, only up to head −
 * CHAIN_CONFIRMATIONS (final when recorded), and written to `governance_proposals` and
 * `governance_vote_casts`. A reorg deeper than that deletes what came from above the fork, and the
 * poller reads those blocks again.
 */

export const GOVERNOR_STREAM = 'governor';

const EVENTS = ['ProposalCreated', 'VoteCast', 'ProposalQueued', 'ProposalExecuted', 'ProposalCanceled'] as const;
const events = GatewayGovernor.abi.filter(
  (x): x is Extract<(typeof GatewayGovernor.abi)[number], { type: 'event' }> =>
    x.type === 'event' && (EVENTS as readonly string[]).includes(x.name),
);

type GovernorLog = StreamLog & { eventName: string; args: Record<string, unknown>; transactionHash: string; logIndex: number };

/** The first line of a description without a leading `#`: the proposal's title. */
export function titleOf(description: string): string {
  return (description.split('\n').find((l) => l.trim()) ?? '')
    .replace(/^#+\s*/, '')
    .trim()
    .slice(0, 200);
}

/** The stream of the Governor's events, for the scanning process's catalogue. */
export const governorStream: LogStream = {
  name: GOVERNOR_STREAM,
  async open({ ctx, tx, chain, pub }) {
    if (chain.chainId !== ctx.chains.home?.chainId) return null;
    let governor: `0x${string}`;
    try {
      governor = await contractAddress(ctx, chain.chainId, 'governor');
    } catch (err) {
      if (err instanceof AppError && err.code === 'chain-unavailable') return null;
      throw err;
    }
    return {
      name: GOVERNOR_STREAM,
      confirmedOnly: true,
      startBlock: async (head) => (await deploymentBlock(ctx, chain.chainId, 'governor')) ?? head,
      read: async (from, to) =>
        (await chainCall(chain, () =>
          pub.getLogs({ address: governor, events, fromBlock: from, toBlock: to, strict: true }),
        )) as unknown as GovernorLog[],
      async record(logs: readonly GovernorLog[]) {
        const proposals: NewProposal[] = [];
        const casts: NewVoteCast[] = [];
        const at = (l: GovernorLog) => ({
          chainId: chain.chainId,
          txHash: l.transactionHash.toLowerCase(),
          logIndex: l.logIndex,
          blockNumber: l.blockNumber,
        });
        for (const l of logs) {
          const a = l.args;
          if (l.eventName === 'ProposalCreated') {
            const description = String(a.description);
            proposals.push({
              ...at(l),
              blockHash: l.blockHash,
              proposalId: String(a.proposalId),
              proposer: getAddress(a.proposer as string),
              targets: (a.targets as string[]).map((t) => getAddress(t)),
              values: (a.values as bigint[]).map(String),
              calldatas: a.calldatas as string[],
              description,
              title: titleOf(description),
              voteStart: a.voteStart as bigint,
              voteEnd: a.voteEnd as bigint,
            });
          } else if (l.eventName === 'VoteCast') {
            casts.push({
              ...at(l),
              proposalId: String(a.proposalId),
              voter: getAddress(a.voter as string),
              support: Number(a.support),
              weight: a.weight as bigint,
              reason: String(a.reason ?? ''),
            });
          }
        }
        let found = (await insertProposals(tx, proposals)) + (await insertVoteCasts(tx, casts));
        for (const l of logs) {
          const id = String(l.args.proposalId);
          if (l.eventName === 'ProposalQueued')
            found += await markProposal(tx, chain.chainId, id, { queuedBlock: l.blockNumber, eta: l.args.etaSeconds as bigint });
          else if (l.eventName === 'ProposalExecuted') found += await markProposal(tx, chain.chainId, id, { executedBlock: l.blockNumber });
          else if (l.eventName === 'ProposalCanceled') found += await markProposal(tx, chain.chainId, id, { canceledBlock: l.blockNumber });
        }
        return found;
      },
      unwind: (from) => unwindGovernance(tx, chain.chainId, from),
    };
  },
};

/**
 * What governance forgets of a chain that was reset: its indexed proposals and votes, so the chain
 * is indexed afresh from the new governor's deployment (the stream's cursor goes with custody's).
 */
export const forgetGovernanceIndex: ChainResetHandler = forgetGovernanceChain;
