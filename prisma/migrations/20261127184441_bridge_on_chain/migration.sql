-- AlterEnum
ALTER TYPE "bridge_status" ADD VALUE 'relaying';

-- AlterTable
ALTER TABLE "bridge_transfers" ADD COLUMN     "destination_contract" TEXT,
ADD COLUMN     "destination_transaction_id" UUID,
ADD COLUMN     "direction" TEXT NOT NULL DEFAULT 'outbound',
ADD COLUMN     "from_chain_id" TEXT,
ADD COLUMN     "funding" TEXT NOT NULL DEFAULT 'ledger',
ADD COLUMN     "organization_id" UUID,
ADD COLUMN     "source_block" BIGINT,
ADD COLUMN     "source_nonce" DECIMAL(78,0),
ADD COLUMN     "source_transaction_id" UUID,
ADD COLUMN     "source_tx_hash" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "bridge_transfers_direction_from_chain_id_source_nonce_key" ON "bridge_transfers"("direction", "from_chain_id", "source_nonce");
