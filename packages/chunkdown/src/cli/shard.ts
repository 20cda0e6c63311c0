import { createHash } from 'node:crypto';
import { UsageError } from './errors.js';

/** `--shard I/N`: the I-th (from 1) of N parts of the file list. */
export interface Shard {
  /** Which part, 1 to `count`. */
  index: number;
  /** How many parts. */
  count: number;
}

/**
 * Parse the value of `--shard`.
 *
 * @param raw The value as typed (`2/8`).
 * @returns The shard.
 * @throws {UsageError} When it is not `I/N` with whole numbers 1 ≤ I ≤ N.
 */
export function parseShard(raw: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(raw);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (
    !match ||
    !Number.isSafeInteger(index) ||
    !Number.isSafeInteger(count) ||
    count < 1 ||
    index < 1 ||
    index > count
  ) {
    const hint =
      match && index === 0
        ? ' (parts count from 1: add 1 to a 0-based index such as a Kubernetes JOB_COMPLETION_INDEX)'
        : '';
    throw new UsageError(
      `--shard expects I/N with whole numbers 1 ≤ I ≤ N (1/4 is the first of four parts), got "${raw}"${hint}`,
    );
  }
  return { index, count };
}

/**
 * The part (1 to `count`) a file belongs to: a hash of its key (its path relative to the input
 * argument that found it), so the parts are disjoint, cover every file, do not depend on the
 * order the files are found or named in, and a file stays in its part when others are added.
 *
 * @param key The file's key.
 * @param count How many parts.
 * @returns The part, from 1.
 */
export function shardOf(key: string, count: number): number {
  const hash = createHash('sha256').update(key, 'utf8').digest().readUInt32BE(0);
  return (hash % count) + 1;
}

/**
 * Whether a file belongs to a shard.
 *
 * @param key The file's key.
 * @param shard The shard, or `undefined` for all files.
 * @returns `true` when the file is in the shard.
 */
export function inShard(key: string, shard: Shard | undefined): boolean {
  return shard === undefined || shardOf(key, shard.count) === shard.index;
}
