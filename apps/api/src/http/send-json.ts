import type { Response } from 'express';

/**
 * Answers `status` with `body` serialized as JSON: `Content-Type: <type>; charset=utf-8`
 * (default `application/json`), `Content-Length` in bytes, and the header block and the body in
 * one socket write. The bytes are those `res.json` would send (`JSON.stringify` with no replacer
 * and no spaces; the app sets neither `json replacer` nor `json spaces`). On a `HEAD` request Node
 * sends the header block only.
 *
 * Why not `res.json`: Express turns a body of 1,000 characters or more into a `Buffer`, and Node
 * then writes the header block and that buffer as two chunks (`writev`). Given a string, Node
 * prefixes it with the header block and writes once. On `GET /gateway/v1/webhooks` (three
 * webhooks, about 1.4 kB) the one write took 5–14 % less API CPU per request in three paired runs
 * (`pnpm bench:api-ab`, B ÷ A 0.860, 0.926, 0.948; 2026-11-25, bench/JOURNAL.md).
 * @param status an HTTP status that carries a body (not 204 or 304)
 */
export function sendJson(res: Response, status: number, body: unknown, type = 'application/json'): void {
  const text = JSON.stringify(body) ?? '';
  res.status(status);
  res.setHeader('Content-Type', `${type}; charset=utf-8`);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
