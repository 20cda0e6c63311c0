/**
 * The splitters the quality benchmarks of issue 16 (stability, overlap, records) compare, each as
 * `create(options) → Promise<(markdown) => Promise<{ text, id?, breadcrumbs?, start?, end? }[]>>`,
 * plus what those scripts share: building the library and the content size of a chunk.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString as plainText } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { loadChunkdown } from './retrieval/chunkers.mjs';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The workspace root (where `node_modules/.pnpm` is). */
export const workspaceRoot = path.resolve(packageDir, '../..');

/** Build `dist` with `pnpm run build`, unless `--no-build` is in `argv`. */
export function buildUnlessTold(argv) {
  if (argv.includes('--no-build')) return;
  process.stderr.write('Building the library (pnpm run build; skip with --no-build)…\n');
  execFileSync('pnpm', ['run', 'build'], {
    cwd: packageDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Contenders keyed by name. */
export const contenders = {
  chunkdown: {
    label: 'chunkdown',
    async create({ chunkSize, ratio, overlap }) {
      const { chunkdown } = await loadChunkdown();
      const splitter = chunkdown({
        chunkSize,
        maxOverflowRatio: ratio,
        ...(overlap ? { overlap } : {}),
      });
      return async (markdown) => splitter.split(markdown).chunks;
    },
  },
  'chunkdown-v3': {
    label: 'chunkdown@3.5.0',
    async create({ chunkSize, ratio }) {
      const { chunkdown } = await import('chunkdown-v3');
      const splitter = chunkdown({ chunkSize, maxOverflowRatio: ratio });
      return async (markdown) => splitter.splitText(markdown).map((text) => ({ text }));
    },
  },
  langchain: {
    label: 'LangChain',
    async create({ chunkSize, overlap }) {
      const { MarkdownTextSplitter } = await import('@langchain/textsplitters');
      const splitter = new MarkdownTextSplitter({ chunkSize, chunkOverlap: overlap ?? 0 });
      return async (markdown) => (await splitter.splitText(markdown)).map((text) => ({ text }));
    },
  },
};

/**
 * What a reader sees of a chunk, the same measure for every splitter: `mdast-util-to-string` of the
 * chunk parsed as markdown + GFM (URLs, markers and pipes do not count; code does).
 *
 * @param {string} markdown A chunk.
 * @returns {number} Its length in UTF-16 code units.
 */
export function contentLength(markdown) {
  return plainText(
    fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] }),
  ).length;
}

/**
 * Tiny-chunk share and coefficient of variation of content sizes.
 *
 * @param {number[]} sizes Content sizes of all chunks.
 * @returns {{ tiny: number, cv: number }} `tiny`: share of chunks under 50 characters.
 */
export function balance(sizes) {
  const n = sizes.length || 1;
  const mean = sizes.reduce((s, x) => s + x, 0) / n;
  const variance = sizes.reduce((s, x) => s + (x - mean) ** 2, 0) / n;
  return {
    tiny: sizes.filter((x) => x < 50).length / n,
    cv: mean === 0 ? 0 : Math.sqrt(variance) / mean,
  };
}

/**
 * A chunk's markdown parsed once: its plain text (leaf texts joined by single spaces, so block
 * boundaries become spaces) and its top-level headings as `{ text, depth }`.
 *
 * @param {string} markdown A chunk.
 * @returns {{ plain: string, headings: { text: string, depth: number }[], startsWithHeading: boolean }}
 */
export function readChunk(markdown) {
  const tree = fromMarkdown(markdown, {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  const leaves = [];
  const visit = (node) => {
    if (typeof node.value === 'string') leaves.push(node.value);
    else if (node.type === 'image') leaves.push(node.alt ?? '');
    for (const child of node.children ?? []) visit(child);
  };
  visit(tree);
  const headings = tree.children
    .filter((node) => node.type === 'heading')
    .map((node) => ({ text: plainText(node), depth: node.depth }));
  return {
    plain: leaves.join(' ').replace(/\s+/g, ' ').trim(),
    headings,
    startsWithHeading: tree.children[0]?.type === 'heading',
  };
}
