import { describe, expect, it } from 'vitest';
import { inShard, parseShard, shardOf } from '../../src/cli/shard.js';

describe('shards', () => {
  it('parses I/N', () => {
    expect(parseShard('2/8')).toEqual({ index: 2, count: 8 });
    expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
    for (const bad of ['0/2', '3/2', '1/0', '-1/2', '1.5/2', '1', '', '1/2/3', 'x/y']) {
      expect(() => parseShard(bad), bad).toThrow(/--shard expects I\/N/);
    }
  });

  it('says 0-based indexes count from 1', () => {
    expect(() => parseShard('0/4')).toThrow(/parts count from 1/);
    expect(() => parseShard('5/4')).not.toThrow(/parts count from 1/);
  });

  it('spreads keys over the parts, each key in one part', () => {
    const keys = Array.from(
      { length: 2000 },
      (_, index) => `docs/section-${index % 37}/page-${index}.md`,
    );
    for (const count of [2, 3, 8]) {
      const sizes = new Array(count).fill(0);
      for (const key of keys) {
        const part = shardOf(key, count);
        expect(part).toBeGreaterThanOrEqual(1);
        expect(part).toBeLessThanOrEqual(count);
        expect(shardOf(key, count)).toBe(part);
        sizes[part - 1]++;
      }
      // Roughly even: every part within 25 % of an even share.
      for (const size of sizes)
        expect(Math.abs(size - keys.length / count)).toBeLessThan((0.25 * keys.length) / count);
    }
  });

  it('puts a file in exactly one shard of N, and every file in the run without a shard', () => {
    for (const key of ['README.md', 'docs/a.md', 'docs/b/c.mdx']) {
      const shards = [1, 2, 3, 4].filter((index) => inShard(key, { index, count: 4 }));
      expect(shards).toEqual([shardOf(key, 4)]);
      expect(inShard(key, undefined)).toBe(true);
    }
  });
});
