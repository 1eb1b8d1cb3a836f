-- CreateTable
CREATE TABLE "chain_deployments" (
    "chain_id" INTEGER NOT NULL,
    "contract" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "source_hash" TEXT NOT NULL,
    "tx_hash" TEXT,
    "block_number" BIGINT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chain_deployments_pkey" PRIMARY KEY ("chain_id","contract")
);

-- CreateTable
CREATE TABLE "chain_keys" (
    "role" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "private_key_encrypted" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chain_keys_pkey" PRIMARY KEY ("role")
);
