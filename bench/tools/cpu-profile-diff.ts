/**
 * `pnpm bench:cpu-profile-diff <dir> [top]`: where two checkouts' APIs spend their CPU differently
 * per request, from the profiles `pnpm bench:confirm-ab` writes with `BENCH_AB_CPU_PROF_DIR=<dir>`.
 *
 * Reads `<dir>/A` and `<dir>/B` (one main-thread `.cpuprofile` each) and `<dir>/windows.json` (when
 * each measured slice ran and how many confirms it held). Counts only the samples taken during the
 * measured slices (not start-up, fixtures, payment creation or the warm-up), divides by the
 * confirms, and prints per table the rows whose µs per confirm differ most between the sides:
 * self time by area (npm package, first-party file, `node:` module, GC), inclusive time by area,
 * self time by function and inclusive time of first-party functions. Functions are matched by name
 * and file, not line (the two commits' lines differ). Busy time only: `(idle)` is left out.
 *
 * A profile samples about every 1 ms, so rows of a few µs per confirm are noise; the busy total's
 * ratio should agree with confirm-ab's "API CPU µs per confirm" ratio.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { profileTimes, type ProfileTimes, type SliceWindow, type Window } from '../lib/profile-summary.js';
import { mainThreadProfile } from '../sections/profile-section.js';

type Side = 'A' | 'B';

/** A function label without its line: `name file`. */
const withoutLine = (label: string) => label.replace(/:\d+$/, '');

const merge = (m: Map<string, number>, key: (k: string) => string) => {
  const out = new Map<string, number>();
  for (const [k, v] of m) out.set(key(k), (out.get(key(k)) ?? 0) + v);
  return out;
};

/** Rows of `a` and `b` (µs per confirm) sorted by the size of their difference. */
function diffRows(a: Map<string, number>, b: Map<string, number>, top: number): string[] {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names]
    .map((name) => ({ name, a: a.get(name) ?? 0, b: b.get(name) ?? 0 }))
    .sort((x, y) => Math.abs(y.b - y.a) - Math.abs(x.b - x.a))
    .slice(0, top)
    .map((r) => {
      const delta = r.b - r.a;
      return `    ${r.a.toFixed(1).padStart(8)} ${r.b.toFixed(1).padStart(8)} ${(delta >= 0 ? '+' : '') + delta.toFixed(1).padStart(7)}  ${r.name}`;
    });
}

const perConfirm = (m: Map<string, number>, confirms: number) => new Map([...m].map(([k, v]) => [k, v / confirms]));

function main(): void {
  const [dirArg, topArg] = process.argv.slice(2);
  if (!dirArg) throw new Error('usage: pnpm bench:cpu-profile-diff <dir written by BENCH_AB_CPU_PROF_DIR> [top]');
  const dir = path.resolve(dirArg);
  const top = topArg ? Number(topArg) : 25;
  const windows = JSON.parse(readFileSync(path.join(dir, 'windows.json'), 'utf8')) as Record<Side, SliceWindow[]>;
  const sides = (['A', 'B'] as const).map((side) => {
    const list = windows[side];
    if (!list?.length) throw new Error(`${dir}/windows.json: no measured slice of side ${side}`);
    const confirms = list.reduce((n, w) => n + w.confirms, 0);
    const t: ProfileTimes = profileTimes(
      mainThreadProfile(path.join(dir, side)),
      list.map((w): Window => [w.startUs, w.endUs]),
    );
    return { side, confirms, busy: (t.totalUs - t.idleUs) / confirms, t };
  });
  const [a, b] = sides as [(typeof sides)[0], (typeof sides)[0]];
  console.log(
    `busy CPU per confirm: A ${a.busy.toFixed(0)} µs (${a.confirms} confirms), B ${b.busy.toFixed(0)} µs (${b.confirms} confirms), B/A ${(b.busy / a.busy).toFixed(3)}`,
  );
  const table = (title: string, pick: (t: ProfileTimes) => Map<string, number>, key = (k: string) => k) => {
    console.log(`  ${title}   (µs per confirm: A, B, B − A)`);
    for (const line of diffRows(perConfirm(merge(pick(a.t), key), a.confirms), perConfirm(merge(pick(b.t), key), b.confirms), top))
      console.log(line);
  };
  table('self time by area', (t) => t.selfByArea);
  table('inclusive time by area', (t) => t.inclusiveByArea);
  table('self time by function', (t) => t.selfByFunction, withoutLine);
  table('inclusive time of first-party functions', (t) => t.inclusiveFirstParty, withoutLine);
}

main();
