import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { isPublicAddress, type Resolver } from '@gw/runtime';
import { eventually, startStack, type Stack } from '../support/stack.js';
import { TestReceiver } from '../support/receiver.js';

/**
 * SSRF, with WEBHOOK_ALLOW_PRIVATE_URLS=false and an injected resolver:
 * private destinations are refused at registration, a name that turns private after registration
 * (DNS rebinding) is refused at connect time, and redirects are never followed.
 */
describe('SSRF', () => {
  let stack: Stack;
  let apiKey: string;
  let receiver: TestReceiver;
  // rebind.example resolves to a public address first, then to loopback (where the receiver is).
  let rebindCalls = 0;
  const resolver: Resolver = async (host) => {
    const table: Record<string, string[]> = {
      'public.example': ['93.184.216.34'],
      'ten.example': ['10.1.2.3'],
      'mixed.example': ['93.184.216.34', '192.168.0.1'],
      'metadata.example': ['169.254.169.254'],
      'v6local.example': ['fd00::1'],
    };
    if (host === 'rebind.example') return [{ address: rebindCalls++ === 0 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
    const list = table[host];
    if (!list) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

  beforeAll(async () => {
    stack = await startStack('ssrf-attacks', {
      chain: true,
      resolver,
      env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'false', WEBHOOK_MAX_ATTEMPTS: '1', WEBHOOK_TIMEOUT_MS: '2000' },
    });
    apiKey = (await stack.org()).apiKey;
    receiver = await new TestReceiver().start();
  });
  afterAll(async () => {
    await receiver.stop();
    await stack.stop();
  });

  const register = (url: string) => stack.http.post('/api/gateway/v1/webhooks/register').set('X-API-Key', apiKey).send({ url });

  it.each([
    'http://127.0.0.1/',
    'http://127.1.2.3:8080/x',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://172.31.255.255/',
    'http://192.168.1.1/',
    'http://100.64.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[fc00::1]/',
    'http://[fd12:3456::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'https://ten.example/',
    'https://mixed.example/',
    'https://metadata.example/',
    'https://v6local.example/',
    'https://does-not-resolve.example/',
  ])('refuses %s at registration', async (url) => {
    const res = await register(url);
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('/problems/validation-error');
  });

  it('the address policy itself', () => {
    for (const ip of ['8.8.8.8', '93.184.216.34', '2606:4700::1111']) expect(isPublicAddress(ip)).toBe(true);
    for (const ip of [
      '127.0.0.1',
      '10.9.9.9',
      '172.20.0.1',
      '192.168.9.9',
      '100.100.0.1',
      '169.254.169.254',
      '0.0.0.0',
      '::',
      '::1',
      'fc00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(ip)).toBe(false);
    }
  });

  it('DNS rebinding: public at registration, loopback at delivery → refused at connect time', async () => {
    const port = new URL(receiver.url).port;
    const reg = await register(`http://rebind.example:${port}/hook`);
    expect(reg.status).toBe(201);
    const org = stack.api.deps.prisma;
    const payer = await stack.login();
    await stack.mint(payer.address, 10n);
    const h = { 'X-API-Key': apiKey, Authorization: `Bearer ${payer.token}` };
    const p = await stack.http.post('/api/gateway/v1/payments').set(h).send({ amount: '1' });
    await stack.http.post(`/api/gateway/v1/payments/${p.body.id}/confirm`).set(h).expect(200);
    const dead = await eventually(async () => {
      const d = await org.delivery.findFirst({ where: { webhookId: reg.body.id } });
      return d?.status === 'dead' ? d : undefined;
    });
    expect(dead.lastError).toMatch(/ESSRF/);
    expect(receiver.requests).toHaveLength(0);
  });
});
