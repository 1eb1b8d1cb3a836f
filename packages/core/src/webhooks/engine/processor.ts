import { performance } from 'node:perf_hooks';
import { type Context, registerCacheSize } from '@gw/runtime';
import { MAX_ENDPOINT_CONCURRENCY, deliveryEnvelope } from './schemas.js';
import type { Admission, EndpointGate, GateSlot, Report } from './endpoint-gate.js';
import type { DeliveryStore, LoadedDelivery } from './repository.js';
import type { AttemptResult, Sender } from './sender.js';
import { signStandardWebhook, signWebhookBody } from './signing.js';
import { announceWebhookChange } from './webhook-changes.js';

/**
 * One delivery attempt, the worker's `webhook-deliveries` processor: read the delivery
 * ({@link DeliveryStore}), ask the endpoint gate, sign, send ({@link Sender}), report to the gate,
 * record the attempt and the new state, and compute the back-off. The processor's resources (the
 * store, the gate, the sender) are passed in by the worker, which builds them once.
 */

/** What one run of a delivery job did; `event` is the delivery's event type (for metrics). */
export type ProcessOutcome =
  | { kind: 'skipped'; reason: string }
  | { kind: 'not-due'; at: Date }
  /**
   * No attempt was made and the attempt count is unchanged; the job waits until `at`
   * (`circuit_open`: the cool-down's end, also written to `nextAttemptAt`; `cap`/`half_open`/
   * `fair_share`: parked, woken earlier when a slot frees).
   */
  | { kind: 'deferred'; reason: Extract<Admission, { admitted: false }>['reason']; at: Date; event: string }
  | { kind: 'delivered'; attempt: number; event: string }
  | { kind: 'retry'; attempt: number; at: Date; event: string }
  | { kind: 'dead'; attempt: number | null; reason: string; event: string };

/** Decrypted signing secrets by ciphertext: a rotation writes a new ciphertext, so entries never go stale. */
const openedSecrets = new Map<string, string>();
const MAX_OPENED_SECRETS = 5000;
registerCacheSize('opened_secrets', openedSecrets, MAX_OPENED_SECRETS);

/** AES-GCM decryption once per secret per process instead of once per attempt (CPU on the hot path). */
function openSecret(box: Context['secretBox'], sealed: string): string {
  let secret = openedSecrets.get(sealed);
  if (secret === undefined) {
    secret = box.open(sealed);
    if (openedSecrets.size >= MAX_OPENED_SECRETS) openedSecrets.delete(openedSecrets.keys().next().value!);
    openedSecrets.set(sealed, secret);
  }
  return secret;
}

/**
 * Makes one delivery attempt and records it:
 * - 2xx within WEBHOOK_TIMEOUT_MS → `delivered`;
 * - otherwise → `pending` with `nextAttemptAt` = now + min(BASE·2^(n−1), MAX) while fewer than
 *   WEBHOOK_MAX_ATTEMPTS attempts were made, else `dead`; a manual resend fails straight to `dead`.
 * The attempt row and the delivery's new state are written together (one statement, see
 * {@link DeliveryStore.recordAttempt}), guarded by the attempt count that was read, so a concurrent
 * duplicate run (a stalled job picked up twice) cannot record the same attempt twice. Deliveries
 * are at least once: a worker killed after the receiver's 2xx but before this write sends again,
 * and receivers dedupe by the delivery id (X-Service-Delivery, signed in the body as `delivery.id`).
 *
 * A job that carries its organization and webhook asks the gate while the row is read, and the
 * gate's report runs beside the record, so a delivery to a healthy endpoint waits for four round
 * trips (the job, read ∥ admit, the POST, record ∥ report) instead of six. An early admission
 * the row does not need (not pending, deactivated, not due, a cap changed) is given back unused.
 *
 * @param ctx.deliveries the worker's reads and writes ({@link createDeliveryStore}: batched raw SQL)
 * @param ctx.observeStage optional: called with each awaited stage's wall-clock time in ms
 *   (`gw_delivery_stage_seconds`, see {@link DeliveryStage}); `run` is the caller's to time
 * @param job the job's data ({@link DeliveryJobRef}), or just the delivery id
 * @returns what happened; `retry` and `not-due` carry the time the job must run again
 * @throws whatever the store throws (database unreachable): the job fails and BullMQ retries it
 */
