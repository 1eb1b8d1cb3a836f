/**
 * A guide's reader, played by the docs test: a fresh copy of the repository, and terminals, each
 * one `bash` whose variables carry over from block to block as a reader's terminal does, started
 * with `PATH`, `HOME` and only what the page tells its reader to export.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Copies the repository's files as a fresh clone would have them, with this checkout's uncommitted
 * changes: the tracked files and the untracked ones git does not ignore (no `node_modules`, no
 * `.data`, no `.env`), modes kept.
 */
export function copyRepository(root: string, to: string): void {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    let mode: number;
    try {
      mode = statSync(join(root, file)).mode;
    } catch {
      continue; // deleted in the working tree
    }
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(root, file), join(to, file));
    if (mode & 0o111) execFileSync('chmod', ['+x', join(to, file)]);
  }
}

/** One terminal of the reader: a shell in `cwd` with exactly `env`. */
export class ReaderTerminal {
  private readonly child: ChildProcess;
  private output = '';
  private exited: { code: number | null; signal: string | null } | undefined;
  private readonly waiters = new Set<() => void>();
  private blocks = 0;

  constructor(
    readonly name: string,
    private readonly cwd: string,
    env: Record<string, string>,
    private readonly scratch: string,
  ) {
    // Its own process group: stopping the terminal stops everything started in it (pnpm start's anvils).
    this.child = spawn('bash', ['--noprofile', '--norc'], { cwd, env, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    const take = (chunk: Buffer) => {
      this.output = `${this.output}${chunk.toString()}`.slice(-400_000);
      for (const wake of this.waiters) wake();
    };
    this.child.stdout!.on('data', take);
    this.child.stderr!.on('data', take);
    this.child.on('exit', (code, signal) => {
      this.exited = { code, signal };
      for (const wake of this.waiters) wake();
    });
    this.child.stdin!.write('set -euo pipefail\n');
  }

  /** Everything the terminal printed (the last 400 kB). */
  text(): string {
    return this.output;
  }

  /** Waits until `test` holds on the output; rejects when the shell ends first or after `timeoutMs`. */
  private wait(test: (output: string) => boolean, timeoutMs: number, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(new Error(`${this.name}: ${what} not seen within ${timeoutMs} ms`)), timeoutMs);
      const check = () => {
        if (test(this.output)) done();
        else if (this.exited) done(new Error(`${this.name}: the shell ended (${this.exited.code ?? this.exited.signal}) before ${what}`));
      };
      const done = (err?: Error) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        if (err) reject(new Error(`${err.message}; its output ends with:\n${this.output.slice(-6000)}`));
        else resolve();
      };
      this.waiters.add(check);
      check();
    });
  }

  /**
   * Types one block, as the reader pastes it: sourced by the shell (its variables stay) with stdin
   * from /dev/null. Resolves when it has run; rejects when it fails (`set -e` ends the shell).
   */
  async run(label: string, code: string, timeoutMs = 240_000): Promise<void> {
    const file = this.blockFile(label, code);
    const done = `@@${label}-done-${this.blocks}@@`;
    this.child.stdin!.write(`echo "== ${label}"; source '${file}' </dev/null; echo '${done}'\n`);
    await this.wait((o) => o.includes(done), timeoutMs, `the end of ${label}`);
  }

  /** Types a block that keeps running (a server), and waits until its output contains `until`. */
  async start(label: string, code: string, until: string, timeoutMs = 240_000): Promise<void> {
    const file = this.blockFile(label, code);
    const from = this.output.length;
    this.child.stdin!.write(`echo "== ${label}"; source '${file}' </dev/null\n`);
    await this.wait((o) => o.slice(from).includes(until), timeoutMs, `"${until}" from ${label}`);
  }

  private blockFile(label: string, code: string): string {
    const file = join(this.scratch, `${this.name}-${++this.blocks}-${label}.sh`);
    writeFileSync(file, `${code}\n`);
    return file;
  }

  /** Ctrl-C to everything the terminal runs, then SIGKILL after `graceMs`. */
  async stop(graceMs = 20_000): Promise<void> {
    if (this.exited) return;
    const group = -this.child.pid!;
    try {
      process.kill(group, 'SIGINT');
    } catch {
      return;
    }
    const ended = new Promise<void>((r) => this.child.once('exit', () => r()));
    const timer = new Promise<'late'>((r) => setTimeout(() => r('late'), graceMs));
    if ((await Promise.race([ended, timer])) === 'late') {
      try {
        process.kill(group, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
    }
  }
}
