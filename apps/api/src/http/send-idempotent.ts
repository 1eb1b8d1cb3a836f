import type { Response } from 'express';

/**
 * Answers a write that went through `withIdempotency`: its status and body, plus
 * `Idempotent-Replayed: true` when the answer is the stored first response of an Idempotency-Key.
 */
export function sendIdempotent(res: Response, result: { statusCode: number; body: unknown; replayed: boolean }): void {
  if (result.replayed) res.setHeader('Idempotent-Replayed', 'true');
  res.status(result.statusCode).json(result.body);
}
