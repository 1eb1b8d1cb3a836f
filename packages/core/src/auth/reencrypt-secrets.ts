import type { PrismaClient } from '@gw/db';
import type { SecretBox } from '@gw/runtime';

/**
 * Re-encrypts every secret at rest (webhook signing secrets, generated JWT signing keys) that is
 * not sealed with the current key of `box` (the first entry of SECRETS_ENCRYPTION_KEY): the
 * rotation step after prepending a new key id (issue #11, `pnpm --silent admin secrets:reencrypt`).
 * Each row is updated only if its ciphertext is still the one read (no lost concurrent rotation
 * of a webhook secret). Idempotent: a second run changes nothing.
 * @returns rows re-encrypted per table and the key id they now use
 * @throws AppError('internal') when a value was sealed with a key id the ring does not contain
 */
export async function reencryptSecrets(
  prisma: PrismaClient,
  box: SecretBox,
): Promise<{ keyId: string; webhooks: number; signingKeys: number }> {
  let webhooks = 0;
  for (const w of await prisma.webhook.findMany({ select: { id: true, secretEncrypted: true } })) {
    if (!box.needsRotation(w.secretEncrypted)) continue;
    const sealed = box.seal(box.open(w.secretEncrypted));
    const { count } = await prisma.webhook.updateMany({
      where: { id: w.id, secretEncrypted: w.secretEncrypted },
      data: { secretEncrypted: sealed },
    });
    webhooks += count;
  }
  let signingKeys = 0;
  for (const k of await prisma.signingKey.findMany({ select: { kid: true, privateKeyEncrypted: true } })) {
    if (!box.needsRotation(k.privateKeyEncrypted)) continue;
    const sealed = box.seal(box.open(k.privateKeyEncrypted));
    const { count } = await prisma.signingKey.updateMany({
      where: { kid: k.kid, privateKeyEncrypted: k.privateKeyEncrypted },
      data: { privateKeyEncrypted: sealed },
    });
    signingKeys += count;
  }
  return { keyId: box.currentKeyId, webhooks, signingKeys };
}
