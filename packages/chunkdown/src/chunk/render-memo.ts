import type { Definition } from 'mdast';
import type { OverlappedDraft } from '../pack/overlap.js';
import type { Breadcrumb, CarriedFootnote } from '../types.js';
import { fnv1a, fnv1aOfNumbers } from '../util/fnv.js';
import { embedText } from './context.js';
import { chunkId } from './id.js';

/** What a chunk's rendering gives beyond its tree: all a chunk takes from it. */
export interface RenderSummary {
  text: string;
  /** Size of `text`, in the size unit. */
  rawSize: number;
  contentSize: number;
  tableHeaders: string[];
  /** The heading the chunk starts with, if it starts with one. */
  leading: Breadcrumb | undefined;
  /** The footnote definitions the chunk carries. */
  footnotes: CarriedFootnote[];
  /** Ids of chunks of this text, by breadcrumbs and `context` header (see `RenderMemo.id`). */
  ids?: ChunkIdEntry[];
}

/** The id of a chunk of a rendering under some breadcrumbs and header (copied, as they were). */
interface ChunkIdEntry {
  header: string | undefined;
  crumbs: readonly Breadcrumb[];
  id: string;
}

/**
 * What a draft's rendering depends on, as numbers that must all match (`parts`), and a hash of
 * them to look the rendering up by.
 */
export interface DraftKey {
  hash: number;
  parts: readonly number[];
}

/** A rendering kept with its key. */
interface StoredRendering {
  parts: readonly number[];
  summary: RenderSummary;
}

/** The renderings one split made, for the next split of an edited document (`update`). */
export interface RenderStore {
  /** What else the renderings read: the definitions chunks append (`style: 'preserve'`). */
  readonly signature: string;
  /** Renderings by the hash of their key. */
  readonly byKey: ReadonlyMap<number, readonly StoredRendering[]>;
}

/** Numbers for objects, the same for an object in every split of one splitter. */
export type ObjectIds = (value: object) => number;

/**
 * Make an object numbering that lasts as long as its objects do.
 *
 * @returns
 *   The numbering.
 */
export function createObjectIds(): ObjectIds {
  const ids = new WeakMap<object, number>();
  let next = 0;
  return (value) => {
    let id = ids.get(value);
    if (id === undefined) {
      id = next++;
      ids.set(value, id);
    }
    return id;
  };
}

/** Renderings looked up from an earlier split and kept for the next. */
export interface RenderMemo {
  /** The key of a draft over a source range. */
  key(draft: OverlappedDraft, range: readonly [number, number]): DraftKey;
  get(key: DraftKey): RenderSummary | undefined;
  set(key: DraftKey, summary: RenderSummary): void;
  /**
   * The id of a chunk of a rendering (`chunkId`), kept with the rendering: an unchanged chunk is
   * not hashed again (hashing a document's text costs as much as rendering a tenth of it).
   */
  id(
    summary: RenderSummary,
    breadcrumbs: readonly Breadcrumb[],
    header: string | undefined,
  ): string;
  /** The renderings kept so far (the next split's store). */
  store: RenderStore;
}

/**
 * Reuse the renderings of an earlier split. A chunk's text is a function of its leaves (the
 * nodes, their slices and the containers around them), the definitions it appends, and the source
 * between its leaves: the key holds the objects' numbers (a node is the same object in the next
 * split only where `update` reused the parse of its segment, the text it was parsed from being
 * the same; nodes made again, such as references resolved or a piece of a table, are new objects),
 * and a hash of the chunk's source range. A node's position moves with its segment, and no
 * rendering reads one.
 *
 * @param previous
 *   The store of an earlier split, if any.
 * @param ids
 *   The splitter's object numbering.
 * @param source
 *   The document.
 * @param definitions
 *   The definitions chunks append, if they do.
 * @returns
 *   The memo.
 */
export function createRenderMemo(
  previous: RenderStore | undefined,
  ids: ObjectIds,
  source: string,
  definitions: ReadonlyMap<string, Definition> | undefined,
): RenderMemo {
  const signature = definitions ? definitionsSignature(definitions) : '';
  const earlier = previous?.signature === signature ? previous.byKey : undefined;
  const byKey = new Map<number, StoredRendering[]>();
  return {
    key(draft, range) {
      const parts = [draft.overlap, range[1] - range[0], fnv1a(source, range[0], range[1])];
      for (const leaf of draft.leaves) {
        parts.push(ids(leaf.node), leaf.from, leaf.to, leaf.wordCut ? 1 : 0, leaf.path.length);
        for (const parent of leaf.path) parts.push(ids(parent));
      }
      return { hash: fnv1aOfNumbers(parts), parts };
    },
    get: (key) => find(earlier, key)?.summary ?? find(byKey, key)?.summary,
    set(key, summary) {
      const kept = find(byKey, key);
      if (kept) kept.summary = summary;
      else {
        const list = byKey.get(key.hash);
        if (list) list.push({ parts: key.parts, summary });
        else byKey.set(key.hash, [{ parts: key.parts, summary }]);
      }
    },
    id(summary, breadcrumbs, header) {
      summary.ids ??= [];
      const known = summary.ids.find(
        (entry) => entry.header === header && sameCrumbs(entry.crumbs, breadcrumbs),
      );
      if (known) return known.id;
      const id = chunkId(
        breadcrumbs,
        header === undefined ? summary.text : embedText(header, summary.text),
      );
      const crumbs = breadcrumbs.map((crumb) => ({ text: crumb.text, depth: crumb.depth }));
      summary.ids.push({ header, crumbs, id });
      return id;
    },
    store: { signature, byKey },
  };
}

/** The rendering kept under a key: same hash, and every part the same. */
function find(
  store: ReadonlyMap<number, readonly StoredRendering[]> | undefined,
  key: DraftKey,
): StoredRendering | undefined {
  const list = store?.get(key.hash);
  if (!list) return undefined;
  for (const stored of list) {
    const { parts } = stored;
    if (parts.length !== key.parts.length) continue;
    let index = 0;
    while (index < parts.length && parts[index] === key.parts[index]) index++;
    if (index === parts.length) return stored;
  }
  return undefined;
}

function sameCrumbs(a: readonly Breadcrumb[], b: readonly Breadcrumb[]): boolean {
  if (a.length !== b.length) return false;
  for (let index = 0; index < a.length; index++) {
    const x = a[index] as Breadcrumb;
    const y = b[index] as Breadcrumb;
    if (x.depth !== y.depth || x.text !== y.text) return false;
  }
  return true;
}

function definitionsSignature(definitions: ReadonlyMap<string, Definition>): string {
  let signature = '';
  for (const [label, definition] of definitions) {
    signature += `${label}\u0000${definition.url}\u0000${definition.title ?? ''}\u0001`;
  }
  return signature;
}
