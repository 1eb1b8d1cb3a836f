-- AlterTable
ALTER TABLE "webhooks" ADD COLUMN     "disabled_at" TIMESTAMPTZ(3),
ADD COLUMN     "disabled_reason" TEXT,
ADD COLUMN     "max_concurrency" INTEGER;

-- A per-webhook cap is a positive number of attempts in flight (issue #10).
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_max_concurrency_check" CHECK ("max_concurrency" IS NULL OR "max_concurrency" BETWEEN 1 AND 1000);
