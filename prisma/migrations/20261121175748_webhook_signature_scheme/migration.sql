-- AlterTable
ALTER TABLE "webhooks" ADD COLUMN     "signature_scheme" TEXT NOT NULL DEFAULT 'service';
