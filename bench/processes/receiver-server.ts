/**
 * Child-process entry of the local webhook receiver (started by `receiver.ts`).
 *
 * Answers every POST with 200 (an empty body) once the request body has been read, after
 * `delayMs` (0 = at once; set over IPC). For each request it records, keyed by the
 * `X-Service-Delivery` header, the wall-clock time at which it sent the 2xx, in ms since the
 * epoch with sub-millisecond precision (`performance.timeOrigin + performance.now()`), which is
 * comparable with timestamps taken in the other processes of the machine. Signatures are not
 * verified: the receiver must cost as little as possible.
 *
 * Hanging endpoint (the fairness section): a request whose path starts with `hangPrefix` (set
 * over IPC; none by default) is read and never answered: the connection stays open until the
 * client gives up (the worker's WEBHOOK_TIMEOUT_MS). Slow endpoint (the same section):
 * a request whose path starts with `slowPrefix` is answered 200 only after `slowMs`. Both kinds
 * are counted per delivery id on arrival (`hung`), and are not part of `unique`/`total`. Failing
 * endpoint (the soak): a request whose path starts with `failPrefix` is answered 500 at once,
 * counted in `failed` (requests) and not part of `unique`/`total` either.
 *
 * IPC protocol (parent → child): `{ type: 'reset', delayMs, hangPrefix?, slowPrefix?, slowMs?, failPrefix? }`
 * clears the records (and drops any held connection) and sets the delay and the prefixes →
 * `{ type: 'reset-done' }`; `{ type: 'count' }` → `{ type: 'count', unique, total }`;
 * `{ type: 'collect' }` → `{ type: 'collected', ids, times, total, hungIds, hungCounts }` (first
 * answer per id; requests per id of the hanging prefix); `{ type: 'memory' }` → `{ type: 'memory', rssBytes,
 * heapUsedBytes, failed }` (this process's `process.memoryUsage()`, for the soak's samples). On start:
 * `{ type: 'ready', port }`.
 */
import { createServer, type ServerResponse } from 'node:http';

let delayMs = 0;
let total = 0;
let answered = new Map<string, number>();
let hangPrefix: string | undefined;
let slowPrefix: string | undefined;
let slowMs = 0;
let failPrefix: string | undefined;
let failed = 0;
let hung = new Map<string, number>();
/** Requests of the hanging or slow prefix still held open. */
const holding = new Set<ServerResponse>();

const now = () => performance.timeOrigin + performance.now();

const server = createServer((req, res) => {
  const id = req.headers['x-service-delivery'];
  req.resume();
  if (failPrefix !== undefined && req.url?.startsWith(failPrefix)) {
    failed += 1;
    req.on('end', () => res.writeHead(500, { 'content-length': '0' }).end());
    return;
  }
  const hang = hangPrefix !== undefined && req.url?.startsWith(hangPrefix);
  const slow = slowPrefix !== undefined && req.url?.startsWith(slowPrefix);
  if (hang || slow) {
    const key = typeof id === 'string' ? id : '';
    hung.set(key, (hung.get(key) ?? 0) + 1);
    holding.add(res);
    res.on('close', () => holding.delete(res));
    if (slow) {
      const timer = setTimeout(() => res.writeHead(200, { 'content-length': '0' }).end(), slowMs);
      res.on('close', () => clearTimeout(timer));
    }
    return;
  }
  req.on('end', () => {
    const answer = () => {
      res.writeHead(200, { 'content-length': '0' });
      res.end();
      total += 1;
      if (typeof id === 'string' && !answered.has(id)) answered.set(id, now());
    };
    if (delayMs > 0) setTimeout(answer, delayMs);
    else answer();
  });
});
server.keepAliveTimeout = 60_000;
server.headersTimeout = 65_000;
server.maxRequestsPerSocket = 0;

process.on(
  'message',
  (message: { type: string; delayMs?: number; hangPrefix?: string; slowPrefix?: string; slowMs?: number; failPrefix?: string }) => {
    if (message.type === 'reset') {
      delayMs = message.delayMs ?? 0;
      hangPrefix = message.hangPrefix;
      slowPrefix = message.slowPrefix;
      slowMs = message.slowMs ?? 0;
      failPrefix = message.failPrefix;
      failed = 0;
      total = 0;
      answered = new Map();
      hung = new Map();
      for (const res of holding) res.destroy();
      holding.clear();
      process.send!({ type: 'reset-done' });
    } else if (message.type === 'count') {
      process.send!({ type: 'count', unique: answered.size, total });
    } else if (message.type === 'memory') {
      const m = process.memoryUsage();
      process.send!({ type: 'memory', rssBytes: m.rss, heapUsedBytes: m.heapUsed, failed });
    } else if (message.type === 'collect') {
      process.send!({
        type: 'collected',
        ids: [...answered.keys()],
        times: [...answered.values()],
        total,
        hungIds: [...hung.keys()],
        hungCounts: [...hung.values()],
      });
    }
  },
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  process.send!({ type: 'ready', port: (server.address() as { port: number }).port });
});