export async function processDelivery(
  ctx: Pick<Context, 'config' | 'secretBox' | 'logger' | 'redis'> & {
    deliveries: DeliveryStore;
    gate: EndpointGate;
    observeStage?: StageObserver | undefined;
  },
  sender: Sender,
  job: string | DeliveryJobRef,
): Promise<ProcessOutcome> {
  const timed = stageTimer(ctx.observeStage);
  const ref = typeof job === 'string' ? { deliveryId: job } : job;
  const deliveryId = ref.deliveryId;
  // With the organization and the webhook in the job, the gate is asked while the row is read
  // (one wait instead of two); the row still decides whether and how the attempt goes.
  const guess = ref.organizationId && ref.webhookId ? guessSlot(ctx, ref.webhookId, ref.organizationId) : undefined;
  const early = guess && { slot: guess, asked: settled(timed('admit', ctx.gate.admit(guess, deliveryId))) };
  const giveBack = async (): Promise<void> => {
    if (early) await releaseEarly(ctx, early.slot, await early.asked, deliveryId);
  };

  let delivery: LoadedDelivery | undefined;
  try {
    delivery = await timed('read', ctx.deliveries.load(deliveryId));
  } catch (err) {
    await giveBack();
    throw err;
  }
  if (!delivery || delivery.status !== 'pending') {
    await giveBack();
    return { kind: 'skipped', reason: delivery ? `delivery is ${delivery.status}` : 'delivery not found' };
  }
  const event = delivery.event;
  if (!delivery.webhook.active) {
    await giveBack();
    await ctx.deliveries.markDead(deliveryId, 'webhook deactivated');
    return { kind: 'dead', attempt: null, reason: 'webhook deactivated', event };
  }
  if (delivery.nextAttemptAt && delivery.nextAttemptAt.getTime() > Date.now() + 1000) {
    await giveBack();
    return { kind: 'not-due', at: delivery.nextAttemptAt };
  }

  // The endpoint's cap and circuit breaker decide whether this attempt goes now, and its
  // organization's fair share of the pool. A cap registered above today's bound
  // is held to it.
  const webhookId = delivery.webhook.id;
  const slot: GateSlot = {
    webhookId,
    organizationId: delivery.organizationId,
    limit: capOf(ctx, delivery.webhook.maxConcurrency),
  };
  rememberLimit(webhookId, slot.limit);
  let admission: Admission;
  if (early && sameSlot(early.slot, slot)) {
    const asked = await early.asked;
    if ('error' in asked) throw asked.error;
    admission = asked.value;
  } else {
    // No guess, or a guess the row contradicts (a limit changed since this process last saw the
    // webhook): give the early admission back and ask with the row's slot.
    await giveBack();
    admission = await timed('admit', ctx.gate.admit(slot, deliveryId));
  }
  if (admission.transition) logTransition(ctx.logger, webhookId, 'open', admission.transition, null);
  if (!admission.admitted) return defer(ctx, deliveryId, admission, event);

  // The delivery id and this attempt's time are signed inside the body (dedupe, replay refusal).
  const timestamp = Math.floor(Date.now() / 1000);
  const body = JSON.stringify(deliveryEnvelope(delivery.eventRecord, delivery.id, timestamp));
  const secret = openSecret(ctx.secretBox, delivery.webhook.secretEncrypted);
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-service-signature': signWebhookBody(secret, body),
    'x-service-event': delivery.event,
    'x-service-delivery': delivery.id,
  };
  if (delivery.webhook.signatureScheme === 'standard-webhooks') {
    // Standard Webhooks: the id is the delivery id (stable across attempts), the
    // timestamp (the body's delivery.timestamp) is signed too, so receivers can refuse replays of old messages.
    headers['webhook-id'] = delivery.id;
    headers['webhook-timestamp'] = String(timestamp);
    headers['webhook-signature'] = signStandardWebhook(secret, delivery.id, timestamp, body);
  }
  let result: AttemptResult;
  try {
    result = await timed('send', sender.send({ url: delivery.webhook.url, body, timeoutMs: ctx.config.WEBHOOK_TIMEOUT_MS, headers }));
  } catch (err) {
    await settle(ctx, slot, admission.lease, false);
    throw err;
  }
  const attempt = delivery.attempts + 1;
  const exhausted = delivery.manual || attempt >= ctx.config.WEBHOOK_MAX_ATTEMPTS;
  const status = result.ok ? 'delivered' : exhausted ? 'dead' : 'pending';
  const nextAttemptAt =
    status === 'pending'
      ? new Date(Date.now() + backoffDelayMs(attempt, ctx.config.WEBHOOK_BACKOFF_BASE_MS, ctx.config.WEBHOOK_BACKOFF_MAX_MS))
      : null;

  // The gate's report and the attempt's record do not depend on each other: one wait.
  // The report never throws (see settle); a failed record fails the job, which BullMQ retries.
  const [report, recorded] = await Promise.all([
    timed('report', settle(ctx, slot, admission.lease, result.ok)),
    timed(
      'record',
      ctx.deliveries.recordAttempt({
        deliveryId,
        previousAttempts: delivery.attempts,
        status,
        nextAttemptAt,
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: result.error,
        responseBody: result.responseBody,
      }),
    ),
  ]);
  if (!recorded) return { kind: 'skipped', reason: 'delivery changed concurrently' };

  ctx.logger.debug(
    { deliveryId, attempt, statusCode: result.statusCode, durationMs: result.durationMs, outcome: status },
    'delivery attempt recorded',
  );
  if (!result.ok && report?.failingSince && Date.now() - report.failingSince.getTime() >= ctx.config.WEBHOOK_DISABLE_AFTER_MS) {
    await disableFailingWebhook(ctx, webhookId, report.failingSince);
    return { kind: 'dead', attempt, reason: 'webhook disabled', event };
  }
  if (status === 'delivered') return { kind: 'delivered', attempt, event };
  if (status === 'dead') return { kind: 'dead', attempt, reason: result.error ?? 'failed', event };
  return { kind: 'retry', attempt, at: nextAttemptAt!, event };
}

