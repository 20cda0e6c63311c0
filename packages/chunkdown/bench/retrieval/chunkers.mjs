/**
 * The splitters the retrieval benchmark compares, each turned into
 * `split(text) → Promise<{ text, start, end }[]>`: `text` is what gets indexed, `[start, end)` the
 * source range the chunk came from (UTF-16 offsets into the document).
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { distEntry } from '../splitters.mjs';

let library;

/** The built library (`dist/index.js`), loaded once. */
export async function loadChunkdown() {
  if (library === undefined) {
    if (!existsSync(distEntry)) {
      throw new Error('not built: run `pnpm --filter chunkdown run build` first');
    }
    library = await import(pathToFileURL(distEntry).href);
  }
  return library;
}

/**
 * Whether the library accepts `context: true` (issue 16), tried on a throwaway splitter.
 *
 * @returns {Promise<boolean>}
 */
export async function supportsContext() {
  const { chunkdown } = await loadChunkdown();
  try {
    chunkdown({ chunkSize: 1, context: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * A chunkdown splitter.
 *
 * @param {{ chunkSize: number, ratio: number, context?: boolean, header?: boolean, overlap?: number }} options
 *   `context`: pass `context: true` and index `embedText ?? text`;
 *   `header`: index a header the benchmark builds itself (document title › breadcrumbs, a blank
 *   line, then `text`), the shape `context` is meant to produce, for libraries without it. Each
 *   part is one line clipped to 100 characters.
 * @returns {Promise<(source: string) => { text: string, start: number, end: number }[]>}
 */
export async function chunkdownChunker({
  chunkSize,
  ratio,
  context = false,
  header = false,
  overlap = 0,
}) {
  const { chunkdown } = await loadChunkdown();
  const splitter = chunkdown({
    chunkSize,
    maxOverflowRatio: ratio,
    ...(overlap > 0 ? { overlap } : {}),
    ...(context ? { context: true } : {}),
  });
  return (source) => {
    const result = splitter.split(source);
    const title = header ? documentTitle(result) : undefined;
    return result.chunks.map((chunk) => ({
      text: header
        ? withHeader(title, chunk)
        : context
          ? (chunk.embedText ?? chunk.text)
          : chunk.text,
      start: chunk.start,
      end: chunk.end,
    }));
  };
}

/**
 * LangChain's `MarkdownTextSplitter`, its chunks located in the source.
 *
 * @param {{ chunkSize: number, chunkOverlap: number }} options
 * @returns {Promise<(source: string) => Promise<{ text: string, start: number, end: number }[]>>}
 */
export async function langchainChunker({ chunkSize, chunkOverlap }) {
  const { MarkdownTextSplitter } = await import('@langchain/textsplitters');
  const splitter = new MarkdownTextSplitter({ chunkSize, chunkOverlap });
  return async (source) => locate(await splitter.splitText(source), source);
}

/**
 * mastra's markdown chunker (`MDocument.fromMarkdown(md).chunk({ strategy: 'markdown', maxSize })`,
 * `@mastra/rag`), no overlap; its chunks located in the source (they are trimmed substrings).
 *
 * @param {{ maxSize: number }} options `maxSize` in characters.
 * @returns {Promise<(source: string) => Promise<{ text: string, start: number, end: number }[]>>}
 */
export async function mastraChunker({ maxSize }) {
  const { MDocument } = await import('@mastra/rag');
  return async (source) => {
    const chunks = await MDocument.fromMarkdown(source).chunk({
      strategy: 'markdown',
      maxSize,
      overlap: 0,
    });
    return locate(
      chunks.map((chunk) => chunk.text),
      source,
    );
  };
}

/**
 * LlamaIndex.TS's usual markdown pipeline: `MarkdownNodeParser` (a node per heading section), then
 * `SentenceSplitter({ chunkSize, chunkOverlap: 0 })` (`chunkSize` in its default tokenizer's
 * tokens, cl100k). A chunk's range is its section's offset plus its own inside the section (both
 * given by LlamaIndex), else it is located in the source. A document SentenceSplitter refuses
 * (metadata of a section, its heading path, longer than `chunkSize`) gives no chunks, as it would
 * in an ingestion pipeline; `failures` counts them.
 *
 * @param {{ chunkSize: number }} options
 * @returns {Promise<((source: string) => { text: string, start: number, end: number }[]) & { failures: number }>}
 */
export async function llamaindexChunker({ chunkSize }) {
  const [{ MarkdownNodeParser, SentenceSplitter }, { Document }] = await Promise.all([
    import('@llamaindex/core/node-parser'),
    import('@llamaindex/core/schema'),
  ]);
  const sections = new MarkdownNodeParser();
  const sentences = new SentenceSplitter({ chunkSize, chunkOverlap: 0 });
  const chunker = (source) => {
    const parents = sections.getNodesFromDocuments([new Document({ text: source })]);
    let nodes;
    try {
      nodes = sentences.getNodesFromDocuments(parents);
    } catch {
      chunker.failures += 1;
      return [];
    }
    const byId = new Map(parents.map((parent) => [parent.id_, parent]));
    const located = [];
    let from = 0;
    for (const node of nodes) {
      const parent = byId.get(node.relationships.SOURCE?.nodeId);
      const start = (parent?.startCharIdx ?? 0) + (node.startCharIdx ?? 0);
      if (source.slice(start, start + node.text.length) === node.text) {
        located.push({ text: node.text, start, end: start + node.text.length });
        from = start + 1;
      } else {
        const [found] = locate([node.text], source.slice(from));
        located.push({ text: node.text, start: from + found.start, end: from + found.end });
        from += found.start + 1;
      }
    }
    return located;
  };
  chunker.failures = 0;
  return chunker;
}

/**
 * Find each chunk in the source: LangChain's chunks are trimmed substrings, in order, each starting
 * after the previous one's start (they overlap when `chunkOverlap` > 0). A chunk that is not found
 * verbatim (not seen on the corpora here) is placed at its first 40 characters, or after the previous one.
 *
 * @param {string[]} texts Chunks in order.
 * @param {string} source Their document.
 */
export function locate(texts, source) {
  const located = [];
  let from = 0;
  for (const text of texts) {
    let start = source.indexOf(text, from);
    if (start < 0) start = source.indexOf(text.slice(0, 40), from);
    if (start < 0) start = from;
    located.push({ text, start, end: Math.min(source.length, start + text.length) });
    from = start + 1;
  }
  return located;
}

/**
 * The document's title as issue 16 defines it: front matter `title`, else the first h1.
 *
 * @param {{ chunks: { text: string, breadcrumbs: { text: string, depth: number }[] }[], frontmatter?: { data?: unknown } }} result
 * @returns {string | undefined}
 */
export function documentTitle(result) {
  const data = result.frontmatter?.data;
  if (data && typeof data === 'object' && typeof data.title === 'string' && data.title.trim()) {
    return clip(data.title);
  }
  for (const chunk of result.chunks) {
    const crumb = chunk.breadcrumbs.find((c) => c.depth === 1);
    if (crumb) return clip(crumb.text);
    const own = /^# (.+)$/m.exec(chunk.text.replace(/^(`{3,}|~{3,})[\s\S]*?^\1/gm, ''));
    if (own) return clip(own[1]);
  }
  return undefined;
}

/** One line of at most 100 characters: a setext heading can be a whole paragraph. */
function clip(text) {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 100 ? `${line.slice(0, 99)}…` : line;
}

function withHeader(title, chunk) {
  const path = chunk.breadcrumbs.map((crumb) => clip(crumb.text));
  if (title !== undefined && path[0] !== title) path.unshift(title);
  return path.length === 0 ? chunk.text : `${path.join(' › ')}\n\n${chunk.text}`;
}
