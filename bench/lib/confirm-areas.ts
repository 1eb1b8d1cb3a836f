/**
 * Splits a CPU profile of the API under confirm load into the confirm path's areas:
 * HTTP, auth, transaction (Prisma + pg), ledger, outbox, enqueue, payments service, GC, other
 * (a leaf `writev` without a caller is reported on its own).
 *
 * Each sample goes to the area of the nearest frame on its stack (leaf first) that belongs to
 * one; Node's generic plumbing (`node:net`, streams, buffers, events, native frames) is skipped
 * on the way up, so a socket `writev` under `pg` counts as transaction and one under
 * `node:_http_outgoing` as HTTP. Work resumed after an `await` has the resuming code on its
 * stack (e.g. Prisma's), not the caller's.
 *
 * CLI: `node --import tsx bench/lib/confirm-areas.ts <file.cpuprofile>` (whole profile).
 *
 * @module
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { areaOf, loadProfile, timeByBucket } from './profile-summary.js';

/** Area of a profile area name (see `areaOf`), or undefined for generic plumbing. */
function classify(area: string): string | undefined {
  if (area === '(garbage collector)') return 'GC';
  if (area === '(idle)') return 'idle';
  if (/^(@prisma\/|pg$|pg-|packages\/db\/)/.test(area)) return 'transaction (Prisma + pg)';
  if (area.startsWith('packages/core/src/ledger/')) return 'ledger';
  if (area.startsWith('packages/core/src/outbox/')) return 'outbox';
  if (/^(bullmq|ioredis|redis-|msgpackr|cluster-key-slot|packages\/core\/src\/queues\/|packages\/core\/src\/batching\/)/.test(area))
    return 'enqueue (BullMQ + ioredis)';
  if (/^(apps\/api\/src\/http\/authenticate|packages\/core\/src\/auth\/|packages\/core\/src\/crypto\/|jose|jsonwebtoken)/.test(area))
    return 'auth';
  if (area.startsWith('packages/core/src/payments/')) return 'payments service';
  if (
    /^(node:_http|node:http|express|router|body-parser|raw-body|helmet|on-finished|finalhandler|parseurl|express-rate-limit|send|content-type|type-is|qs|iconv-lite|apps\/api\/|path-to-regexp|statuses|http-errors|depd|debug|proxy-addr|pino|prom-client|packages\/core\/src\/metrics\/|packages\/core\/src\/logging\/)/.test(
      area,
    )
  )
    return 'HTTP (Node, Express, middleware, metrics, logs)';
  if (area.startsWith('packages/') || area.startsWith('apps/')) return 'other first-party';
  return undefined;
}

export interface AreaRow {
  area: string;
  ms: number;
  /** % of busy (non-idle) time. */
  pct: number;
}

/** Busy time per confirm-path area in `[fromUs, toUs]` of the monotonic clock (whole profile when absent). */
export function confirmAreas(file: string, window?: [number, number]): { busyMs: number; idlePct: number; rows: AreaRow[] } {
  const loaded = loadProfile(file);
  const { byId, parent } = loaded;
  const memo = new Map<number, string>();
  const bucketOf = (id: number): string => {
    const cached = memo.get(id);
    if (cached) return cached;
    const chain: number[] = [];
    let found = 'other';
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const hit = memo.get(cur);
      if (hit) {
        found = hit;
        break;
      }
      chain.push(cur);
      const c = classify(areaOf(byId.get(cur)!.callFrame));
      if (c) {
        found = c;
        break;
      }
    }
    // A write flushed on the next tick (corked socket) has no caller on its stack: mostly pg's
    // query messages (parse/bind/execute/sync are corked per query), some HTTP responses.
    if (found === 'other' && byId.get(id)!.callFrame.functionName === 'writev') found = 'socket writev on next tick (mostly pg)';
    for (const c of chain) memo.set(c, found);
    return found;
  };
  const { us, busyUs: busy, idleUs: idle } = timeByBucket(loaded, bucketOf, window);
  return {
    busyMs: Math.round(busy / 1000),
    idlePct: Math.round((idle / Math.max(1, busy + idle)) * 1000) / 10,
    rows: [...us.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([area, v]) => ({ area, ms: Math.round(v / 1000), pct: Math.round((v / Math.max(1, busy)) * 1000) / 10 })),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: node --import tsx bench/lib/confirm-areas.ts <file.cpuprofile>');
    process.exit(2);
  }
  const r = confirmAreas(file);
  console.log(`${r.busyMs} ms busy, idle ${r.idlePct} %`);
  for (const row of r.rows) console.log(`${row.pct.toFixed(1).padStart(6)} %  ${String(row.ms).padStart(7)} ms  ${row.area}`);
}
