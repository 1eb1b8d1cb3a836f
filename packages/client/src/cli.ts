#!/usr/bin/env node
/**
 * `gw`: the command line of `@service-gateway/client`. One command today:
 *
 *   gw listen --forward-to http://localhost:8080/webhooks [--events payment.settled,payment.failed]
 *             [--base-url $GW_URL] [--api-key $GW_API_KEY] [--secret whsec_…] [--interval-ms 1000]
 *
 * forwards the organization's events to a local URL, signed like real deliveries with a secret it
 * prints (see `listen.ts`). In this repository: `pnpm gw listen …`. Exit codes: 0 after Ctrl-C or
 * SIGTERM, 2 for a usage error, 1 when the API refuses the key or cannot be reached at start.
 */
import { parseArgs } from 'node:util';
import { listen, type ForwardRecord } from './listen.js';
import { ProblemError } from './errors.js';

const USAGE = `usage: gw listen --forward-to <url> [--events <type,type>] [--base-url <url>] [--api-key <key>] [--secret <whsec_…>] [--interval-ms <ms>]

  --forward-to   where to POST each event (e.g. http://localhost:8080/webhooks)
  --base-url     the API's base address, ending in /api (default: $GW_URL)
  --api-key      the organization's API key with webhooks:read (default: $GW_API_KEY)
  --events       only these event types, comma-separated (default: all)
  --secret       sign with this secret (default: a new one, printed at start)
  --interval-ms  how often to ask for new events (default 1000)`;

function usage(message: string): never {
  process.stderr.write(`gw: ${message}\n\n${USAGE}\n`);
  process.exit(2);
}

const line = (r: ForwardRecord): string => {
  const what = `${r.event.type}${r.event.test ? ' (test)' : ''}  event ${r.event.id}  ${r.event.object} ${r.event.objectId}`;
  const answer = r.status === null ? `failed: ${r.error}` : `${r.status} (${r.durationMs} ms)`;
  return `${new Date().toISOString()}  ${what}  → ${answer}`;
};

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command !== 'listen') usage(command ? `unknown command ${command}` : 'a command is required');
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      options: {
        'forward-to': { type: 'string' },
        'base-url': { type: 'string' },
        'api-key': { type: 'string' },
        events: { type: 'string' },
        secret: { type: 'string' },
        'interval-ms': { type: 'string' },
      },
      strict: true,
    }));
  } catch (err) {
    usage((err as Error).message);
  }
  const baseUrl = values['base-url'] ?? process.env.GW_URL;
  const apiKey = values['api-key'] ?? process.env.GW_API_KEY;
  const forwardTo = values['forward-to'];
  if (!forwardTo) usage('--forward-to is required');
  if (!baseUrl) usage('--base-url (or GW_URL) is required');
  if (!apiKey) usage('--api-key (or GW_API_KEY) is required');
  const intervalMs = values['interval-ms'] === undefined ? undefined : Number(values['interval-ms']);
  if (intervalMs !== undefined && !(Number.isInteger(intervalMs) && intervalMs >= 100)) usage('--interval-ms must be an integer ≥ 100');
  const events = values.events?.split(',').map((e) => e.trim()) as Parameters<typeof listen>[0]['events'];

  let listener;
  try {
    listener = listen({
      baseUrl,
      apiKey,
      forwardTo,
      events,
      secret: values.secret,
      intervalMs,
      onForward: (r) => process.stdout.write(`${line(r)}\n`),
      onError: (err) => process.stderr.write(`gw: reading the events failed (${describe(err)}); trying again\n`),
    });
  } catch (err) {
    usage((err as Error).message);
  }
  const stop = () => void listener.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await listener.ready;
  } catch (err) {
    process.stderr.write(`gw: cannot read the events of ${baseUrl}: ${describe(err)}\n`);
    process.exit(1);
  }
  process.stdout.write(
    `Ready: forwarding the events of ${baseUrl} to ${forwardTo}${events ? ` (${events.join(', ')})` : ''}.\n` +
      `Your webhook signing secret is ${listener.secret} (give it to your receiver). Ctrl-C to quit.\n`,
  );
}

/** A short reason: the problem document's title and detail, or the error's message. */
function describe(err: unknown): string {
  if (err instanceof ProblemError) return `${err.status} ${err.title}${err.detail ? `: ${err.detail}` : ''}`;
  return (err as Error).message;
}

await main(process.argv.slice(2));
