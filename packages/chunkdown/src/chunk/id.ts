import type { Breadcrumb } from '../types.js';
import { sha256Hex } from '../util/hash.js';

/** Hex digits of a chunk id: 64 bits of SHA-256. */
export const idLength = 16;

/**
 * The stable id of a chunk: the first {@link idLength} hex digits of the SHA-256 of
 * `JSON.stringify([breadcrumbs.map((crumb) => [crumb.depth, crumb.text]), embedded])` in UTF-8,
 * where `embedded` is the text that gets embedded (`embedText` with `context: true`, else
 * `text`). Same heading path and same text, same id, on every machine and in every runtime;
 * repeats within a document are told apart by `sealChunks` (`seal.ts`).
 *
 * @param breadcrumbs
 *   The chunk's breadcrumbs.
 * @param embedded
 *   The chunk's `embedText`, or its `text` without `context`.
 * @returns
 *   16 lowercase hex digits.
 */
export function chunkId(breadcrumbs: readonly Breadcrumb[], embedded: string): string {
  const path = breadcrumbs.map((crumb) => [crumb.depth, crumb.text]);
  return sha256Hex(JSON.stringify([path, embedded])).slice(0, idLength);
}
