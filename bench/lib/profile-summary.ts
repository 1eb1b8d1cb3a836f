/**
 * Reads a V8 `.cpuprofile` (written by `node --cpu-prof`) and aggregates sampled time:
 * - self time per function (`name file:line`), the classic "bottom-up" view;
 * - self time per area (npm package, first-party file, `node:` internals, GC, idle);
 * - inclusive time per area: time with at least one frame of that area on the stack (e.g. all
 *   time spent under Prisma, including the `pg` and `node:` work it calls);
 * - inclusive time per first-party function (apps/, packages/): what each of our calls costs in total.
 *
 * A time window (µs of the monotonic clock, which V8's profile timestamps and
 * `process.hrtime.bigint()` share on Linux) restricts the summary to the measured part of a run,
 * leaving out start-up (module loading, tsx) and warm-up.
 *
 * Percentages are of the *busy* time (all samples except `(idle)`), so they add up to 100 % of
 * what the process actually computed; the idle share is reported separately.
 *
 * CLI: `node --import tsx bench/lib/profile-summary.ts <file.cpuprofile> [top]` prints the tables.
 *
 * @module
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

export interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  /** µs, monotonic clock. */
  startTime: number;
  samples: number[];
  /** Microseconds since the previous sample. */
  timeDeltas: number[];
}

/** A `.cpuprofile` file with its nodes by id and each node's parent, for walking a sample's stack. */
export interface LoadedProfile {
  profile: CpuProfile;
  byId: Map<number, ProfileNode>;
  parent: Map<number, number>;
}

/** Reads a `.cpuprofile` file (`node --cpu-prof`) and indexes its nodes. */
export function loadProfile(file: string): LoadedProfile {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  return { profile, byId: new Map(profile.nodes.map((n) => [n.id, n])), parent };
}

/** `[fromUs, toUs]` on the profile's clock (see {@link monotonicUs}). */
export type Window = readonly [number, number];

/**
 * A measured slice of a run: when it ran (profile clock, µs) and how many operations it held, so
 * that a profile's time in it can be divided per operation (`pnpm bench:confirm-ab` writes them).
 */
export interface SliceWindow {
  startUs: number;
  endUs: number;
  confirms: number;
}

const isWindowList = (w: Window | readonly Window[]): w is readonly Window[] => Array.isArray(w[0]);

/** Whether a sample taken at `t` (µs) counts: inside one of the windows, or always when none is given. */
function windowTest(window: Window | readonly Window[] | undefined): (t: number) => boolean {
  if (!window) return () => true;
  const list = isWindowList(window) ? window : [window];
  return (t) => list.some(([from, to]) => t >= from && t <= to);
}

/**
 * Sums the profile's sample time by bucket: each sample's node goes to `bucketOf(nodeId)` (a name,
 * or the node id itself for self time per node); sample i lasts until sample i+1 (DevTools'
 * convention); samples outside `window` (profile clock, µs; one window or several) are left
 * out; the bucket `idle` is counted apart.
 * @param onSample called for every counted sample (bucket, node id, µs)
 * @returns µs per bucket (idle excluded), busy µs (their sum) and idle µs
 */
export function timeByBucket<B extends string | number>(
  { profile }: LoadedProfile,
  bucketOf: (nodeId: number) => B | 'idle',
  window?: Window | readonly Window[],
  onSample?: (bucket: B | 'idle', nodeId: number, us: number) => void,
): { us: Map<B, number>; busyUs: number; idleUs: number } {
  const us = new Map<B | 'idle', number>();
  const inside = windowTest(window);
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    if (!inside(t)) continue;
    const dt = Math.max(0, profile.timeDeltas[i + 1] ?? 0);
    const b = bucketOf(profile.samples[i]!);
    us.set(b, (us.get(b) ?? 0) + dt);
    onSample?.(b, profile.samples[i]!, dt);
  }
  const idleUs = us.get('idle') ?? 0;
  us.delete('idle');
  const busyUs = [...us.values()].reduce((a, b) => a + b, 0);
  return { us: us as Map<B, number>, busyUs, idleUs };
}

