-- AlterTable
ALTER TABLE "chain_transactions" ADD COLUMN     "nonce_gone_block" BIGINT;
