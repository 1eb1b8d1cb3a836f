-- Withdrawals become one purpose of the custody outflows (issue #28): the table is renamed, its rows
-- kept (purpose 'withdrawal'), and the stake and bridge outflows share its accounting and the proof
-- of reserves' treatment.
ALTER TABLE "withdrawals" RENAME TO "custody_outflows";
ALTER TABLE "custody_outflows" RENAME CONSTRAINT "withdrawals_pkey" TO "custody_outflows_pkey";
ALTER INDEX "withdrawals_organization_id_address_id_idx" RENAME TO "custody_outflows_organization_id_address_id_idx";
ALTER INDEX "withdrawals_chain_id_mined_block_idx" RENAME TO "custody_outflows_chain_id_mined_block_idx";
ALTER INDEX "withdrawals_chain_id_status_idx" RENAME TO "custody_outflows_chain_id_status_idx";

-- AlterTable
ALTER TABLE "custody_outflows" ADD COLUMN "purpose" TEXT NOT NULL DEFAULT 'withdrawal',
ADD COLUMN "approve_transaction_id" UUID,
ADD COLUMN "spender" TEXT,
ADD COLUMN "call_to" TEXT,
ADD COLUMN "call_data" TEXT;

-- CreateIndex
CREATE INDEX "custody_outflows_chain_id_spender_status_idx" ON "custody_outflows"("chain_id", "spender", "status");
