import { defineConfig } from 'tsdown';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    tokenizers: 'src/tokenizers.ts',
    langchain: 'src/langchain.ts',
    cli: 'src/cli/main.ts',
    'cli-worker': 'src/cli/worker.ts',
  },
  format: 'esm',
  dts: true,
  platform: 'neutral',
  target: 'es2022',
  external: [
    /^node:/,
    'gpt-tokenizer',
    /^gpt-tokenizer\//,
    '@langchain/textsplitters',
    '@langchain/core',
    /^@langchain\/core\//,
  ],
});
