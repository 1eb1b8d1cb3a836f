import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createSender, RESPONSE_BODY_LIMIT_BYTES } from '@gw/core/webhooks';

describe('createSender: what is kept of the receiver answer', () => {
  let server: Server;
  let base: string;
  const sender = createSender({ allowPrivate: true, userAgent: 'test' });

  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      if (req.url === '/nul') return res.end(Buffer.from('ok\u0000done', 'utf8'));
      res.end('x'.repeat(RESPONSE_BODY_LIMIT_BYTES * 3));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sender.close();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (path: string) => sender.send({ url: `${base}${path}`, body: '{}', headers: {}, timeoutMs: 2000 });

  it('replaces NUL characters, which PostgreSQL text cannot store (the attempt must stay recordable)', async () => {
    const result = await send('/nul');
    expect(result).toMatchObject({ ok: true, statusCode: 200, responseBody: 'ok\uFFFDdone' });
  });

  it('keeps at most the first 1 KiB', async () => {
    const result = await send('/long');
    expect(result.ok).toBe(true);
    expect(result.responseBody).toHaveLength(RESPONSE_BODY_LIMIT_BYTES);
  });
});