export interface Row {
  name: string;
  /** ms */
  ms: number;
  /** % of busy time */
  pct: number;
}

export interface ProfileSummary {
  file: string;
  /** Whether a time window was applied. */
  windowed: boolean;
  /** Wall time covered by the samples, ms. */
  totalMs: number;
  /** Samples that were not `(idle)`, ms. */
  busyMs: number;
  /** Share of `(idle)` in the total, %. */
  idlePct: number;
  topFunctions: Row[];
  selfByArea: Row[];
  inclusiveByArea: Row[];
  /** Inclusive time of first-party functions (apps/, packages/): which of our calls cost the most in total. */
  inclusiveFirstParty: Row[];
}

const REPO_MARKERS = ['/apps/', '/packages/', '/bench/'];

/** Short, stable name of where a frame's code lives. */
export function areaOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName.startsWith('(')) return functionName; // (idle) (program) (garbage collector) (root)
    return '(native)';
  }
  if (url.startsWith('wasm://')) return 'wasm';
  if (url.startsWith('node:')) {
    const m = /^node:(?:internal\/)?([^/]+)/.exec(url);
    return `node:${m?.[1] ?? url.slice(5)}`;
  }
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  for (const marker of REPO_MARKERS) {
    const i = url.indexOf(marker);
    if (i >= 0) return url.slice(i + 1).replace(/^file:\/\//, '');
  }
  return url.replace(/^file:\/\//, '');
}

/** Where a frame's code is: `pkg/…/file.js:line`, `apps/…/file.ts:line`, `node:…:line` or the area. */
function functionLabel(frame: CallFrame): string {
  const area = areaOf(frame);
  let where = area;
  if (frame.url && !frame.url.startsWith('wasm://')) {
    const file = path.basename(frame.url.split('?')[0]!);
    const inPackage = !area.startsWith('node:') && !area.includes('.ts') && !area.includes('.js');
    where = `${inPackage ? `${area}/…/${file}` : area}:${frame.lineNumber + 1}`;
  }
  return `${frame.functionName || '(anonymous)'} ${where}`;
}

/** Frames that only schedule async continuations: on nearly every stack, so useless in inclusive tables. */
const GLUE_AREAS = new Set(['(native)', '(root)', 'node:process', 'node:async_hooks', 'node:timers', 'node:events']);

/** First-party code: the monorepo's apps, packages and the bench. */
const isFirstParty = (area: string) => REPO_MARKERS.some((m) => area.startsWith(m.slice(1)));

const toRows = (m: Map<string, number>, busyUs: number, top: number): Row[] =>
  [...m.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, us]) => ({ name, ms: Math.round(us / 1000), pct: Math.round((us / busyUs) * 1000) / 10 }));

/** Now on the monotonic clock of V8's profile timestamps, µs. */
export const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

/**
 * Aggregates one `.cpuprofile` file.
 * @param opts.top rows per table; opts.window `[fromUs, toUs]` from {@link monotonicUs} (or several): only samples taken in them count
 */
export function summarizeProfile(file: string, opts: { top?: number; window?: Window | readonly Window[] } = {}): ProfileSummary {
  const top = opts.top ?? 25;
  const t = profileTimes(file, opts.window);
  const busyUs = Math.max(1, t.totalUs - t.idleUs);
  return {
    file,
    windowed: opts.window !== undefined,
    totalMs: Math.round(t.totalUs / 1000),
    busyMs: Math.round(busyUs / 1000),
    idlePct: Math.round((t.idleUs / Math.max(1, t.totalUs)) * 1000) / 10,
    topFunctions: toRows(t.selfByFunction, busyUs, top),
    selfByArea: toRows(t.selfByArea, busyUs, top),
    inclusiveByArea: toRows(t.inclusiveByArea, busyUs, top),
    inclusiveFirstParty: toRows(t.inclusiveFirstParty, busyUs, top),
  };
}

