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
 * IPC protocol (parent → child): `{ type: 'reset', delayMs }` clears the records and sets the
 * delay → `{ type: 'reset-done' }`; `{ type: 'count' }` → `{ type: 'count', unique, total }`;
 * `{ type: 'collect' }` → `{ type: 'collected', ids, times, total }` (first answer per id).
 * On start: `{ type: 'ready', port }`.
 */
import { createServer } from 'node:http';

let delayMs = 0;
let total = 0;
let answered = new Map<string, number>();

const now = () => performance.timeOrigin + performance.now();

const server = createServer((req, res) => {
  const id = req.headers['x-service-delivery'];
  req.resume();
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

process.on('message', (message: { type: string; delayMs?: number }) => {
  if (message.type === 'reset') {
    delayMs = message.delayMs ?? 0;
    total = 0;
    answered = new Map();
    process.send!({ type: 'reset-done' });
  } else if (message.type === 'count') {
    process.send!({ type: 'count', unique: answered.size, total });
  } else if (message.type === 'collect') {
    process.send!({ type: 'collected', ids: [...answered.keys()], times: [...answered.values()], total });
  }
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  process.send!({ type: 'ready', port: (server.address() as { port: number }).port });
});
