/**
 * A PgBouncer of its own in **transaction pooling** mode, for tests and the bench:
 * `startPgBouncer()` writes a generated `pgbouncer.ini` into a temporary folder, starts the
 * `pgbouncer` binary (Debian's package, 1.18 on Debian 12; never its system service) on a free
 * loopback port in the foreground as a child process, waits until it accepts connections, and
 * returns the URL rewriter and `stop()`.
 *
 * The settings are the ones docs/operating.md ("Behind a transaction pooler") asks for in
 * production, with a deliberately small `default_pool_size` so that several client connections
 * share each server connection: exactly what breaks per-connection named prepared statements.
 *
 * Like `testing.ts`, this module imports only Node built-ins (global setup loads it through tsx);
 * production code never uses it.
 *
 * @module
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Env var the test helpers read: `pgbouncer` routes the test databases through a PgBouncer. */
export const TEST_POOLER_ENV = 'TEST_DATABASE_POOLER';

/** Env var holding the test PgBouncer's `host:port`, set by jest's global setup for its workers. */
export const TEST_PGBOUNCER_ENV = 'GW_TEST_PGBOUNCER_ADDRESS';

/** Options of {@link startPgBouncer}. */
export interface PgBouncerOptions {
  /** The PostgreSQL server behind it: its host and port are taken (default 127.0.0.1:5432). */
  serverUrl?: string;
  /**
   * Server connections per (database, user) pair (`default_pool_size`). Default 5: smaller than
   * the clients' pools, so clients share server connections between transactions.
   */
  poolSize?: number;
  /** `max_client_conn` (default 2000). */
  maxClientConn?: number;
  /** The `pgbouncer` binary (default: `pgbouncer` on PATH, else Debian's `/usr/sbin/pgbouncer`). */
  binary?: string;
  /** How long to wait for it to accept connections, in ms (default 10,000). */
  startTimeoutMs?: number;
}

/** A running PgBouncer started by {@link startPgBouncer}. */
export interface RunningPgBouncer {
  /** `127.0.0.1:<port>` */
  address: string;
  port: number;
  /** `databaseUrl` (a URL of the server behind it) pointed at the PgBouncer instead: same user, database and parameters. */
  route(databaseUrl: string): string;
  /** Its own `pgbouncer --version` first line, e.g. `PgBouncer 1.18.0` (Debian 12). */
  version: string;
  /** CPU time it has used so far (user + system), in seconds; undefined where `/proc` is missing. */
  cpuSeconds(): number | undefined;
  /** Stops it (SIGTERM, then SIGKILL after 5 s) and removes its folder. Idempotent. */
  stop(): Promise<void>;
}

/** `databaseUrl` with its host and port replaced by `address` (`host:port`). */
export function routeThrough(databaseUrl: string, address: string): string {
  const url = new URL(databaseUrl);
  url.host = address;
  return url.toString();
}

/** A free TCP port on 127.0.0.1 (bound, then released). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** True once something accepts TCP connections on 127.0.0.1:`port`. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The generated `pgbouncer.ini`: transaction pooling on `127.0.0.1:<port>`, no Unix socket, trust
 * authentication of the users in `userlist.txt`, every database (`*`) forwarded to the server.
 */
export function pgBouncerIni(o: {
  port: number;
  serverHost: string;
  serverPort: number;
  poolSize: number;
  maxClientConn: number;
  dir: string;
  /** `[major, minor]` of the binary: 1.21 and later get `max_prepared_statements = 0`. */
  version: [number, number];
}): string {
  const [major, minor] = o.version;
  const tracksPrepared = major > 1 || (major === 1 && minor >= 21);
  return [
    '[databases]',
    `* = host=${o.serverHost} port=${o.serverPort}`,
    '',
    '[pgbouncer]',
    'pool_mode = transaction',
    'listen_addr = 127.0.0.1',
    `listen_port = ${o.port}`,
    'unix_socket_dir =',
    'auth_type = trust',
    `auth_file = ${path.join(o.dir, 'userlist.txt')}`,
    'admin_users = postgres',
    `default_pool_size = ${o.poolSize}`,
    'min_pool_size = 0',
    'reserve_pool_size = 0',
    `max_client_conn = ${o.maxClientConn}`,
    // Startup parameters some drivers send that PgBouncer cannot track per client.
    'ignore_startup_parameters = extra_float_digits,options',
    // A test database is dropped right after its file: do not keep its server connections long.
    'server_idle_timeout = 10',
    'autodb_idle_timeout = 10',
    // 1.21+ can track protocol-level prepared statements (on by default from 1.22): switched off,
    // so every version behaves like Debian's 1.18 and like poolers without that support.
    ...(tracksPrepared ? ['max_prepared_statements = 0'] : []),
    'log_connections = 0',
    'log_disconnections = 0',
    '',
  ].join('\n');
}

