import type { Db, PrismaClient, Tx } from '@gw/db';
import type { ContractName, Deployment } from './contract.js';

/**
 * Every statement on `chain_deployments` and `chain_keys` (issue #27). Nothing else touches them.
 */

type DeploymentRow = {
  chainId: number;
  contract: string;
  address: string;
  codeHash: string;
  sourceHash: string;
  txHash: string | null;
  blockNumber: bigint | null;
};

const toDeployment = (r: DeploymentRow): Deployment => ({
  chainId: r.chainId,
  contract: r.contract as ContractName,
  address: r.address as `0x${string}`,
  codeHash: r.codeHash as `0x${string}`,
  sourceHash: r.sourceHash,
  txHash: r.txHash as `0x${string}` | null,
  blockNumber: r.blockNumber,
});

/** The recorded deployments, of every chain or of one. */
export async function listDeployments(db: Db<'chainDeployment'>, chainId?: number): Promise<Deployment[]> {
  const rows = await db.chainDeployment.findMany({
    where: chainId === undefined ? {} : { chainId },
    orderBy: [{ chainId: 'asc' }, { contract: 'asc' }],
  });
  return rows.map(toDeployment);
}

/** Replaces the deployments of one chain by `deployments` (all of one chain), in `tx`. */
export async function replaceDeployments(tx: Tx, chainId: number, deployments: readonly Deployment[]): Promise<void> {
  await tx.chainDeployment.deleteMany({ where: { chainId } });
  await tx.chainDeployment.createMany({
    data: deployments.map((d) => ({
      chainId,
      contract: d.contract,
      address: d.address,
      codeHash: d.codeHash,
      sourceHash: d.sourceHash,
      txHash: d.txHash,
      blockNumber: d.blockNumber,
    })),
  });
}

/**
 * Serializes deployments of one chain across processes until `tx` ends (a transaction-scoped
 * advisory lock): two starts never deploy the same chain twice.
 */
export async function lockChainDeployment(tx: Tx, chainId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('chain-deploy'), ${chainId}::int)`;
}

/** The stored key of a role (its private key sealed by the SecretBox), or null. */
export async function findChainKey(db: Db<'chainKey'>, role: string): Promise<{ address: string; privateKeyEncrypted: string } | null> {
  return db.chainKey.findUnique({ where: { role }, select: { address: true, privateKeyEncrypted: true } });
}

/** Stores a role's key unless one is already stored (a concurrent first start keeps the first). */
export async function insertChainKeyIfAbsent(
  db: PrismaClient,
  key: { role: string; address: string; privateKeyEncrypted: string },
): Promise<void> {
  await db.chainKey.createMany({ data: [key], skipDuplicates: true });
}
