/**
 * An integrator's backend in one file, using only the published packages `@service-gateway/client` and
 * `@service-gateway/webhook-receiver`, plus `siwe` and `ethers`:
 *
 *  1. logs two wallets in with Sign-In with Ethereum (EIP-4361): one through `gw.login(signer)`,
 *     one by building the message with the `siwe` library itself;
 *  2. starts a webhook receiver (plain `node:http`) and registers it for the four payment events;
 *  3. takes payments to every outcome: settled, refunded, failed (short balance), expired;
 *  4. verifies every delivery's signature over the raw body, its signed delivery id (equal to
 *     `X-Service-Delivery`) and timestamp, and dedupes by that id (a delivery resent by hand is
 *     recognised and not processed twice; a captured one sent under another id is refused);
 *  5. rotates the webhook secret (re-registering the URL) and shows the old secret no longer verifies;
 *  6. lets a delivery die while the receiver is down, then retries the dead delivery by hand.
 *
 * Environment:
 *   GW_BASE_URL            the API base, ending in /api (e.g. https://gw.example.com/api)
 *   GW_API_KEY             an organization API key with all scopes (`gw admin org:create --scopes all`)
 *   GW_PAYER_PRIVATE_KEY   a wallet holding at least 20 GTK (20 * 10^18 base units)
 *   GW_SIWE_DOMAIN         the deployment's SIWE_DOMAIN (default `localhost`)
 *   RECEIVER_HOST          where the gateway can reach this process (default 127.0.0.1; the
 *                          deployment must allow private webhook URLs for that to work)
 *   GW_WAIT_MS             how long to wait for each delivery (default 60000). Step 6 waits until the
 *                          deployment's retries are exhausted: seconds only with a short
 *                          WEBHOOK_BACKOFF_BASE_MS / WEBHOOK_MAX_ATTEMPTS.
 * Prints one line per step and exits 0 when every step held, 1 otherwise.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { createGatewayClient } from '@service-gateway/client';
import { MemoryStore, verify, WebhookVerificationError } from '@service-gateway/webhook-receiver';
import { Wallet } from 'ethers';
import { SiweMessage } from 'siwe';

const env = (name, fallback) => {
  const value = process.env[name] ?? fallback;
  if (value === undefined) throw new Error(`${name} is required`);
  return value;
};
const baseUrl = env('GW_BASE_URL');
const apiKey = env('GW_API_KEY');
const payer = new Wallet(env('GW_PAYER_PRIVATE_KEY'));
const siweDomain = env('GW_SIWE_DOMAIN', 'localhost');
const receiverHost = env('RECEIVER_HOST', '127.0.0.1');
const waitMs = Number(env('GW_WAIT_MS', '60000'));
const GTK = 10n ** 18n; // 1 GTK in base units (18 decimals)

const say = (line) => process.stdout.write(`${line}\n`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
async function waitFor(what, check) {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

// --- the receiver: verify over the raw bytes (signature, signed delivery id and timestamp), then dedupe by the signed id
const store = new MemoryStore();
const receiver = {
  secrets: [], // the current secret first; during a rotation the previous one too
  down: false, // answers 503 to everything, as during an outage
  processed: [], // { deliveryId, eventType, paymentId, status }
  duplicates: [], // delivery ids answered 200 without processing again
  rejected: 0, // deliveries whose signature did not verify
  lastRaw: undefined, // { body, headers } of the last verified delivery
};
const server = createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  if (receiver.down) return res.writeHead(503).end();
  let delivery;
  try {
    delivery = verify(body, req.headers, receiver.secrets);
  } catch (err) {
    if (!(err instanceof WebhookVerificationError)) throw err;
    receiver.rejected += 1;
    return res.writeHead(err.status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: err.reason }));
  }
  const claim = await store.claim(delivery.deliveryId);
  if (claim !== 'claimed') {
    // 'done': processed before; 'in-progress': a concurrent copy is being processed right now.
    if (claim === 'done') receiver.duplicates.push(delivery.deliveryId);
    return res.writeHead(200, { 'content-type': 'application/json' }).end('{"duplicate":true}');
  }
  const payment = delivery.event.data.payment;
  receiver.processed.push({
    deliveryId: delivery.deliveryId,
    eventType: delivery.eventType,
    paymentId: payment.id,
    status: payment.status,
  });
  receiver.lastRaw = { body, headers: req.headers };
  await store.complete(delivery.deliveryId);
  res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
});
await new Promise((resolve) => server.listen(0, receiverHost, resolve));
const receiverUrl = `http://${receiverHost}:${server.address().port}/webhooks/gateway`;
const processedFor = (paymentId, eventType) => receiver.processed.find((p) => p.paymentId === paymentId && p.eventType === eventType);

async function main() {
  // 1. Log in. The API key binds both sessions to this organization.
  const gw = createGatewayClient({ baseUrl, apiKey });
  const session = await gw.login(payer, { domain: siweDomain, uri: `https://${siweDomain}/login` });
  say(`1. ${session.address} logged in with gw.login (EIP-4361), session until ${session.expiresAt}`);

  const shortOfFunds = Wallet.createRandom();
  const { nonce } = await gw.unwrap(gw.GET('/gateway/v1/sso/nonce'));
  const message = new SiweMessage({
    domain: siweDomain,
    address: shortOfFunds.address,
    statement: 'Sign in to the gateway',
    uri: `https://${siweDomain}/login`,
    version: '1',
    chainId: 1,
    nonce,
    issuedAt: new Date().toISOString(),
  }).prepareMessage();
  const second = await gw.unwrap(
    gw.POST('/gateway/v1/sso/login', { body: { message, signature: await shortOfFunds.signMessage(message) } }),
  );
  const gwShort = createGatewayClient({ baseUrl, apiKey, token: second.token });
  say(`   ${second.address} logged in with a message built by the siwe library`);

  // 2. Register the webhook. The secret is shown once: keep it.
  const hook = await gw.unwrap(
    gw.POST('/gateway/v1/webhooks/register', {
      body: { url: receiverUrl, events: ['payment.settled', 'payment.failed', 'payment.expired', 'payment.refunded'] },
    }),
  );
  receiver.secrets = [hook.secret];
  say(`2. webhook ${hook.id} registered for ${hook.events.join(', ')}`);

  // 3. Payments to every outcome. Amounts are strings of base units.
  const settled = await gw.unwrap(gw.POST('/gateway/v1/payments', { body: { amount: (5n * GTK).toString(), description: 'Order #1001' } }));
  await gw.unwrap(gw.POST('/gateway/v1/payments/{id}/confirm', { params: { path: { id: settled.id } } }));
  const refunded = await gw.unwrap(gw.POST('/gateway/v1/payments/{id}/refund', { params: { path: { id: settled.id } } }));
  const short = await gwShort.unwrap(
    gwShort.POST('/gateway/v1/payments', { body: { amount: GTK.toString(), description: 'Order #1002' } }),
  );
  const failed = await gwShort.unwrap(gwShort.POST('/gateway/v1/payments/{id}/confirm', { params: { path: { id: short.id } } }));
  const expiring = await gw.unwrap(
    gw.POST('/gateway/v1/payments', { body: { amount: GTK.toString(), description: 'Order #1003', expiresInSeconds: 2 } }),
  );
  say(
    `3. payment ${settled.id} settled then ${refunded.status}; ${short.id} ${failed.status} (${failed.failureReason}); ${expiring.id} left to expire`,
  );

  // 4. Every event arrives, verified; a delivery resent by hand is recognised as a duplicate.
  const expected = [
    [settled.id, 'payment.settled'],
    [settled.id, 'payment.refunded'],
    [short.id, 'payment.failed'],
    [expiring.id, 'payment.expired'],
  ];
  for (const [paymentId, eventType] of expected) {
    const p = await waitFor(`${eventType} of ${paymentId}`, () => processedFor(paymentId, eventType));
    say(`4. verified ${eventType.padEnd(16)} delivery ${p.deliveryId} (payment ${paymentId} ${p.status})`);
  }
  const resend = receiver.processed[0].deliveryId;
  await gw.unwrap(gw.POST('/gateway/v1/webhooks/deliveries/{id}/retry', { params: { path: { id: resend } } }));
  await waitFor(`the resent ${resend}`, () => receiver.duplicates.includes(resend));
  say(`   delivery ${resend} resent by hand: recognised as a duplicate, not processed again`);
  // The delivery id is signed inside the body: the same body and signature sent under another
  // X-Service-Delivery (a captured request replayed as a "new" delivery) is refused.
  const captured = receiver.lastRaw;
  const replay = await fetch(receiverUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-service-signature': captured.headers['x-service-signature'],
      'x-service-event': captured.headers['x-service-event'],
      'x-service-delivery': randomUUID(),
    },
    body: captured.body,
  });
  const { error } = await replay.json();
  if (replay.status !== 400 || error !== 'delivery-mismatch') throw new Error(`a replayed delivery was answered ${replay.status}`);
  say(`   the same body and signature under another X-Service-Delivery: refused (${replay.status} ${error})`);

  // 5. Rotate the secret: registering the same URL again issues a new one; the old one stops at once.
  const oldSecret = hook.secret;
  const rotated = await gw.unwrap(gw.POST('/gateway/v1/webhooks/register', { body: { url: receiverUrl, events: hook.events } }));
  receiver.secrets = [rotated.secret, oldSecret]; // accept both while the change rolls out
  const afterRotation = await gw.unwrap(gw.POST('/gateway/v1/payments', { body: { amount: GTK.toString(), description: 'Order #1004' } }));
  await gw.unwrap(gw.POST('/gateway/v1/payments/{id}/confirm', { params: { path: { id: afterRotation.id } } }));
  await waitFor('a delivery signed with the new secret', () => processedFor(afterRotation.id, 'payment.settled'));
  const { body, headers } = receiver.lastRaw;
  verify(body, headers, rotated.secret);
  let oldStillWorks = true;
  try {
    verify(body, headers, oldSecret);
  } catch (err) {
    oldStillWorks = !(err instanceof WebhookVerificationError && err.reason === 'bad-signature');
  }
  if (oldStillWorks) throw new Error('a delivery after the rotation still verified with the old secret');
  receiver.secrets = [rotated.secret];
  say(`5. secret rotated: deliveries verify with the new secret, not with the old one`);

  // 6. The receiver goes down; the delivery is retried with back-off until it is dead; retry it by hand.
  receiver.down = true;
  const duringOutage = await gw.unwrap(gw.POST('/gateway/v1/payments', { body: { amount: GTK.toString(), description: 'Order #1005' } }));
  await gw.unwrap(gw.POST('/gateway/v1/payments/{id}/confirm', { params: { path: { id: duringOutage.id } } }));
  const dead = await waitFor('a dead delivery', async () => {
    for await (const d of gw.paginate('/gateway/v1/webhooks/deliveries', { params: { query: { status: 'dead' } } })) return d;
    return undefined;
  });
  say(`6. delivery ${dead.id} is dead after ${dead.attempts} attempts (last status ${dead.lastStatusCode})`);
  receiver.down = false;
  await gw.unwrap(gw.POST('/gateway/v1/webhooks/deliveries/{id}/retry', { params: { path: { id: dead.id } } }));
  await waitFor(`the retried ${dead.id}`, () => processedFor(duringOutage.id, 'payment.settled'));
  say(`   retried by hand: delivered and verified`);

  say(
    `done: ${receiver.processed.length} deliveries processed, ${receiver.duplicates.length} duplicate(s) skipped, ${receiver.rejected} rejected`,
  );
}

let code = 0;
try {
  await main();
} catch (err) {
  say(`FAILED: ${err instanceof Error ? err.message : String(err)}`);
  if (err?.problem) say(JSON.stringify(err.problem));
  code = 1;
} finally {
  server.close();
}
process.exit(code);
