import { formatUnits, getAddress, isAddress } from 'viem';
import type { ApprovalAction, ConnectorApprovalRow, ConnectorGrantRow } from '@gw/core/connectors';
import { findToken } from '@gw/core/ledger';
import type { RouteDeps } from '../deps.js';

/**
 * What a pending approval's call would do, built from the call's stored arguments (the very
 * arguments the gateway runs when the holder approves), for the approval page and the statement
 * the holder signs:
 *
 * - `transfer`: the `recipient` is the `to` argument (checksummed);
 * - `confirm_payment`: the `payee` is the organization (a payment settles to the organization
 *   whose endpoint the agent calls), the payment id the `id` argument;
 * - `consume_credits`: the `payee` is the organization, `units` credits;
 * - `stake` (from custody): the `beneficiary` is the holder's own wallet (`stakeFor(owner)`).
 *
 * The amount is the approval's (the one the grant's threshold stopped, in base units of the
 * native token, the only token a grant's limits admit) and the chain the home chain
 * (CHAIN_HOME_ID), where the native token lives.
 * @returns null for a call that cannot be described (an unknown tool, a malformed recipient, a
 *   token other than the native one): such an approval is never shown nor decided
 */
export async function approvalAction(
  deps: Pick<RouteDeps, 'prisma' | 'config'>,
  approval: Pick<ConnectorApprovalRow, 'tool' | 'arguments' | 'amount'>,
  grant: Pick<ConnectorGrantRow, 'wallet' | 'organizationId'>,
  organizationName: string,
): Promise<ApprovalAction | null> {
  const args = approval.arguments;
  const native = deps.config.NATIVE_TOKEN_SYMBOL;
  const organization = `${organizationName} (organization ${grant.organizationId})`;
  let party: Pick<ApprovalAction, 'role' | 'counterparty' | 'detail'>;
  switch (approval.tool) {
    case 'transfer': {
      if (typeof args.to !== 'string' || !isAddress(args.to, { strict: false })) return null;
      if (args.token !== undefined && args.token !== native) return null;
      party = { role: 'recipient', counterparty: getAddress(args.to), detail: null };
      break;
    }
    case 'confirm_payment':
      party = { role: 'payee', counterparty: organization, detail: `payment ${String(args.id)}` };
      break;
    case 'consume_credits':
      party = {
        role: 'payee',
        counterparty: organization,
        detail: `${String(args.units)} credits${typeof args.feature === 'string' ? ` for ${args.feature}` : ''}`,
      };
      break;
    case 'stake':
      party = { role: 'beneficiary', counterparty: grant.wallet, detail: 'staked from the custodial balance' };
      break;
    default:
      return null;
  }
  const token = await findToken(deps.prisma, native);
  return {
    tool: approval.tool,
    ...party,
    amount: approval.amount,
    amountInTokens: formatUnits(approval.amount, token.decimals),
    token: token.symbol,
    chainId: deps.config.CHAIN_HOME_ID,
  };
}
