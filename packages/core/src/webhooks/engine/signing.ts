import { createHmac } from 'node:crypto';

/**
 * The delivery signature: `sha256=` + lowercase hex HMAC-SHA256 of the exact body bytes,
 * keyed with the webhook's secret, so a receiver can check that the body came from us unchanged.
 */
export function signWebhookBody(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Standard Webhooks signature (https://www.standardwebhooks.com): `v1,` + base64 HMAC-SHA256 of
 * `${id}.${timestampSeconds}.${body}`, keyed with the base64-decoded part of a `whsec_` secret.
 */
export function signStandardWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}
