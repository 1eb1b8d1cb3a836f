-- CreateIndex (issue #28 leftover: which outbox row signed a transaction hash, looked up for every
-- Transfer log to custody, scanned every row of its kind). CONCURRENTLY, alone in its migration:
-- writes to chain_transactions go on while it is built.
CREATE INDEX CONCURRENTLY "chain_transactions_hashes_idx" ON "chain_transactions" USING GIN ("hashes");
