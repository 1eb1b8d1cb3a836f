import type { RedisConnection } from '@gw/runtime';

/**
 * Webhook changes announced to every API replica, so each drops its cached list of the
 * organization's webhooks (`WebhookListCache` subscribes). Both the API (a registration, a
 * deactivation) and the delivery engine (a webhook disabled after failing too long) announce, so
 * the channel lives in the engine, which the API's side imports and which imports nothing above it.
 */

/** Redis channel on which webhook changes are announced to every API replica (payload: organization id). */
export const webhookChangeChannel = (prefix: string): string => `${prefix}:webhooks-changed`;

/**
 * Tells every API replica that an organization's webhooks changed (they drop its cached list).
 * A failed announcement is not an error: the replicas' entries expire within their TTL.
 */
export async function announceWebhookChange(redis: RedisConnection, prefix: string, organizationId: string): Promise<void> {
  await redis.publish(webhookChangeChannel(prefix), organizationId).catch(() => undefined);
}
