import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { StopProgress } from '@gw/runtime';

const fixture = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'hanging-stop.ts');

describe('StopProgress', () => {
  it('lists the steps under way in the order they started, until each settles (resolved or thrown)', async () => {
    const progress = new StopProgress();
    let finishA!: () => void;
    let failB!: (e: Error) => void;
    const a = progress.step('a', () => new Promise<void>((r) => (finishA = r)));
    const b = progress.step('b', () => new Promise<void>((_, j) => (failB = j)));
    expect(progress.pending()).toEqual(['a', 'b']);
    finishA();
    await a;
    expect(progress.pending()).toEqual(['b']);
    failB(new Error('boom'));
    await expect(b).rejects.toThrow('boom');
    expect(progress.pending()).toEqual([]);
    await expect(progress.step('sync', () => 7)).resolves.toBe(7);
    expect(progress.pending()).toEqual([]);
  });
});

describe('runService: a stop past SHUTDOWN_TIMEOUT_MS', () => {
  it('exits 1 and its log line names the steps it was still waiting for, not those that finished', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', fixture], { env: { PATH: process.env.PATH ?? '' } });
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += String(d);
      if (out.includes('ready\n') && !child.killed) child.kill('SIGTERM');
    });
    child.stderr.on('data', (d: Buffer) => (out += String(d)));
    // The signal too: a child that died of one (code null) says which, and what it had printed.
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.on('close', (c, s) => resolve([c, s])),
    );
    const line = out.split('\n').find((l) => l.includes('graceful stop did not finish'));
    expect({ code, signal, pending: line ? (JSON.parse(line) as { pending: unknown }).pending : out }).toEqual({
      code: 1,
      signal: null,
      pending: ['close the hanging consumer', 'close the other consumer'],
    });
  }, 30_000);
});
