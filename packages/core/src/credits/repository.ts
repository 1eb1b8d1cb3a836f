import type { CreditConsumption, PrismaClient, Tx } from '@gw/db';

/** Every statement on `credit_consumptions`. */

/** Records a consumption (inside the transaction that debits the credits). */
export function insertConsumption(
  tx: Tx,
  data: { organizationId: string; address: string; feature: string; units: bigint },
): Promise<CreditConsumption> {
  return tx.creditConsumption.create({ data });
}

/** The latest `take` consumptions of `address` recorded through `organizationId`, newest first. */
export function listRecentConsumptions(
  db: Pick<PrismaClient | Tx, 'creditConsumption'>,
  organizationId: string,
  address: string,
  take: number,
): Promise<CreditConsumption[]> {
  return db.creditConsumption.findMany({
    where: { address, organizationId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
  });
}
