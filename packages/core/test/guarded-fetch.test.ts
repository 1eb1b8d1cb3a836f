/**
 * The authorization server's outbound fetch (Client ID Metadata Documents): the address it
 * connects to is the address checked at connect time, so a host that resolved to a public address
 * when `allowFetch` checked it and to loopback afterwards (DNS rebinding) is never reached.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createGuardedFetch } from '@gw/core/connectors';
import type { Resolver } from '@gw/runtime';

describe('createGuardedFetch', () => {
  let server: Server;
  let port: number;
  const connections: Socket[] = [];

  beforeAll(async () => {
    // Loopback, where a rebinding host would send the gateway: every connection is counted.
    server = createServer((socket) => {
      connections.push(socket);
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a host answering a public address to the check and loopback afterwards is refused at connect time, loopback never reached', async () => {
    const answers = [[{ address: '93.184.215.14', family: 4 }], [{ address: '127.0.0.1', family: 4 }]];
    const asked: string[] = [];
    const resolver: Resolver = async (host) => {
      asked.push(host);
      return answers[Math.min(asked.length - 1, answers.length - 1)]!;
    };
    // allowFetch's check (the first answer: public).
    expect((await resolver('rebind.test'))[0]!.address).toBe('93.184.215.14');
    const fetch = createGuardedFetch(resolver);
    await expect(fetch(`https://rebind.test:${port}/client.json`, { signal: AbortSignal.timeout(2500) })).rejects.toMatchObject({
      code: 'ESSRF',
    });
    expect(asked).toEqual(['rebind.test', 'rebind.test']); // resolved again where it connects, and checked there
    expect(connections).toHaveLength(0);
  });

  it('refuses loopback and private IP literals and plain http before connecting', async () => {
    const fetch = createGuardedFetch(async () => [{ address: '93.184.215.14', family: 4 }]);
    await expect(fetch(`https://127.0.0.1:${port}/client.json`)).rejects.toMatchObject({ code: 'ESSRF' });
    await expect(fetch(`https://[::ffff:127.0.0.1]:${port}/client.json`)).rejects.toMatchObject({ code: 'ESSRF' });
    await expect(fetch(`https://10.1.2.3:${port}/client.json`)).rejects.toMatchObject({ code: 'ESSRF' });
    await expect(fetch(`http://example.com:${port}/client.json`)).rejects.toMatchObject({ code: 'ESSRF' });
    expect(connections).toHaveLength(0);
  });
});
