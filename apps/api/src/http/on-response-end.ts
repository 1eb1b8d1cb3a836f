import type { Response } from 'express';

const CALLBACKS = Symbol('onResponseEnd');
type Tracked = Response & { [CALLBACKS]?: ((aborted: boolean) => void)[] };

/**
 * Calls `onEnd` exactly once when the response is finished (`aborted` false) or its connection
 * closed before that (`aborted` true, the client went away). Used by the request log and the
 * request metrics. However many callers a response has, it gets one `finish` and one `close`
 * listener (each listener pair costs every request an allocation or two); the callbacks run in
 * the order they were registered.
 */
export function onResponseEnd(res: Response, onEnd: (aborted: boolean) => void): void {
  const tracked = res as Tracked;
  const callbacks = tracked[CALLBACKS];
  if (callbacks) {
    callbacks.push(onEnd);
    return;
  }
  const list = [onEnd];
  tracked[CALLBACKS] = list;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    const aborted = !res.writableFinished;
    for (const callback of list) callback(aborted);
  };
  res.once('finish', end);
  res.once('close', end);
}
