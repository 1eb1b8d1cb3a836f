/**
 * The worker's heap limit comes from WORKER_MAX_OLD_SPACE_MB: the flag the process was
 * started with is read back, and a production start without it is reported. The compiled worker
 * started with the flag is covered by test/build.test.ts.
 */
import { describe, expect, it } from '@jest/globals';
import { Writable } from 'node:stream';
import { createLogger } from '@gw/runtime';
import { loadConfig } from '@gw/core/config';
import { reportHeapLimit, startedMaxOldSpaceMb } from '../src/heap-limit.js';

/** A logger whose JSON lines are collected. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const l of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: createLogger('info', { app: 'test' }, stream as never) };
}

describe('startedMaxOldSpaceMb', () => {
  it('reads the last --max-old-space-size flag, in either spelling', () => {
    expect(startedMaxOldSpaceMb(['--conditions=gw-dist', '--max-old-space-size=96'])).toBe(96);
    expect(startedMaxOldSpaceMb(['--max_old_space_size=64', '--max-old-space-size=128'])).toBe(128);
    expect(startedMaxOldSpaceMb(['--import', 'tsx'])).toBeNull();
  });
});

describe('WORKER_MAX_OLD_SPACE_MB', () => {
  it('defaults to 128 MiB and accepts a configured value within bounds', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).WORKER_MAX_OLD_SPACE_MB).toBe(128);
    expect(loadConfig({ NODE_ENV: 'test', WORKER_MAX_OLD_SPACE_MB: '256' }).WORKER_MAX_OLD_SPACE_MB).toBe(256);
    expect(() => loadConfig({ NODE_ENV: 'test', WORKER_MAX_OLD_SPACE_MB: '8' })).toThrow(/WORKER_MAX_OLD_SPACE_MB/);
  });

  it('is logged beside the flag in force; a production start without it is a warning', async () => {
    const ok = capture();
    const report = reportHeapLimit({ WORKER_MAX_OLD_SPACE_MB: 96, NODE_ENV: 'production' }, ok.logger, ['--max-old-space-size=96']);
    expect(report).toMatchObject({ configuredMb: 96, startedMb: 96 });
    expect(report.heapSizeLimitMb).toBeGreaterThan(0);
    await new Promise((r) => setImmediate(r));
    expect(ok.lines).toMatchObject([{ level: 30, msg: 'worker heap limit' }]);

    const missing = capture();
    reportHeapLimit({ WORKER_MAX_OLD_SPACE_MB: 96, NODE_ENV: 'production' }, missing.logger, []);
    await new Promise((r) => setImmediate(r));
    expect(missing.lines).toMatchObject([{ level: 40, heap: { configuredMb: 96, startedMb: null } }]);
  });
});
