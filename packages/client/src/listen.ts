import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createGatewayClient, type GatewayClient } from './client.js';
import type { components } from './generated/openapi.js';
import type { FetchLike, RetryOptions } from './retry.js';

/**
 * `gw listen`: forwards an organization's events to a URL on the developer's machine,
 * signed like real deliveries, as `stripe listen --forward-to` does. Node only (`@service-gateway/client/listen`).
 *
 * It only makes outbound requests: it tails `GET /gateway/v1/events?order=asc&after=<id>` with the
 * organization's API key (scope `webhooks:read`) every `intervalMs`, and POSTs each new event to
 * `forwardTo` as the service would: the body `{ id, type, createdAt, test?, delivery: { id,
 * timestamp }, data }`, `X-Service-Signature: sha256=<hex HMAC-SHA256 of the body>` keyed with the
 * listener's own secret (printed at start; give it to your local receiver, e.g.
 * `webhookReceiver({ secret })` of `@service-gateway/webhook-receiver`), `X-Service-Event` and
 * `X-Service-Delivery` (a fresh id per forward). So a receiver written for real deliveries accepts
 * forwarded ones unchanged; only the secret differs. No webhook is registered and no real delivery
 * is affected.
 *
 * One attempt per event, no retries: the line printed for each says what the receiver answered.
 * Events become visible when their transaction commits, which can be a little out of id order, so
 * each poll starts from the last event handled at least {@link LISTEN_LAG_MS} ago and skips the ids
 * already forwarded (the API's own advice for a tail).
 */

/** An event as `GET /gateway/v1/events` lists it. */
export type GatewayEvent = components['schemas']['Event'];

/** What one forward did: the event, and the receiver's answer or the error. */
export interface ForwardRecord {
  event: Pick<GatewayEvent, 'id' | 'type' | 'test'> & {
    /** The member of `data` naming the object the event is about: `payment`, `withdrawal`, `deposit`, `bridgeTransfer`. */
    object: string;
    /** That object's id. */
    objectId: string;
    /** The payment's id on `payment.*` events; null on the others. */
    paymentId: string | null;
  };
  /** The `X-Service-Delivery` sent (fresh per forward). */
  deliveryId: string;
  /** The receiver's HTTP status, or null when it could not be reached. */
  status: number | null;
  /** Wall time of the POST, ms. */
  durationMs: number;
  /** Set when the POST failed without an answer (connection refused, timeout). */
  error?: string;
}

/** Options of {@link listen}. */
export interface ListenOptions {
  /** The API's base address, ending in `/api`. */
  baseUrl: string;
  /** The organization's API key (`webhooks:read`). */
  apiKey: string;
  /** Where to POST each event, e.g. `http://localhost:8080/webhooks`. */
  forwardTo: string;
  /** The signing secret (default: a new `whsec_…`, returned as {@link Listener.secret}). */
  secret?: string;
  /** Only these event types (default: all). */
  events?: readonly GatewayEvent['type'][];
  /** How often to ask for new events, ms (default 1000). */
  intervalMs?: number;
  /** Forward the events after this event id as well (default: only events created after the start). */
  after?: string;
  /** A forward that gets no answer within this long fails, ms (default 10,000, the service's timeout). */
  timeoutMs?: number;
  /** Called after each forward (the CLI prints it). */
  onForward?: (record: ForwardRecord) => void;
  /** Called when a poll fails; the listener keeps polling (default: ignored). */
  onError?: (err: unknown) => void;
  /** The fetch for both the API and the forwards (default `globalThis.fetch`). */
  fetch?: FetchLike;
  /** Retries of the API's 429/503 answers (see the client). */
  retry?: RetryOptions;
}

/** A running listener. */
export interface Listener {
  /** The secret the forwards are signed with. */
  readonly secret: string;
  /** Resolves once the listener knows where to start (the newest event at start, or `after`). */
  readonly ready: Promise<void>;
  /** Stops polling; resolves when the poll in flight (and its forwards) ended. */
  stop(): Promise<void>;
}