/**
 * The awaited stages of one delivery run, as labelled in `gw_delivery_stage_seconds`:
 * `read` (the delivery row), `admit` (the endpoint gate's admission), `send` (the signed POST),
 * `record` (the attempt's row and the delivery's state), `report` (the gate's report), `run` (the
 * whole processor, in which read and admit, and record and report, overlap) and `finish` (BullMQ
 * after the processor returned: the job's completion, the next job's fetch in the same script).
 */
export type DeliveryStage = 'read' | 'admit' | 'send' | 'record' | 'report' | 'run' | 'finish';

/** Receives one stage of a delivery run and its wall-clock time in ms. */
export type StageObserver = (stage: DeliveryStage, ms: number) => void;

/** Times a stage's promise when there is an observer; otherwise returns the promise itself. */
function stageTimer(observe: StageObserver | undefined): <T>(stage: DeliveryStage, p: Promise<T>) => Promise<T> {
  if (!observe) return (_stage, p) => p;
  return (stage, p) => {
    const start = performance.now();
    return p.finally(() => observe(stage, performance.now() - start));
  };
}

/** What a delivery job carries: the delivery id, and its organization and webhook unless an older version queued it. */
export interface DeliveryJobRef {
  deliveryId: string;
  organizationId?: string | undefined;
  webhookId?: string | undefined;
}

