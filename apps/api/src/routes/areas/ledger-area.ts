import { Router } from 'express';
import { castVote, listActiveProposals } from '@gw/core/governance';
import { listFarmingPools, listStakingPositions, stake, unstake } from '@gw/core/staking';
import { tokenInfo, transferTokens, treasuryOverview, walletBalances } from '@gw/core/ledger';
import type { ApiDeps } from '../../deps.js';
import { auth, requireAuth, session } from '../../http/authenticate.js';
import { parse } from '../../http/validate.js';
import { sendIdempotent } from '../../http/send-idempotent.js';
import {
  listPoolsQuery,
  listPositionsQuery,
  listProposalsQuery,
  noBody,
  noQuery,
  stakeBody,
  transferBody,
  voteBody,
} from '../ledger-schemas.js';

/**
 * Wallet, staking, farming, governance, token info, treasury (issue #3).
 * `gateway` is mounted at `/api/gateway/v1`, `root` at `/api` (for `/v1/...`,
 * `/cargolink/v1/...`, `/ai-billing/...`, `/contracts-abi/...`).
 *
 * Every route authenticates on its own (never `router.use`): the areas share one gateway router,
 * and `GET /token/info` is public. Amounts are strings of integer base units. Writes accept an
 * `Idempotency-Key` (per organization; the fingerprint includes the JWT's wallet).
 */
export function ledgerArea(deps: ApiDeps): { gateway: Router; root: Router } {
  const r = Router();

  /**
   * GET /gateway/v1/wallet/balances (wallet:read) → `{ address, data: [{ token: { symbol, name, decimals }, balance }] }`
   * for the JWT's wallet: every token of the tokens table, zeros included.
   */
  r.get('/wallet/balances', requireAuth(deps, { scope: 'wallet:read' }), async (req, res) => {
    parse(noQuery, req.query, 'query');
    res.json(await walletBalances(deps, session(res).address));
  });

  /**
   * POST /gateway/v1/wallet/transfer (wallet:write) `{ to, amount, token? }` → 201 `{ id, from, to, token, amount, createdAt }`.
   * Short balance → 422; bad `to` (EIP-55 checked when mixed case), own address or unknown token → 400.
   */
  r.post('/wallet/transfer', requireAuth(deps, { scope: 'wallet:write' }), async (req, res) => {
    const body = parse(transferBody, req.body);
    const result = await transferTokens(deps, {
      organizationId: auth(res).principal.organizationId,
      from: session(res).address,
      to: body.to,
      amount: BigInt(body.amount),
      token: body.token,
      idempotencyKey: req.get('idempotency-key'),
    });
    sendIdempotent(res, result);
  });

  /**
   * POST /gateway/v1/staking/stake (staking:write) `{ amount, lockDays? }` → 201 position
   * `{ id, token, principal, aprBps, lockDays, lockedUntil, startedAt, accruedReward, status, unstakedAt, rewardPaid }`.
   * Native token only; short balance → 422.
   */
  r.post('/staking/stake', requireAuth(deps, { scope: 'staking:write' }), async (req, res) => {
    const body = parse(stakeBody, req.body);
    const result = await stake(deps, {
      organizationId: auth(res).principal.organizationId,
      address: session(res).address,
      amount: BigInt(body.amount),
      lockDays: body.lockDays,
      idempotencyKey: req.get('idempotency-key'),
    });
    sendIdempotent(res, result);
  });

  /** GET /gateway/v1/staking/positions?limit=&cursor= (staking:read) → `{ data: [position], nextCursor }`: the wallet's active positions, newest first. */
  r.get('/staking/positions', requireAuth(deps, { scope: 'staking:read' }), async (req, res) => {
    const q = parse(listPositionsQuery, req.query, 'query');
    res.json(await listStakingPositions(deps, session(res).address, q));
  });

  /**
   * POST /gateway/v1/staking/positions/:id/unstake (staking:write) → 200 position `unstaked` with `rewardPaid`.
   * Still locked or already unstaked → 409; another wallet's position → 404; treasury short of the reward → 422.
   */
  r.post('/staking/positions/:id/unstake', requireAuth(deps, { scope: 'staking:write' }), async (req, res) => {
    parse(noBody, req.body);
    const result = await unstake(deps, {
      organizationId: auth(res).principal.organizationId,
      address: session(res).address,
      positionId: String(req.params.id),
      idempotencyKey: req.get('idempotency-key'),
    });
    sendIdempotent(res, result);
  });

  /** GET /gateway/v1/farming/pools?limit=&cursor= (farming:read) → `{ data: [{ id, name, tokenPair, aprBps, totalValueLocked }], nextCursor }`. */
  r.get('/farming/pools', requireAuth(deps, { scope: 'farming:read' }), async (req, res) => {
    const q = parse(listPoolsQuery, req.query, 'query');
    res.json(await listFarmingPools(deps, q));
  });

  /**
   * GET /gateway/v1/governance/proposals?limit=&cursor= (governance:read) → `{ data: [{ id, title, description,
   * snapshotAt, startsAt, endsAt, tally: { for, against, abstain } }], nextCursor }`: open proposals only.
   */
  r.get('/governance/proposals', requireAuth(deps, { scope: 'governance:read' }), async (req, res) => {
    const q = parse(listProposalsQuery, req.query, 'query');
    res.json(await listActiveProposals(deps, q));
  });

  /**
   * POST /gateway/v1/governance/vote (governance:write) `{ proposalId, choice }` → 201 `{ id, proposalId, address, choice, weight, createdAt }`.
   * Unknown proposal → 404; not open or already voted → 409 (`voting-not-started`, `voting-closed`, `already-voted`); no voting power → 422 (`no-voting-power`).
   */
  r.post('/governance/vote', requireAuth(deps, { scope: 'governance:write' }), async (req, res) => {
    const body = parse(voteBody, req.body);
    const result = await castVote(deps, {
      organizationId: auth(res).principal.organizationId,
      address: session(res).address,
      proposalId: body.proposalId,
      choice: body.choice,
      idempotencyKey: req.get('idempotency-key'),
    });
    sendIdempotent(res, result);
  });

  /** GET /gateway/v1/token/info (public: no API key, no JWT) → `{ symbol, name, decimals, totalSupply, circulatingSupply }`. */
  r.get('/token/info', async (req, res) => {
    parse(noQuery, req.query, 'query');
    res.json(await tokenInfo(deps));
  });

  /**
   * GET /gateway/v1/treasury/overview (treasury:read) → `{ balances: [{ token, balance }], last30Days: [{ token, inflow, outflow }] }`.
   */
  r.get('/treasury/overview', requireAuth(deps, { scope: 'treasury:read' }), async (req, res) => {
    parse(noQuery, req.query, 'query');
    res.json(await treasuryOverview(deps));
  });

  return { gateway: r, root: Router() };
}