/** Each poll re-reads the events of the last this-many ms, for those that committed late (ms). */
export const LISTEN_LAG_MS = 5000;
const PAGE = 100;

/** A new signing secret in the service's format: `whsec_` + base64 of 32 random bytes. */
export const newListenSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * Starts forwarding (see the module comment).
 * @returns the listener; polling runs until {@link Listener.stop}
 * @throws TypeError when `baseUrl` or `forwardTo` is not an absolute URL
 */
export function listen(options: ListenOptions): Listener {
  const forwardTo = new URL(options.forwardTo).href;
  const secret = options.secret ?? newListenSecret();
  const intervalMs = options.intervalMs ?? 1000;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const fetchFn: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));
  const gw: GatewayClient = createGatewayClient({ baseUrl: options.baseUrl, apiKey: options.apiKey, fetch: fetchFn, retry: options.retry });
  const wanted = options.events ? new Set<string>(options.events) : undefined;

  /** Ids forwarded, with when they were seen; the anchor is the newest one seen LISTEN_LAG_MS ago. */
  const handled = new Map<string, number>();
  let anchor: string | undefined = options.after;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling: Promise<void> = Promise.resolve();

  const forward = async (event: GatewayEvent): Promise<void> => {
    const deliveryId = randomUUID();
    const body = JSON.stringify({
      id: event.id,
      type: event.type,
      createdAt: event.createdAt,
      ...(event.test ? { test: true } : {}),
      delivery: { id: deliveryId, timestamp: Math.floor(Date.now() / 1000) },
      data: event.data,
    });
    const started = performance.now();
    const [object, value] = Object.entries(event.data)[0] ?? ['unknown', undefined];
    const record: ForwardRecord = {
      event: {
        id: event.id,
        type: event.type,
        test: event.test,
        object,
        objectId: value?.id ?? '',
        paymentId: event.data.payment?.id ?? null,
      },
      deliveryId,
      status: null,
      durationMs: 0,
    };
    try {
      const res = await fetchFn(
        new Request(forwardTo, {
          method: 'POST',
          body,
          headers: {
            'content-type': 'application/json',
            'x-service-signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
            'x-service-event': event.type,
            'x-service-delivery': deliveryId,
            'user-agent': 'gw-listen',
          },
          signal: AbortSignal.timeout(timeoutMs),
        }),
      );
      await res.arrayBuffer().catch(() => undefined);
      record.status = res.status;
    } catch (err) {
      record.error = (err as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (err as Error).message;
    }
    record.durationMs = Math.round(performance.now() - started);
    options.onForward?.(record);
  };

  /** One poll: every page of events after the anchor, each new one forwarded in order. */
  const poll = async (): Promise<void> => {
    let cursor: string | undefined;
    do {
      const page = await gw.unwrap(
        gw.GET('/gateway/v1/events', {
          params: { query: { order: 'asc', limit: PAGE, ...(anchor ? { after: anchor } : {}), ...(cursor ? { cursor } : {}) } },
        }),
      );
      for (const event of page.data) {
        if (stopped) return;
        if (handled.has(event.id)) continue;
        handled.set(event.id, Date.now());
        if (!wanted || wanted.has(event.type)) await forward(event);
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor && !stopped);
    // Move the anchor to the newest event seen at least LISTEN_LAG_MS ago, and forget older ids.
    const settled = Date.now() - LISTEN_LAG_MS;
    for (const [id, seenAt] of handled) {
      if (seenAt > settled) break;
      anchor = id;
      handled.delete(id);
    }
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      polling = poll()
        .catch((err: unknown) => options.onError?.(err))
        .finally(schedule);
    }, intervalMs);
  };

  const ready = (async () => {
    if (anchor === undefined) {
      // Start after the newest event that exists now: only what happens from here on is forwarded.
      const newest = await gw.unwrap(gw.GET('/gateway/v1/events', { params: { query: { order: 'desc', limit: 1 } } }));
      anchor = newest.data[0]?.id;
    }
    schedule();
  })();

  return {
    secret,
    ready,
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await ready.catch(() => undefined);
      await polling;
    },
  };
}
