/**
 * The contenders, each behind the same shape: `create(options)` resolves to `split(text)`, which
 * returns (or resolves to) the chunk texts.
 */
import { existsSync, readFileSync } from 'node:fs';
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
  mastra: {
    short: 'mastra',
    label: "mastra MDocument.chunk({ strategy: 'markdown' }) (@mastra/rag)",
    async create({ chunkSize }) {
      const { MDocument } = await import('@mastra/rag');
      // `maxSize` is in characters, as `chunkSize` is here; no overlap, as for the others.
      return async (text) =>
        (
          await MDocument.fromMarkdown(text).chunk({
            strategy: 'markdown',
            maxSize: chunkSize,
            overlap: 0,
          })
        ).map((chunk) => chunk.text);
    },
  },
  llamaindex: {
    short: 'LlamaIndex',
    label: 'LlamaIndex.TS MarkdownNodeParser + SentenceSplitter (@llamaindex/core)',
    async create({ chunkSize }) {
      const [{ MarkdownNodeParser, SentenceSplitter }, { Document }] = await Promise.all([
        import('@llamaindex/core/node-parser'),
        import('@llamaindex/core/schema'),
      ]);
      const sections = new MarkdownNodeParser();
      // The usual pipeline: sections by heading, then sentences packed up to `chunkSize`
      // tokens (its default tokenizer, cl100k): a quarter of the size in characters.
      const sentences = new SentenceSplitter({
        chunkSize: Math.max(16, Math.round(chunkSize / 4)),
        chunkOverlap: 0,
      });
      return (text) =>
        sentences
          .getNodesFromDocuments(sections.getNodesFromDocuments([new Document({ text })]))
          .map((node) => node.text);
    },
  },
  // `pnpm bench:tokens`: chunkdown under a raw cap in one size unit each (`bench/tokens.mjs`).
  'sized-characters': sized('characters'),
  'sized-wordpiece': sized('WordPiece tokenizer.json'),
  'sized-bpe': sized('BPE tokenizer.json'),
  'sized-cl100k': sized('cl100k_base'),
  'sized-cl100k-baseline': sized('cl100k_base, baseline dist'),
};

/**
 * chunkdown sized by one unit under a raw cap, every chunk checked against the cap (a chunk over
 * it fails the document). `options`: `chunkSize`, `ratio`, `maxRawSize`, `unit` (`characters`,
 * `cl100k_base` or `tokenizer`), `tokenizer` (a `tokenizer.json` path), `prefix`, and `dist` (the
 * built `index.js` to load, `distEntry` by default).
 */
function sized(label) {
  return {
    short: label,
    label: `chunkdown sized in ${label}`,
    async create({ chunkSize, ratio, maxRawSize, unit, tokenizer, prefix, dist = distEntry }) {
      if (!existsSync(dist)) throw new Error(`not built: ${dist} is missing`);
      const sibling = (name) => pathToFileURL(dist.replace(/index\.js$/, name)).href;
      const { chunkdown } = await import(pathToFileURL(dist).href);
      let lengthFunction;
      if (unit === 'cl100k_base') {
        ({ cl100k_base: lengthFunction } = await import(sibling('tokenizers.js')));
      } else if (unit === 'tokenizer') {
        const { fromTokenizerJson } = await import(sibling('tokenizers-json.js'));
        lengthFunction = fromTokenizerJson(JSON.parse(readFileSync(tokenizer, 'utf8')), {
          prefix,
        });
      }
      const splitter = chunkdown({
        chunkSize,
        maxOverflowRatio: ratio,
        maxRawSize,
        lengthFunction,
      });
      return (text) => {
        const { chunks } = splitter.split(text);
        const over = chunks.find((chunk) => chunk.rawSize > maxRawSize);
        if (over) throw new Error(`a chunk of raw size ${over.rawSize} over the cap ${maxRawSize}`);
        return chunks.map((chunk) => chunk.text);
      };
    },
  };
}
