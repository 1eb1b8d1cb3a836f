/** URLs cut to scheme and host in error texts, logged errors and failed jobs (a provider's RPC key rides in its URL). */
import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { createLogger, redactErrorUrls, redactUrls, withRedactedFailures } from '@gw/runtime';

describe('redactUrls', () => {
  it('keeps the scheme and host of each URL and drops userinfo, path, query and fragment', () => {
    expect(redactUrls('URL: https://eth.example/v2/KEY123\nDetails: x')).toBe('URL: https://eth.example/[redacted]\nDetails: x');
    expect(redactUrls('at http://127.0.0.1:8545/?apikey=Q1 and wss://u:p@node.example:443/ws#f')).toBe(
      'at http://127.0.0.1:8545/[redacted] and wss://node.example:443/[redacted]',
    );
    expect(redactUrls('"https://a.example/KEY" <https://b.example/KEY2>')).toBe(
      '"https://a.example/[redacted]" <https://b.example/[redacted]>',
    );
    expect(redactUrls('http://127.0.0.1:8545 and http://node.example/')).toBe('http://127.0.0.1:8545 and http://node.example/');
    expect(redactUrls('no url: eip155:31337 0xabc')).toBe('no url: eip155:31337 0xabc');
  });

  it('rewrites an error in place, keeping its class', async () => {
    class Special extends Error {}
    const err = redactErrorUrls(
      Object.assign(new Special('failed at https://x.example/v3/SECRET'), { url: 'https://x.example/v3/SECRET' }),
    );
    expect(err).toBeInstanceOf(Special);
    expect(`${err.message} ${err.stack} ${err.url}`).not.toContain('SECRET');
    const failing = withRedactedFailures(async () => {
      throw new Special('GET https://x.example/v3/SECRET');
    });
    await expect(failing()).rejects.toThrow(new Special('GET https://x.example/[redacted]'));
  });

  it("the logger's err serializer scrubs the message, the stack, the causes and their properties", () => {
    let out = '';
    const logger = createLogger(
      'info',
      {},
      new Writable({ write: (c: Buffer, _e, done) => void ((out += c.toString()), done()) }) as never,
    );
    const cause = Object.assign(new Error('HTTP request failed. URL: https://eth.example/v2/SECRET'), {
      url: 'https://eth.example/v2/SECRET',
    });
    logger.warn({ err: new Error('outer', { cause }) }, 'failed');
    expect(out).toContain('https://eth.example/[redacted]');
    expect(out).not.toContain('SECRET');
  });
});
