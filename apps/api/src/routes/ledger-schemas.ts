export { transferBody } from '@gw/core/ledger';
export { listPoolsQuery, listPositionsQuery, stakeBody } from '@gw/core/staking';
export { listProposalsQuery, voteBody } from '@gw/core/governance';
export { noBody, noQuery } from '@gw/runtime';
