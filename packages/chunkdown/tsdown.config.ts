import { builtinModules } from 'node:module';
import { defineConfig, type UserConfig } from 'tsdown';

const library: UserConfig = {
  entry: {
    index: 'src/index.ts',
    tokenizers: 'src/tokenize/tokenizers.ts',
    'tokenizers-openai': 'src/tokenize/openai.ts',
    'tokenizers-json': 'src/tokenize/json.ts',
    mastra: 'src/adapters/mastra.ts',
    langchain: 'src/adapters/langchain.ts',
    quality: 'src/quality.ts',
    llamaindex: 'src/adapters/llamaindex.ts',
    syntax: 'src/syntax.ts',
  },
  format: 'esm',
  dts: true,
  platform: 'neutral',
  target: 'es2022',
  // Rolldown's note that the declaration plugins take most of the build's time: true, and
  // nothing to act on, so `pnpm pack` and `pnpm build` print no warning of it.
  checks: { pluginTimings: false },
  deps: {
    neverBundle: [
      /^node:/,
      // The command line bundles tinyglobby and fdir, which import Node's built-ins without the
      // `node:` prefix (`fs`, `path`); they stay imports. The core imports none (check-package
      // and the portability test see to it).
      ...builtinModules,
      // The mdast types stay an import in the declarations (`@types/mdast` is a dependency):
      // inlined, they would be a copy that the dialects' augmentations (display math, directives,
      // MDX) do not reach, and `NodeRule<Math>` would not type-check in a consumer.
      'mdast',
      'gpt-tokenizer',
      /^gpt-tokenizer\//,
      '@huggingface/tokenizers',
      /^@mastra\//,
      '@langchain/textsplitters',
      '@langchain/core',
      /^@langchain\/core\//,
      /^@llamaindex\//,
    ],
  },
};

/**
 * `dist/browser.js` and `dist/browser-quality.js`, what bundlers that target browsers pick (the
 * `browser` condition of `.` and `./quality`, which parses too).
 * micromark's entity decoder, `decode-named-character-reference`, has a `browser` build that
 * decodes through `document`, which a Web Worker does not have: a default Vite, webpack or
 * esbuild app that imports chunkdown in a worker would throw `document is not defined`. This
 * build bundles the parser and serializer with the decoder's DOM-free build (its entity table),
 * so the consumer never resolves the DOM one. The packages that cannot reach the decoder stay
 * imports.
 */
const browser: UserConfig = {
  entry: {
    browser: 'src/index.ts',
    'browser-quality': 'src/quality.ts',
    'browser-syntax': 'src/syntax.ts',
  },
  format: 'esm',
  dts: false,
  clean: false,
  platform: 'neutral',
  target: 'es2022',
  checks: { pluginTimings: false },
  deps: {
    alwaysBundle: (id) =>
      !/^(smol-toml|yaml|@noble\/hashes|unist-util-visit|mdast-util-to-string)(\/|$)/.test(id),
  },
};

/**
 * `dist/cli.js` and `dist/cli-worker.js`, the command and its worker threads: each one file with
 * the parser, serializer and their packages bundled in, so that a run does not resolve and load
 * some 300 small modules (about 0.2 s of CPU of the command's start, and of each worker's).
 * Tree-shaken, it also leaves out what the library never calls (KaTeX, which the math
 * extension's HTML half imports). Node's built-ins and the optional tokenizer packages stay
 * imports.
 */
const cli: UserConfig = {
  entry: {
    cli: 'src/cli/main.ts',
    'cli-worker': 'src/cli/worker.ts',
  },
  format: 'esm',
  dts: false,
  clean: false,
  platform: 'node',
  fixedExtension: false,
  target: 'es2022',
  deps: {
    neverBundle: [
      /^node:/,
      ...builtinModules,
      'gpt-tokenizer',
      /^gpt-tokenizer\//,
      '@huggingface/tokenizers',
    ],
    alwaysBundle: (id) => !/^(node:|gpt-tokenizer|@huggingface\/tokenizers)/.test(id),
  },
};

export default defineConfig([library, browser, cli]);
