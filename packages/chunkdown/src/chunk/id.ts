import type { Breadcrumb } from '../types.js';
import { sha256Hex } from '../util/sha256.js';

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
  return sha256Hex(idInput(breadcrumbs, embedded)).slice(0, idLength);
}

/** What a chunk id hashes. */
function idInput(breadcrumbs: readonly Breadcrumb[], embedded: string): string {
  const path = breadcrumbs.map((crumb) => [crumb.depth, crumb.text]);
  return JSON.stringify([path, embedded]);
}

/** The ids one split computed, by what they hash, for the next split of an edited document. */
export type IdStore = ReadonlyMap<string, string>;

/** {@link chunkId}, reusing the ids of an earlier split, and keeping this split's. */
export interface IdMemo {
  id(breadcrumbs: readonly Breadcrumb[], embedded: string): string;
  store: IdStore;
}

/**
 * Compute chunk ids, looking them up first among an earlier split's (an unchanged chunk has the
 * id it had; hashing a document's text again costs as much as rendering a tenth of it).
 *
 * @param previous
 *   The ids of an earlier split, if any.
 * @returns
 *   The memo.
 */
export function createIdMemo(previous: IdStore | undefined): IdMemo {
  const store = new Map<string, string>();
  return {
    id(breadcrumbs, embedded) {
      const input = idInput(breadcrumbs, embedded);
      const id = previous?.get(input) ?? sha256Hex(input).slice(0, idLength);
      store.set(input, id);
      return id;
    },
    store,
  };
}
