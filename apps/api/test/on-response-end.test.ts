import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import express from 'express';
import { onResponseEnd } from '../src/http/on-response-end.js';

/**
 * The request log and the request metrics both wait for the end of a response through
 * `onResponseEnd`: each callback runs exactly once, in order, with `aborted` telling a finished
 * answer from a client that went away, while the response carries one listener pair only.
 */
describe('onResponseEnd', () => {
  async function serve(handler: express.RequestHandler) {
    const app = express().get('/', handler);
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
  }

  it('runs every callback once, in order, on a finished answer, with one listener pair', async () => {
    const calls: string[] = [];
    let listeners: number[] = [];
    const { server, url } = await serve((_req, res) => {
      const before = [res.listenerCount('finish'), res.listenerCount('close')];
      onResponseEnd(res, (aborted) => calls.push(`a:${aborted}`));
      onResponseEnd(res, (aborted) => calls.push(`b:${aborted}`));
      listeners = [res.listenerCount('finish') - before[0]!, res.listenerCount('close') - before[1]!];
      res.json({ ok: true });
    });
    try {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      await new Promise((r) => setTimeout(r, 50)); // 'close' follows 'finish'
      expect(calls).toEqual(['a:false', 'b:false']);
      expect(listeners).toEqual([1, 1]); // one pair for both callbacks
    } finally {
      server.close();
    }
  });

  it('tells every callback the client went away when the connection closes before the answer', async () => {
    const calls: string[] = [];
    let ended!: () => void;
    const done = new Promise<void>((r) => (ended = r));
    const { server, url } = await serve((_req, res) => {
      onResponseEnd(res, (aborted) => calls.push(`a:${aborted}`));
      onResponseEnd(res, (aborted) => {
        calls.push(`b:${aborted}`);
        ended();
      });
      // never answers
    });
    try {
      const req = httpRequest(url);
      req.on('error', () => undefined);
      req.end();
      await new Promise((r) => setTimeout(r, 100));
      req.destroy();
      await done;
      expect(calls).toEqual(['a:true', 'b:true']);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
