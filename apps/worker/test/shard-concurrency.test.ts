import { describe, expect, it } from '@jest/globals';
import { shardConcurrency } from '../src/start-worker.js';

describe('the delivery queue shards', () => {
  it("a worker's WORKER_CONCURRENCY is divided between the shards and adds up to it", () => {
    expect(shardConcurrency(50, 1)).toEqual([50]);
    expect(shardConcurrency(50, 3)).toEqual([17, 17, 16]);
    expect(shardConcurrency(10, 4)).toEqual([3, 3, 2, 2]);
    expect(shardConcurrency(4, 4)).toEqual([1, 1, 1, 1]);
  });
});