/** Each webhook's cap as this process last read it from its row: the guess of an early admission. */
const knownLimits = new Map<string, number>();
const MAX_KNOWN_LIMITS = 10_000;
registerCacheSize('webhook_limits', knownLimits, MAX_KNOWN_LIMITS);

function rememberLimit(webhookId: string, limit: number): void {
  if (knownLimits.get(webhookId) === limit) return;
  if (knownLimits.size >= MAX_KNOWN_LIMITS) knownLimits.delete(knownLimits.keys().next().value!);
  knownLimits.set(webhookId, limit);
}

/**
 * A webhook's cap on attempts in flight: its `maxConcurrency`, else WEBHOOK_ENDPOINT_CONCURRENCY,
 * held to MAX_ENDPOINT_CONCURRENCY (a cap registered above today's bound is held to it).
 */
const capOf = (ctx: Pick<Context, 'config'>, maxConcurrency: number | null): number =>
  Math.min(maxConcurrency ?? ctx.config.WEBHOOK_ENDPOINT_CONCURRENCY, MAX_ENDPOINT_CONCURRENCY);

/** The slot a job's webhook most likely has: its last known cap, else the default cap. */
function guessSlot(ctx: Pick<Context, 'config'>, webhookId: string, organizationId: string): GateSlot {
  return { webhookId, organizationId, limit: knownLimits.get(webhookId) ?? capOf(ctx, null) };
}

const sameSlot = (a: GateSlot, b: GateSlot): boolean =>
  a.webhookId === b.webhookId && a.organizationId === b.organizationId && a.limit === b.limit;

type Settled<T> = { value: T } | { error: unknown };

/** The promise's outcome as a value, so that it can be awaited later without an unhandled rejection meanwhile. */
const settled = <T>(p: Promise<T>): Promise<Settled<T>> =>
  p.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );

/**
 * Gives back an early admission that will not be used: its lease if it was admitted, its place if
 * it was parked. A failure is logged and swallowed (a lease expires by itself, a parked id is
 * dropped when promoted).
 */
async function releaseEarly(
  ctx: Pick<Context, 'logger'> & { gate: EndpointGate },
  slot: GateSlot,
  asked: Settled<Admission>,
  jobId: string,
): Promise<void> {
  if ('error' in asked) return;
  const a = asked.value;
  // Behind an open circuit the job was parked or made its prober: given back too.
  try {
    await ctx.gate.release(slot, a.admitted ? a.lease : null, jobId);
  } catch (err) {
    ctx.logger.warn(
      { err: { message: (err as Error).message }, webhookId: slot.webhookId },
      'endpoint gate release failed; the lease will expire',
    );
  }
}

/** Up to `maxMs` of random spread, so that deferred jobs of one endpoint do not all wake at once. */
const jitter = (maxMs: number): number => Math.floor(Math.random() * maxMs);

/**
 * A refused admission: a job behind an open circuit waits until its cool-down ends (spread over up
 * to 5 s), with `nextAttemptAt` showing when; a job behind a full cap or its organization's full
 * share waits at most WEBHOOK_CAP_WAIT_MAX_MS. Only the open circuit's prober wakes at the
 * cool-down's end; a job parked behind the prober or a probe in flight sleeps until its parked
 * horizon (spread over a tenth of the wait), since the probe's outcome promotes it (closed) or
 * names it the next prober, so a dead endpoint's backlog does not wake once per cool-down. A
 * finishing attempt promotes parked jobs sooner. No attempt is counted.
 */