/** The sampled time of a profile (µs), unrounded: what {@link summarizeProfile} tabulates. */
export interface ProfileTimes {
  totalUs: number;
  idleUs: number;
  /** Self time per function label (`name file:line`). */
  selfByFunction: Map<string, number>;
  selfByArea: Map<string, number>;
  inclusiveByArea: Map<string, number>;
  inclusiveFirstParty: Map<string, number>;
}

/**
 * Sums one `.cpuprofile`'s samples taken in `window` (all when none) by function and by area, self
 * and inclusive, in µs.
 */
export function profileTimes(file: string, window?: Window | readonly Window[]): ProfileTimes {
  const loaded = loadProfile(file);
  const { byId, parent } = loaded;

  // Self time per node: sample i lasts until sample i+1 (DevTools' convention).
  const selfUs = timeByBucket(loaded, (id) => id, window).us;

  // Areas and first-party functions on each node's stack (memoised; a recursive function counts once).
  const onPath = new Map<number, { areas: Set<string>; ours: Set<string> }>();
  const pathOf = (id: number): { areas: Set<string>; ours: Set<string> } => {
    const cached = onPath.get(id);
    if (cached) return cached;
    const p = parent.get(id);
    const up = p === undefined ? undefined : pathOf(p);
    const frame = byId.get(id)!.callFrame;
    const area = areaOf(frame);
    const entry = { areas: new Set(up?.areas), ours: new Set(up?.ours) };
    entry.areas.add(area);
    if (isFirstParty(area)) entry.ours.add(functionLabel(frame));
    onPath.set(id, entry);
    return entry;
  };

  let totalUs = 0;
  let idleUs = 0;
  const byFunction = new Map<string, number>();
  const selfArea = new Map<string, number>();
  const inclArea = new Map<string, number>();
  const inclOurs = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    totalUs += us;
    if (frame.functionName === '(idle)') {
      idleUs += us;
      continue;
    }
    const fn = functionLabel(frame);
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const area = areaOf(frame);
    selfArea.set(area, (selfArea.get(area) ?? 0) + us);
    const { areas, ours } = pathOf(id);
    for (const a of areas) if (!GLUE_AREAS.has(a)) inclArea.set(a, (inclArea.get(a) ?? 0) + us);
    for (const f of ours) inclOurs.set(f, (inclOurs.get(f) ?? 0) + us);
  }
  return {
    totalUs,
    idleUs,
    selfByFunction: byFunction,
    selfByArea: selfArea,
    inclusiveByArea: inclArea,
    inclusiveFirstParty: inclOurs,
  };
}

/** Renders a summary as plain-text tables. */
export function formatProfileSummary(s: ProfileSummary): string {
  const table = (title: string, rows: Row[]) =>
    [`  ${title}`, ...rows.map((r) => `    ${r.pct.toFixed(1).padStart(5)} %  ${String(r.ms).padStart(7)} ms  ${r.name}`)].join('\n');
  return [
    `${path.relative(process.cwd(), s.file)}${s.windowed ? ' (measured window)' : ''}: ${s.totalMs} ms sampled, ${s.busyMs} ms busy, idle ${s.idlePct} %  (percentages: of busy time)`,
    table('self time by function', s.topFunctions),
    table('self time by area', s.selfByArea),
    table('inclusive time by area (any frame of the area on the stack; async glue left out)', s.inclusiveByArea),
    table('inclusive time of first-party functions', s.inclusiveFirstParty),
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file, top] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node --import tsx bench/lib/profile-summary.ts <file.cpuprofile> [top]');
    process.exit(2);
  }
  console.log(formatProfileSummary(summarizeProfile(file, { top: top ? Number(top) : 25 })));
}
