-- Issue #16: striped sub-accounts. Existing accounts become stripe 0, and the new unique index is built
-- before the old one is dropped, so (owner_type, owner_id, token) lookups always have an index.
ALTER TABLE "ledger_accounts" ADD COLUMN "stripe" SMALLINT NOT NULL DEFAULT 0;

CREATE UNIQUE INDEX "ledger_accounts_owner_type_owner_id_token_stripe_key" ON "ledger_accounts"("owner_type", "owner_id", "token", "stripe");

DROP INDEX "ledger_accounts_owner_type_owner_id_token_key";

ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_stripe_check" CHECK ("stripe" >= 0);
