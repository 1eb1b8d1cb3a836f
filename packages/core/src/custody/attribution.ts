import type { RawSql } from '@gw/db';

/**
 * Who is told of a credited deposit (`deposit.credited`): the organizations a deposit is
 * attributable to. A deposit credits a wallet's custodial balance, which belongs to no organization;
 * a plain ERC-20 transfer to the custody address carries nothing that names one, so it is told to
 * none (telling every organization the wallet ever dealt with would show one tenant what its
 * customer does with another). A module that starts deposits on an organization's behalf (the
 * gasless deposits: `permit_deposits.organization_id`) exports an attribution, the process that
 * scans lists it (`DepositScanCatalogue`), and the scan asks each, in the transaction that credits
 * the deposit.
 */

/** The credited deposit, as an attribution sees it. */
export interface CreditedDeposit {
  chainId: number;
  /** Lower-case 0x hash of the transaction holding the Transfer log. */
  txHash: string;
  /** Checksummed address that sent the tokens (the credited wallet). */
  address: string;
}

/** The ids of the organizations `deposit` is attributable to (none: not theirs to know of). */
export type DepositAttribution = (tx: RawSql, deposit: CreditedDeposit) => Promise<readonly string[]>;

/** Every organization the deposit is attributable to, by any of `attributions`, each once, sorted. */
export async function depositOrganizations(
  attributions: readonly DepositAttribution[],
  tx: RawSql,
  deposit: CreditedDeposit,
): Promise<string[]> {
  const ids = new Set<string>();
  for (const attribution of attributions) for (const id of await attribution(tx, deposit)) ids.add(id);
  return [...ids].sort();
}