/**
 * Starts a PgBouncer in transaction pooling mode (see the module comment).
 *
 * Run as root (CI containers), it is started with `-u postgres` (`-u nobody` when there is no
 * such user), since PgBouncer refuses to run as root; its folder is readable by every user.
 *
 * @throws {Error} when the binary is missing (`apt-get install pgbouncer`), exits at start, or
 *   does not accept connections within `startTimeoutMs`; its stderr is in the message.
 */
export async function startPgBouncer(opts: PgBouncerOptions = {}): Promise<RunningPgBouncer> {
  let binary = opts.binary ?? 'pgbouncer';
  let versionRun = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  if (opts.binary === undefined && versionRun.error) {
    // /usr/sbin is not on an unprivileged user's PATH on Debian.
    binary = '/usr/sbin/pgbouncer';
    versionRun = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  }
  if (versionRun.error || versionRun.status !== 0) {
    throw new Error(`cannot run ${binary} (install it: apt-get install pgbouncer): ${versionRun.error?.message ?? versionRun.stderr}`);
  }
  const version = versionRun.stdout.split('\n')[0]!.trim();
  const versionMatch = /(\d+)\.(\d+)/.exec(version);
  const versionParts: [number, number] = versionMatch ? [Number(versionMatch[1]), Number(versionMatch[2])] : [1, 18];
  const server = new URL(opts.serverUrl ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gw-pgbouncer-'));
  chmodSync(dir, 0o755);
  const user = decodeURIComponent(server.username || 'postgres');
  writeFileSync(path.join(dir, 'userlist.txt'), `"${user}" ""\n${user === 'postgres' ? '' : '"postgres" ""\n'}`, { mode: 0o644 });
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // PgBouncer refuses to run as root: it then switches to `postgres` (or `nobody` without one).
  const runAs = asRoot ? (spawnSync('id', ['-u', 'postgres']).status === 0 ? 'postgres' : 'nobody') : undefined;
  const timeoutMs = opts.startTimeoutMs ?? 10_000;

  let lastError = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const ini = path.join(dir, 'pgbouncer.ini');
    writeFileSync(
      ini,
      pgBouncerIni({
        port,
        serverHost: server.hostname || '127.0.0.1',
        serverPort: Number(server.port || 5432),
        poolSize: opts.poolSize ?? 5,
        maxClientConn: opts.maxClientConn ?? 2000,
        dir,
        version: versionParts,
      }),
      { mode: 0o644 },
    );
    const child: ChildProcess = spawn(binary, [...(runAs ? ['-u', runAs] : []), ini], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
    // It must not keep the process that started it alive: `stop()` (or process exit) ends it.
    child.unref();
    (child.stderr as unknown as { unref?: () => void }).unref?.();
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const killOnExit = () => child.kill('SIGKILL');
    process.once('exit', killOnExit);
    const until = Date.now() + timeoutMs;
    let ready = false;
    while (Date.now() < until && child.exitCode === null && child.signalCode === null) {
      if (await accepts(port)) {
        ready = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    if (ready) {
      let stopped = false;
      return {
        address: `127.0.0.1:${port}`,
        port,
        version,
        route: (databaseUrl) => routeThrough(databaseUrl, `127.0.0.1:${port}`),
        cpuSeconds: () => {
          try {
            // Fields 14 and 15 of /proc/<pid>/stat (after the parenthesised name): utime, stime, in ticks of 1/100 s.
            const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
            return (Number(fields[11]) + Number(fields[12])) / 100;
          } catch {
            return undefined;
          }
        },
        stop: async () => {
          if (stopped) return;
          stopped = true;
          process.removeListener('exit', killOnExit);
          if (child.exitCode === null && child.signalCode === null) {
            child.kill('SIGTERM'); // PgBouncer: immediate shutdown
            const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
            await exited;
            clearTimeout(timer);
          }
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    child.kill('SIGKILL');
    await exited;
    process.removeListener('exit', killOnExit);
    lastError = stderr.trim() || `no connection on port ${port} within ${timeoutMs} ms`;
  }
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`pgbouncer did not start: ${lastError}`);
}
