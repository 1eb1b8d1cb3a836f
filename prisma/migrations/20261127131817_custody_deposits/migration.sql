-- CreateEnum
CREATE TYPE "deposit_status" AS ENUM ('pending', 'credited', 'orphaned');

-- CreateTable
CREATE TABLE "deposits" (
    "id" UUID NOT NULL,
    "chain_id" INTEGER NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_hash" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "owner_type" TEXT NOT NULL DEFAULT 'wallet',
    "owner_id" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "amount" DECIMAL(78,0) NOT NULL,
    "status" "deposit_status" NOT NULL DEFAULT 'pending',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "credited_at" TIMESTAMPTZ(3),
    "orphaned_at" TIMESTAMPTZ(3),

    CONSTRAINT "deposits_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "custody_cursors" (
    "chain_id" INTEGER NOT NULL,
    "next_block" BIGINT NOT NULL,
    "safe_block" BIGINT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "custody_cursors_pkey" PRIMARY KEY ("chain_id")
);

-- CreateTable
CREATE TABLE "custody_blocks" (
    "chain_id" INTEGER NOT NULL,
    "number" BIGINT NOT NULL,
    "hash" TEXT NOT NULL,

    CONSTRAINT "custody_blocks_pkey" PRIMARY KEY ("chain_id","number")
);

-- CreateIndex
CREATE INDEX "deposits_address_id_idx" ON "deposits"("address", "id");

-- CreateIndex
CREATE INDEX "deposits_chain_id_status_block_number_idx" ON "deposits"("chain_id", "status", "block_number");

-- CreateIndex
CREATE UNIQUE INDEX "deposits_chain_id_tx_hash_log_index_key" ON "deposits"("chain_id", "tx_hash", "log_index");
