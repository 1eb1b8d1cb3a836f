-- AlterTable
ALTER TABLE "withdrawals" ADD COLUMN     "mined_block" BIGINT;

-- CreateIndex
CREATE INDEX "withdrawals_chain_id_mined_block_idx" ON "withdrawals"("chain_id", "mined_block");

-- CreateIndex
CREATE INDEX "withdrawals_chain_id_status_idx" ON "withdrawals"("chain_id", "status");
