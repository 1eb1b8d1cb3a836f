import { describe, expect, it } from '@jest/globals';
import { Cluster, Redis } from 'ioredis';
import {
  type ConfigError,
  composeEnv,
  createRedis,
  isRedisCluster,
  parseHostPorts,
  queuePrefixHashTag,
  redisMode,
  runtimeEnvSlice,
} from '@gw/runtime';

/** The runtime's slice alone: the Redis variables and their checks are its own. */
const loadConfig = composeEnv([runtimeEnvSlice]).load;

/** loadConfig's error for `env` (fails the test when there is none). */
const configError = (env: Record<string, string>): ConfigError => {
  try {
    loadConfig({ NODE_ENV: 'test', ...env });
  } catch (e) {
    return e as ConfigError;
  }
  throw new Error('expected a ConfigError');
};

describe('Redis mode selection', () => {
  it('REDIS_URL alone is a single Redis; the default prefix stays gw', () => {
    const c = loadConfig({ NODE_ENV: 'test', REDIS_URL: 'redis://cache:6380/4' });
    expect(redisMode(c)).toBe('single');
    expect(c.QUEUE_PREFIX).toBe('gw');
    expect(c.REDIS_CLUSTER_NODES).toBeUndefined();
  });

  it('REDIS_CLUSTER_NODES selects the cluster and needs a hash-tagged QUEUE_PREFIX', () => {
    const c = loadConfig({ NODE_ENV: 'test', REDIS_CLUSTER_NODES: 'r1:7000,r2:7001,[::1]:7002', QUEUE_PREFIX: '{gw}' });
    expect(redisMode(c)).toBe('cluster');
    expect(parseHostPorts(c.REDIS_CLUSTER_NODES!)).toEqual([
      { host: 'r1', port: 7000 },
      { host: 'r2', port: 7001 },
      { host: '::1', port: 7002 },
    ]);
    const e = configError({ REDIS_CLUSTER_NODES: 'r1:7000' });
    expect(e.variables).toEqual(['QUEUE_PREFIX']);
    expect(e.message).toMatch(/QUEUE_PREFIX must contain a hash tag in braces on a Redis Cluster .*e\.g\. \{gw\}/);
    expect(loadConfig({ NODE_ENV: 'test', REDIS_CLUSTER_NODES: 'r1:7000', QUEUE_PREFIX: 'gw{prod}' }).QUEUE_PREFIX).toBe('gw{prod}');
  });

  it('a cluster refuses a database index in REDIS_URL (a cluster has database 0 only)', () => {
    const e = configError({ REDIS_CLUSTER_NODES: 'r1:7000', QUEUE_PREFIX: '{gw}', REDIS_URL: 'redis://:pw@x:6379/3' });
    expect(e.variables).toEqual(['REDIS_URL']);
    expect(e.message).toMatch(/database 0 only/);
    expect(e.message).not.toContain('pw');
    expect(() =>
      loadConfig({ NODE_ENV: 'test', REDIS_CLUSTER_NODES: 'r1:7000', QUEUE_PREFIX: '{gw}', REDIS_URL: 'redis://x/0' }),
    ).not.toThrow();
  });

  it('REDIS_SENTINELS selects Sentinel and requires REDIS_SENTINEL_NAME', () => {
    const c = loadConfig({ NODE_ENV: 'test', REDIS_SENTINELS: 's1:26379,s2:26379', REDIS_SENTINEL_NAME: 'mymaster' });
    expect(redisMode(c)).toBe('sentinel');
    expect(configError({ REDIS_SENTINELS: 's1:26379' }).message).toMatch(/REDIS_SENTINEL_NAME .* is required with REDIS_SENTINELS/);
    expect(configError({ REDIS_SENTINEL_NAME: 'mymaster' }).message).toMatch(/REDIS_SENTINEL_NAME is only used with REDIS_SENTINELS/);
    expect(configError({ REDIS_SENTINEL_PASSWORD: 'x' }).variables).toEqual(['REDIS_SENTINEL_PASSWORD']);
  });

  it('Cluster and Sentinel exclude each other', () => {
    const e = configError({ REDIS_CLUSTER_NODES: 'r1:7000', REDIS_SENTINELS: 's1:26379', REDIS_SENTINEL_NAME: 'm', QUEUE_PREFIX: '{gw}' });
    expect(e.variables.sort()).toEqual(['REDIS_CLUSTER_NODES', 'REDIS_SENTINELS']);
    expect(e.message).toMatch(/exclude each other/);
  });

  it('rejects malformed node lists and prefixes', () => {
    expect(configError({ REDIS_CLUSTER_NODES: 'redis://r1:7000', QUEUE_PREFIX: '{gw}' }).variables).toEqual(['REDIS_CLUSTER_NODES']);
    expect(configError({ REDIS_CLUSTER_NODES: 'r1:70000', QUEUE_PREFIX: '{gw}' }).variables).toEqual(['REDIS_CLUSTER_NODES']);
    expect(configError({ REDIS_SENTINELS: 's1', REDIS_SENTINEL_NAME: 'm' }).variables).toEqual(['REDIS_SENTINELS']);
    for (const bad of ['{}', '{a}{b}', 'a}', '{a', 'g w', '{g*}'])
      expect(configError({ QUEUE_PREFIX: bad }).variables).toEqual(['QUEUE_PREFIX']);
  });

  it('queuePrefixHashTag reads the tag as Redis Cluster does', () => {
    expect(queuePrefixHashTag('gw')).toBeUndefined();
    expect(queuePrefixHashTag('{gw}')).toBe('gw');
    expect(queuePrefixHashTag('app{prod}x')).toBe('prod');
  });

  it('createRedis builds a Redis for a URL or Sentinel and a Cluster for cluster nodes (no connection made)', () => {
    const single = createRedis(loadConfig({ NODE_ENV: 'test' }), { lazyConnect: true });
    const sentinel = createRedis(
      loadConfig({ NODE_ENV: 'test', REDIS_SENTINELS: '127.0.0.1:1', REDIS_SENTINEL_NAME: 'm', REDIS_URL: 'redis://u:p@x/2' }),
      { lazyConnect: true },
    );
    const cluster = createRedis(
      loadConfig({ NODE_ENV: 'test', REDIS_CLUSTER_NODES: '127.0.0.1:1', QUEUE_PREFIX: '{gw}', REDIS_URL: 'rediss://u:p@x' }),
      { lazyConnect: true, failFast: true, name: 'n' },
    );
    try {
      expect(single).toBeInstanceOf(Redis);
      expect(isRedisCluster(single)).toBe(false);
      expect(sentinel).toBeInstanceOf(Redis);
      expect((sentinel as Redis).options).toMatchObject({
        name: 'm',
        sentinels: [{ host: '127.0.0.1', port: 1 }],
        username: 'u',
        password: 'p',
        db: 2,
      });
      expect(cluster).toBeInstanceOf(Cluster);
      expect(isRedisCluster(cluster)).toBe(true);
      expect((cluster as Cluster).options).toMatchObject({
        enableOfflineQueue: false,
        redisOptions: { username: 'u', password: 'p', tls: {}, maxRetriesPerRequest: 1, connectionName: 'n' },
      });
      expect((cluster as Cluster).options.redisOptions).not.toHaveProperty('db');
    } finally {
      for (const r of [single, sentinel, cluster]) r.disconnect();
    }
  });
});
