import type { Response } from 'express';

/**
 * Calls `onEnd` exactly once when the response is finished (`aborted` false) or its connection
 * closed before that (`aborted` true, the client went away). Used by the request log and the
 * request metrics.
 */
export function onResponseEnd(res: Response, onEnd: (aborted: boolean) => void): void {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd(!res.writableFinished);
  };
  res.once('finish', end);
  res.once('close', end);
}
