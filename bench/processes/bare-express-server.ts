/**
 * Child-process entry of the baseline: a bare Express 5 app answering `GET /` with
 * `{ "ok": true }` and nothing else (no helmet, logger, rate limit or auth), started the same
 * way as the real API (`node --import tsx`, NODE_ENV=production). IPC: `{ type: 'ready', port }`.
 */
import express from 'express';

const app = express();
app.disable('x-powered-by');
app.get('/', (_req, res) => {
  res.json({ ok: true });
});
const server = app.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'ready', port: (server.address() as { port: number }).port });
});
server.keepAliveTimeout = 5000;
process.on('SIGTERM', () => server.close(() => process.exit(0)));