async function defer(
  ctx: Pick<Context, 'config'> & { deliveries: DeliveryStore },
  deliveryId: string,
  admission: Extract<Admission, { admitted: false }>,
  event: string,
): Promise<ProcessOutcome> {
  if (admission.until) {
    const cooldownEnd = new Date(admission.until.getTime() + jitter(Math.min(5000, ctx.config.WEBHOOK_CIRCUIT_COOLDOWN_MS)));
    const parked = admission.parkedUntil;
    const at = parked ? new Date(parked.getTime() + jitter(Math.max(0, parked.getTime() - Date.now()) / 10)) : cooldownEnd;
    // Only an open circuit's time is certain enough to show as `nextAttemptAt` (the earliest an
    // attempt can go, also for a parked job promoted by the probe's success); a job behind a probe
    // may be promoted sooner. A parked job's horizon is written too, so that the sweeper and the
    // overdue gauges do not take it for a lost one once the cool-down's end has passed.
    const nextAttemptAt = admission.reason === 'circuit_open' ? cooldownEnd : null;
    if (nextAttemptAt || parked) await ctx.deliveries.defer(deliveryId, { nextAttemptAt, parkedUntil: parked ? at : null });
    return { kind: 'deferred', reason: admission.reason, at, event };
  }
  const waitMs = ctx.config.WEBHOOK_CAP_WAIT_MAX_MS;
  return { kind: 'deferred', reason: admission.reason, at: new Date(Date.now() + waitMs + jitter(waitMs / 5)), event };
}

/**
 * Ends an admitted attempt in the gate and logs a state change. A Redis failure here is logged and
 * swallowed: the attempt was made and must still be recorded; its lease expires by itself.
 */
async function settle(
  ctx: Pick<Context, 'logger'> & { gate: EndpointGate },
  slot: GateSlot,
  lease: string,
  ok: boolean,
): Promise<Report | null> {
  try {
    const report = await ctx.gate.report(slot, lease, ok);
    if (report.transition) logTransition(ctx.logger, slot.webhookId, null, report.transition, report);
    return report;
  } catch (err) {
    ctx.logger.warn(
      { err: { message: (err as Error).message }, webhookId: slot.webhookId },
      'endpoint gate report failed; the lease will expire',
    );
    return null;
  }
}

/** One log line per circuit transition, so that an operator sees an endpoint's circuit open and close. */
function logTransition(
  logger: Context['logger'],
  webhookId: string,
  from: 'open' | null,
  to: string,
  report: Pick<Report, 'consecutiveFailures' | 'openUntil'> | null,
): void {
  const fields = {
    webhookId,
    ...(from ? { from } : {}),
    to,
    ...(report ? { consecutiveFailures: report.consecutiveFailures, openUntil: report.openUntil?.toISOString() ?? null } : {}),
  };
  if (to === 'open') logger.warn(fields, 'webhook circuit opened');
  else logger.info(fields, `webhook circuit ${to === 'closed' ? 'closed' : 'half-open'}`);
}

/**
 * Auto-disable: no success for WEBHOOK_DISABLE_AFTER_MS while attempts kept failing.
 * The webhook becomes inactive with a `disabledReason`, its pending deliveries end `dead`, and
 * every API replica drops its cached webhook list.
 */
async function disableFailingWebhook(
  ctx: Pick<Context, 'config' | 'logger' | 'redis'> & { deliveries: DeliveryStore },
  webhookId: string,
  failingSince: Date,
): Promise<void> {
  const reason = `no successful delivery since ${failingSince.toISOString()}`;
  const organizationId = await ctx.deliveries.disableWebhook(webhookId, reason);
  if (!organizationId) return;
  ctx.logger.warn({ webhookId, organizationId, failingSince: failingSince.toISOString() }, 'webhook disabled after failing too long');
  await announceWebhookChange(ctx.redis, ctx.config.QUEUE_PREFIX, organizationId);
}

/**
 * Wait before attempt n+1, after n failed attempts: min(base * 2^(n-1), max), in ms.
 * With the production defaults: 1 minute, then 2, 4, 8 minutes..., capped at 1 hour.
 * @param failedAttempts n >= 1
 */
export function backoffDelayMs(failedAttempts: number, baseMs: number, maxMs: number): number {
  const exp = Math.max(0, failedAttempts - 1);
  // 2^exp overflows to Infinity for large exp; min() still caps it.
  return Math.min(baseMs * 2 ** exp, maxMs);
}
