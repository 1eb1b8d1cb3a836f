import type { createBullBoard } from '@bull-board/api';
import type { Logger } from '@gw/runtime';

/** Bull Board's `options.handlerHooks` (`BoardHooks` of @bull-board/api, not exported by its entry point). */
type BoardHooks = NonNullable<NonNullable<Parameters<typeof createBullBoard>[0]['options']>['handlerHooks']>;

/**
 * What Bull Board can change, as actions an operator enables one by one with
 * OPS_BULL_BOARD_ACTIONS (the board is read-only unless actions are listed). Each
 * action names the mutating routes of Bull Board's API it opens, as `<method> <route template>`
 * exactly as @bull-board/api 9.10.1 declares them (`appRoutes.api`, relative to the board's base
 * path). A mutating route that no action names (a later Bull Board version's new one) is refused
 * whatever is listed; apps/ops/test/board-actions.test.ts fails when such a route appears.
 *
 * Why each is risky (docs/operating.md, "Ops console"): `add` and `edit` put operator-written
 * data into queues the worker trusts (a delivery job names the delivery to attempt); `clean`,
 * `empty` and `obliterate` delete jobs (the outbox sweeper re-enqueues pending deliveries from
 * PostgreSQL, but expiry scans and relays wait for their next schedule); `pause` stops a queue
 * for every worker; `schedulers` can stop the payment-expiry scan and the retention job until the
 * sweeper puts their schedules back (SWEEP_INTERVAL_MS); `limits` changes throughput for every
 * worker.
 */
export const BOARD_ACTIONS = {
  retry: {
    what: 'retry a failed job, or every failed (or completed) job of a queue',
    routes: ['put /api/queues/:queueName/:jobId/retry', 'put /api/queues/:queueName/retry/:queueStatus'],
  },
  promote: {
    what: 'run a delayed job now, or every delayed job of a queue',
    routes: ['put /api/queues/:queueName/:jobId/promote', 'put /api/queues/:queueName/promote'],
  },
  clean: {
    what: 'remove a job, or every job of a queue in one status',
    routes: ['put /api/queues/:queueName/:jobId/clean', 'put /api/queues/:queueName/clean/:queueStatus'],
  },
  pause: {
    what: 'pause or resume a queue, or every queue',
    routes: ['put /api/queues/pause', 'put /api/queues/resume', 'put /api/queues/:queueName/pause', 'put /api/queues/:queueName/resume'],
  },
  add: {
    what: 'add a job with any name and data to a queue',
    routes: ['post /api/queues/:queueName/add'],
  },
  edit: {
    what: "replace a job's data, change its delay or its priority",
    routes: [
      'patch /api/queues/:queueName/:jobId/update-data',
      'patch /api/queues/:queueName/:jobId/delay',
      'patch /api/queues/:queueName/:jobId/priority',
    ],
  },
  empty: {
    what: 'remove every waiting and delayed job of a queue',
    routes: ['put /api/queues/:queueName/empty'],
  },
  obliterate: {
    what: 'delete a queue with all its jobs and data',
    routes: ['put /api/queues/:queueName/obliterate'],
  },
  schedulers: {
    what: 'remove, reschedule or run now a job scheduler (payment-expiry scan, retention)',
    routes: [
      'put /api/queues/:queueName/job-schedulers/:schedulerId/remove',
      'patch /api/queues/:queueName/job-schedulers/:schedulerId',
      'put /api/queues/:queueName/job-schedulers/:schedulerId/run',
    ],
  },
  limits: {
    what: "set a queue's global concurrency or rate limit, or release an active rate limit",
    routes: [
      'put /api/queues/:queueName/concurrency',
      'put /api/queues/:queueName/rate-limit',
      'put /api/queues/:queueName/rate-limit/release',
    ],
  },
  children: {
    what: 'remove the unprocessed children of a job',
    routes: ['put /api/queues/:queueName/:jobId/remove-unprocessed-children'],
  },
} as const satisfies Record<string, { what: string; routes: readonly string[] }>;

/** An action name of {@link BOARD_ACTIONS}, as OPS_BULL_BOARD_ACTIONS lists them. */
export type BoardAction = keyof typeof BOARD_ACTIONS;

/** Every action name, in catalogue order. */
export const BOARD_ACTION_NAMES = Object.keys(BOARD_ACTIONS) as BoardAction[];

const actionByRoute = new Map<string, BoardAction>(
  BOARD_ACTION_NAMES.flatMap((name) => BOARD_ACTIONS[name].routes.map((route) => [route, name] as const)),
);

/**
 * Which action a Bull Board API route belongs to.
 * @param method the route's HTTP method as Bull Board declares it (`get`, `put`, `post`, `patch`...)
 * @param route the route template (`/api/queues/:queueName/add`), not the request path
 * @returns `null` for a read-only (GET) route, the action's name, or `unknown` for a mutating
 *   route that no action names (always refused)
 */
export function boardActionOf(method: string, route: string): BoardAction | 'unknown' | null {
  const m = method.toLowerCase();
  if (m === 'get' || m === 'head') return null;
  return actionByRoute.get(`${m} ${route}`) ?? 'unknown';
}

/**
 * Bull Board's `handlerHooks` that enforce OPS_BULL_BOARD_ACTIONS on the server: before Bull
 * Board runs a mutating route, a route whose action is not in `allowed` (or belongs to no action)
 * is answered 403 and changes nothing. Allowed actions are logged at `info` (action, route,
 * queue), refused ones at `warn`: the audit trail of what operators changed.
 */
export function boardActionGuard(allowed: readonly BoardAction[], logger?: Logger): BoardHooks {
  const enabled = new Set<string>(allowed);
  return {
    before: ({ method, route, request }) => {
      const action = boardActionOf(method, route);
      if (action === null) return;
      const queue = (request.params as Record<string, string> | undefined)?.queueName;
      if (enabled.has(action)) {
        logger?.info({ action, method, route, queue }, 'ops: Bull Board action');
        return;
      }
      logger?.warn({ action, method, route, queue }, 'ops: Bull Board action refused (not in OPS_BULL_BOARD_ACTIONS)');
      return {
        allow: false,
        status: 403,
        message:
          action === 'unknown'
            ? 'This Bull Board action is not known to the gateway and is disabled'
            : `Bull Board action "${action}" is disabled: list it in OPS_BULL_BOARD_ACTIONS to enable it`,
      };
    },
  };
}
