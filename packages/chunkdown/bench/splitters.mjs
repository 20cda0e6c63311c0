/**
 * The contenders, each behind the same shape: `create(options)` resolves to `split(text)`, which
 * returns (or resolves to) the chunk texts.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The built library: the benchmark measures what users get from npm, not the sources. `run.mjs`
 * points this at a snapshot of `dist` taken when the run started.
 */
export const distEntry =
  process.env.CHUNKDOWN_BENCH_DIST ?? fileURLToPath(new URL('../dist/index.js', import.meta.url));

/** Splitters keyed by name: `short` names the table row, `label` says what it is. */
export const splitters = {
  floor: {
    short: 'floor',
    label: 'floor: remark parse + stringify',
    async create() {
      const [{ unified }, { default: remarkParse }, { default: remarkGfm }, stringify] =
        await Promise.all([
          import('unified'),
          import('remark-parse'),
          import('remark-gfm'),
          import('remark-stringify'),
        ]);
      // The serialization options of SPEC §5, so the floor writes what chunkdown writes.
      const processor = unified()
        .use(remarkParse)
        .use(remarkGfm, { tablePipeAlign: false })
        .use(stringify.default, {
          bullet: '*',
          emphasis: '*',
          strong: '*',
          rule: '*',
          fences: true,
        });
      return (text) => [processor.stringify(processor.parse(text))];
    },
  },
  chunkdown: {
    short: 'chunkdown',
    label: 'chunkdown (this repo, dist)',
    async create({ chunkSize, ratio }) {
      if (!existsSync(distEntry)) {
        throw new Error('not built: run `pnpm --filter chunkdown run build` first');
      }
      const { chunkdown } = await import(pathToFileURL(distEntry).href);
      const splitter = chunkdown({ chunkSize, maxOverflowRatio: ratio });
      return (text) => splitter.splitText(text);
    },
  },
  'chunkdown-auto': {
    short: 'chunkdown auto()',
    label: 'chunkdown with syntax: auto() (docs dialects detected per document)',
    async create({ chunkSize, ratio }) {
      if (!existsSync(distEntry)) {
        throw new Error('not built: run `pnpm --filter chunkdown run build` first');
      }
      const [{ chunkdown }, { auto }] = await Promise.all([
        import(pathToFileURL(distEntry).href),
        import(pathToFileURL(distEntry.replace(/index\.js$/, 'syntax.js')).href),
      ]);
      const splitter = chunkdown({ chunkSize, maxOverflowRatio: ratio, syntax: auto() });
      return (text) => splitter.splitText(text);
    },
  },
  'chunkdown-v3': {
    short: 'chunkdown@3.5.0',
    label: 'chunkdown@3.5.0',
    async create({ chunkSize, ratio }) {
      const { chunkdown } = await import('chunkdown-v3');
      const splitter = chunkdown({ chunkSize, maxOverflowRatio: ratio });
      return (text) => splitter.splitText(text);
    },
  },
  langchain: {
    short: 'LangChain',
    label: 'LangChain MarkdownTextSplitter',
    async create({ chunkSize }) {
      const { MarkdownTextSplitter } = await import('@langchain/textsplitters');
      const splitter = new MarkdownTextSplitter({ chunkSize, chunkOverlap: 0 });
      return (text) => splitter.splitText(text);
    },
  },
};
