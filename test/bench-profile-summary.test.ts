/**
 * The bench's CPU profile sums (bench/lib/profile-summary.ts): a sample counts only inside the
 * measured windows, lasts until the next sample, and `(idle)` is kept apart. A synthetic
 * `.cpuprofile` in a temporary file; no timing here.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { profileTimes, type CpuProfile } from '../bench/lib/profile-summary.js';

const dir = mkdtempSync(path.join(tmpdir(), 'gw-profile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const frame = (functionName: string, url = '') => ({ functionName, url, lineNumber: 0, columnNumber: 0, scriptId: '0' });

/**
 * Root → (idle), and root → handler (apps/api/src/h.ts) → query (node_modules/pg/lib/q.js).
 * Samples at t = 1000 + 10, 20, … (one every 10 µs), each lasting 10 µs: handler, query, idle, query, handler, query.
 */
function writeProfile(): string {
  const profile: CpuProfile = {
    startTime: 1000,
    nodes: [
      { id: 1, callFrame: frame('(root)'), children: [2, 3] },
      { id: 2, callFrame: frame('(idle)') },
      { id: 3, callFrame: frame('handler', 'file:///repo/apps/api/src/h.ts'), children: [4] },
      { id: 4, callFrame: frame('query', 'file:///repo/node_modules/pg/lib/q.js') },
    ],
    samples: [3, 4, 2, 4, 3, 4, 3],
    timeDeltas: [10, 10, 10, 10, 10, 10, 10],
  };
  const file = path.join(dir, 'CPU.cpuprofile');
  writeFileSync(file, JSON.stringify(profile));
  return file;
}

describe('profileTimes', () => {
  const file = writeProfile();

  it('sums every sample without a window, idle apart, self and inclusive', () => {
    const t = profileTimes(file);
    expect(t.totalUs).toBe(60);
    expect(t.idleUs).toBe(10);
    expect(t.selfByArea.get('pg')).toBe(30);
    expect(t.selfByArea.get('apps/api/src/h.ts')).toBe(20);
    expect(t.inclusiveByArea.get('apps/api/src/h.ts')).toBe(50);
    expect(t.inclusiveFirstParty.get('handler apps/api/src/h.ts:1')).toBe(50);
  });

  it('counts only the samples taken inside one of several windows', () => {
    // Samples at 1010 (handler), 1020 (query), 1030 (idle), 1040 (query), 1050 (handler), 1060 (query).
    const t = profileTimes(file, [
      [1015, 1025],
      [1045, 1055],
    ]);
    expect(t.totalUs).toBe(20);
    expect(t.idleUs).toBe(0);
    expect(t.selfByArea.get('pg')).toBe(10);
    expect(t.selfByArea.get('apps/api/src/h.ts')).toBe(10);
    expect(profileTimes(file, [1015, 1035]).idleUs).toBe(10);
  });
});
