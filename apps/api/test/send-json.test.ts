import { describe, expect, it } from '@jest/globals';
import express, { type Response } from 'express';
import request from 'supertest';
import { sendJson } from '../src/http/send-json.js';

/** A body past Express's 1,000-character line, where `res.json` switches to a Buffer. */
const BIG = { data: Array.from({ length: 40 }, (_, i) => ({ id: i, url: `https://merchant.example/hooks/${i}`, note: 'é ✓ 💸' })) };
const SMALL = { ok: true, note: 'é' };

/** A superagent parser that keeps the body as the exact bytes received. */
const rawBody: Parameters<request.Test['parse']>[0] = (res, done) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** Counts the socket writes a response makes: `_write` (one chunk) and `_writev` (several). */
function countWrites(res: Response): { write: number; writev: number } {
  const socket = res.socket as unknown as { _write: (...a: unknown[]) => unknown; _writev: (...a: unknown[]) => unknown };
  const counts = { write: 0, writev: 0 };
  const write = socket._write.bind(socket);
  const writev = socket._writev.bind(socket);
  socket._write = (...a) => (counts.write++, write(...a));
  socket._writev = (...a) => (counts.writev++, writev(...a));
  return counts;
}

describe('sendJson (one socket write per JSON answer)', () => {
  const seen: Record<string, { write: number; writev: number }> = {};
  const app = express();
  app.disable('x-powered-by');
  app.get('/json/:size', (req, res) => {
    seen[`json ${req.params.size}`] = countWrites(res);
    res.json(req.params.size === 'big' ? BIG : SMALL);
  });
  app.get('/send/:size', (req, res) => {
    seen[`send ${req.params.size}`] = countWrites(res);
    sendJson(res, 200, req.params.size === 'big' ? BIG : SMALL);
  });
  app.head('/send/big', (_req, res) => sendJson(res, 200, BIG));
  app.get('/problem', (_req, res) => sendJson(res, 404, { title: 'Not found' }, 'application/problem+json'));

  it.each(['big', 'small'])('sends the same bytes and headers as res.json (%s body)', async (size) => {
    const viaExpress = await request(app).get(`/json/${size}`).buffer(true).parse(rawBody).expect(200);
    const ours = await request(app).get(`/send/${size}`).buffer(true).parse(rawBody).expect(200);
    expect((ours.body as Buffer).equals(viaExpress.body as Buffer)).toBe(true);
    expect(JSON.parse((ours.body as Buffer).toString('utf8'))).toEqual(size === 'big' ? BIG : SMALL);
    for (const h of ['content-type', 'content-length']) expect(ours.headers[h]).toBe(viaExpress.headers[h]);
    expect(ours.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('writes the header block and a big body in one chunk, where res.json writes two (writev)', async () => {
    await request(app).get('/json/big').expect(200);
    await request(app).get('/send/big').expect(200);
    // The regression this guards against: Express's Buffer body goes out as header + body.
    expect(seen['json big']).toEqual({ write: 0, writev: 1 });
    expect(seen['send big']).toEqual({ write: 1, writev: 0 });
  });

  it('answers HEAD with the headers only, and takes the status and media type given', async () => {
    const head = await request(app).head('/send/big').expect(200);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(BIG))));
    expect(head.text ?? '').toBe('');
    const problem = await request(app).get('/problem').expect(404);
    expect(problem.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(problem.body).toEqual({ title: 'Not found' });
  });
});
