import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';

/**
 * Real Redis Cluster and Sentinel set-ups for tests, from the machine's `redis-server`
 * and `redis-cli`, on loopback ports picked at random in 20000-29999 (a cluster node also listens
 * on its bus port, +10000), in a temporary folder removed by `stop()`. Nothing is persisted: a node
 * started again comes back empty (with its cluster configuration, nodes-<port>.conf).
 */

const run = promisify(execFile);

/** Every server started by this module and not stopped yet: killed if the test process exits. */
const live = new Set<ChildProcess>();
process.once('exit', () => {
  for (const p of live) p.kill('SIGKILL');
});

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** `count` consecutive free ports (and their +10000 bus ports when `bus`), from a random base. */
async function freePorts(count: number, bus: boolean): Promise<number[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20000 + Math.floor(Math.random() * (9999 - count));
    const ports = Array.from({ length: count }, (_, i) => base + i);
    const checks = await Promise.all(ports.flatMap((p) => (bus ? [portFree(p), portFree(p + 10000)] : [portFree(p)])));
    if (checks.every(Boolean)) return ports;
  }
  throw new Error('no free ports for the test Redis servers');
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Runs one command on 127.0.0.1:`port` with a throw-away connection. */
export async function redisCommand(port: number, ...args: (string | number)[]): Promise<unknown> {
  const probe = new Redis({ port, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return await probe.call(String(args[0]), ...args.slice(1).map(String));
  } finally {
    probe.disconnect();
  }
}

/** One redis-server process with fixed arguments, which can be stopped and started again. */
class ServerProcess {
  private proc?: ChildProcess;
  constructor(
    readonly port: number,
    private readonly args: string[],
  ) {}

  async start(): Promise<void> {
    const proc = spawn('redis-server', this.args, { stdio: 'ignore' });
    this.proc = proc;
    live.add(proc);
    proc.once('exit', () => live.delete(proc));
    await waitFor(`redis-server on ${this.port}`, async () => (await redisCommand(this.port, 'PING')) === 'PONG');
  }

  get running(): boolean {
    return Boolean(this.proc && this.proc.exitCode === null && this.proc.signalCode === null);
  }

  /** Stops the process (SIGKILL by default: a crash) and waits for it to exit. */
  async stop(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const proc = this.proc;
    if (!proc || !this.running) return;
    await new Promise<void>((resolve) => {
      proc.once('exit', () => resolve());
      proc.kill(signal);
    });
  }
}

const noPersistence = ['--save', '', '--appendonly', 'no', '--daemonize', 'no', '--maxmemory-policy', 'noeviction'];

/** A Redis Cluster of `masters` masters (no replicas) on loopback. */
export class RedisCluster {
  private constructor(
    readonly dir: string,
    private readonly servers: Map<number, ServerProcess>,
  ) {}

  /**
   * Starts the servers with `--cluster-enabled yes`, joins them with `redis-cli --cluster create
   * --cluster-replicas 0 --cluster-yes` and waits until every node reports `cluster_state:ok`.
   */
  static async start(opts: { masters?: number; nodeTimeoutMs?: number } = {}): Promise<RedisCluster> {
    const masters = opts.masters ?? 3;
    const ports = await freePorts(masters, true);
    const dir = mkdtempSync(join(tmpdir(), 'gw-redis-cluster-'));
    const servers = new Map<number, ServerProcess>();
    for (const port of ports) {
      servers.set(
        port,
        new ServerProcess(port, [
          '--port',
          String(port),
          '--bind',
          '127.0.0.1',
          '--dir',
          dir,
          '--cluster-enabled',
          'yes',
          '--cluster-config-file',
          join(dir, `nodes-${port}.conf`),
          '--cluster-node-timeout',
          String(opts.nodeTimeoutMs ?? 3000),
          ...noPersistence,
        ]),
      );
    }
    const cluster = new RedisCluster(dir, servers);
    try {
      await Promise.all([...servers.values()].map((s) => s.start()));
      await run('redis-cli', ['--cluster', 'create', ...ports.map((p) => `127.0.0.1:${p}`), '--cluster-replicas', '0', '--cluster-yes'], {
        timeout: 30_000,
      });
      await cluster.waitUntilOk();
    } catch (err) {
      await cluster.stop();
      throw err;
    }
    return cluster;
  }

  /** The nodes' ports. */
  get ports(): number[] {
    return [...this.servers.keys()];
  }

  /** `127.0.0.1:P1,127.0.0.1:P2,...`: the value of REDIS_CLUSTER_NODES. */
  get nodes(): string {
    return this.ports.map((p) => `127.0.0.1:${p}`).join(',');
  }

  /** Waits until every running node says `cluster_state:ok` and knows every node. */
  async waitUntilOk(timeoutMs = 30_000): Promise<void> {
    await waitFor(
      'cluster_state:ok on every node',
      async () => {
        for (const port of this.ports) {
          const info = String(await redisCommand(port, 'CLUSTER', 'INFO'));
          if (!info.includes('cluster_state:ok') || !info.includes(`cluster_known_nodes:${this.ports.length}`)) return false;
        }
        return true;
      },
      timeoutMs,
    );
  }

  /** The port of the master serving `key`'s slot (CLUSTER KEYSLOT, then CLUSTER SLOTS). */
  async masterOf(key: string): Promise<number> {
    const port = this.ports[0]!;
    const slot = Number(await redisCommand(port, 'CLUSTER', 'KEYSLOT', key));
    const ranges = (await redisCommand(port, 'CLUSTER', 'SLOTS')) as [number, number, [string, number, ...unknown[]]][];
    const range = ranges.find(([lo, hi]) => slot >= lo && slot <= hi);
    if (!range) throw new Error(`no node serves slot ${slot}`);
    return Number(range[2][1]);
  }

  /** Kills one node (SIGKILL unless `signal`); it keeps its port and nodes-<port>.conf. */
  async stopNode(port: number, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    await this.servers.get(port)?.stop(signal);
  }

  /** Starts a stopped node again (empty, same port and cluster configuration) and waits for `cluster_state:ok`. */
  async startNode(port: number): Promise<void> {
    await this.servers.get(port)!.start();
    await this.waitUntilOk();
  }

  /** Stops every node and removes the folder. Safe to call twice. */
  async stop(): Promise<void> {
    await Promise.all([...this.servers.values()].map((s) => s.stop()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * A Sentinel set-up on loopback: a master, one replica and one sentinel (quorum 1) monitoring the
 * master as `name`. Fast failover settings (down after 1 s).
 */
export class RedisSentinel {
  private constructor(
    readonly dir: string,
    readonly name: string,
    readonly master: ServerProcess,
    readonly replica: ServerProcess,
    readonly sentinel: ServerProcess,
  ) {}

  static async start(name = 'gwmaster'): Promise<RedisSentinel> {
    const [masterPort, replicaPort, sentinelPort] = (await freePorts(3, false)) as [number, number, number];
    const dir = mkdtempSync(join(tmpdir(), 'gw-redis-sentinel-'));
    const base = ['--bind', '127.0.0.1', '--dir', dir, ...noPersistence];
    const master = new ServerProcess(masterPort, ['--port', String(masterPort), ...base]);
    const replica = new ServerProcess(replicaPort, [
      '--port',
      String(replicaPort),
      '--replicaof',
      '127.0.0.1',
      String(masterPort),
      ...base,
    ]);
    const conf = join(dir, 'sentinel.conf');
    writeFileSync(
      conf,
      [
        `port ${sentinelPort}`,
        'bind 127.0.0.1',
        `dir ${dir}`,
        `sentinel monitor ${name} 127.0.0.1 ${masterPort} 1`,
        `sentinel down-after-milliseconds ${name} 1000`,
        `sentinel failover-timeout ${name} 5000`,
        '',
      ].join('\n'),
    );
    const sentinel = new ServerProcess(sentinelPort, [conf, '--sentinel']);
    const setup = new RedisSentinel(dir, name, master, replica, sentinel);
    try {
      await master.start();
      await replica.start();
      await sentinel.start();
      await waitFor('the sentinel to see the master', async () => {
        const addr = (await redisCommand(sentinelPort, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', name)) as string[] | null;
        return addr?.[1] === String(masterPort);
      });
    } catch (err) {
      await setup.stop();
      throw err;
    }
    return setup;
  }

  /** `127.0.0.1:S`: the value of REDIS_SENTINELS. */
  get sentinels(): string {
    return `127.0.0.1:${this.sentinel.port}`;
  }

  /** The port of the current master, as the sentinel reports it. */
  async masterPort(): Promise<number> {
    const addr = (await redisCommand(this.sentinel.port, 'SENTINEL', 'GET-MASTER-ADDR-BY-NAME', this.name)) as string[];
    return Number(addr[1]);
  }

  async stop(): Promise<void> {
    await Promise.all([this.sentinel.stop(), this.replica.stop(), this.master.stop()]);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
