-- Issue #28: governance moves on chain. The PostgreSQL-only proposals and votes (voting power from
-- staking) are replaced by the Governor's indexed events and the votes/delegations the gateway relays
-- by signature, and the log poller's cursor becomes per (chain, stream).

-- DropForeignKey
ALTER TABLE "votes" DROP CONSTRAINT "votes_proposal_id_fkey";

-- AlterTable
ALTER TABLE "custody_cursors" DROP CONSTRAINT "custody_cursors_pkey",
ADD COLUMN     "stream" TEXT NOT NULL DEFAULT 'deposits',
ADD CONSTRAINT "custody_cursors_pkey" PRIMARY KEY ("chain_id", "stream");

-- DropTable
DROP TABLE "proposals";

-- DropTable
DROP TABLE "votes";

-- CreateTable
CREATE TABLE "governance_proposals" (
    "id" UUID NOT NULL,
    "chain_id" INTEGER NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "proposer" TEXT NOT NULL,
    "targets" TEXT[],
    "values" TEXT[],
    "calldatas" TEXT[],
    "description" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "vote_start" BIGINT NOT NULL,
    "vote_end" BIGINT NOT NULL,
    "block_number" BIGINT NOT NULL,
    "block_hash" TEXT NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "eta" BIGINT,
    "queued_block" BIGINT,
    "executed_block" BIGINT,
    "canceled_block" BIGINT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "governance_proposals_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "governance_vote_casts" (
    "chain_id" INTEGER NOT NULL,
    "tx_hash" TEXT NOT NULL,
    "log_index" INTEGER NOT NULL,
    "block_number" BIGINT NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "voter" TEXT NOT NULL,
    "support" INTEGER NOT NULL,
    "weight" DECIMAL(78,0) NOT NULL,
    "reason" TEXT NOT NULL,

    CONSTRAINT "governance_vote_casts_pkey" PRIMARY KEY ("chain_id","tx_hash","log_index")
);

-- CreateTable
CREATE TABLE "governance_votes" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "chain_id" INTEGER NOT NULL,
    "proposal_id" TEXT NOT NULL,
    "voter" TEXT NOT NULL,
    "support" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "chain_transaction_id" UUID NOT NULL,
    "tx_hash" TEXT,
    "weight" DECIMAL(78,0),
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "governance_votes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "governance_delegations" (
    "id" UUID NOT NULL,
    "organization_id" UUID NOT NULL,
    "chain_id" INTEGER NOT NULL,
    "delegator" TEXT NOT NULL,
    "delegatee" TEXT NOT NULL,
    "nonce" DECIMAL(78,0) NOT NULL,
    "expiry" BIGINT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "chain_transaction_id" UUID NOT NULL,
    "tx_hash" TEXT,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "governance_delegations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "governance_proposals_chain_id_block_number_idx" ON "governance_proposals"("chain_id", "block_number");

-- CreateIndex
CREATE UNIQUE INDEX "governance_proposals_chain_id_proposal_id_key" ON "governance_proposals"("chain_id", "proposal_id");

-- CreateIndex
CREATE INDEX "governance_vote_casts_chain_id_proposal_id_idx" ON "governance_vote_casts"("chain_id", "proposal_id");

-- CreateIndex
CREATE INDEX "governance_vote_casts_chain_id_block_number_idx" ON "governance_vote_casts"("chain_id", "block_number");

-- CreateIndex
CREATE INDEX "governance_votes_organization_id_voter_id_idx" ON "governance_votes"("organization_id", "voter", "id" DESC);

-- CreateIndex
CREATE INDEX "governance_delegations_organization_id_delegator_id_idx" ON "governance_delegations"("organization_id", "delegator", "id" DESC);

-- One live vote per (chain, proposal, voter) and one pending delegation per delegator (hand-written:
-- partial unique indexes are not expressible in the Prisma schema).
CREATE UNIQUE INDEX "governance_votes_live_key" ON "governance_votes"("chain_id", "proposal_id", "voter") WHERE "status" <> 'failed';
CREATE UNIQUE INDEX "governance_delegations_pending_key" ON "governance_delegations"("chain_id", "delegator") WHERE "status" = 'pending';
