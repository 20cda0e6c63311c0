import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

// The core must run unchanged in Node, browsers and edge runtimes: walk the source files each
// entry point loads at run time and look at what they import and which globals they touch.

const src = fileURLToPath(new URL('../src/', import.meta.url));
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const dependencies = Object.keys(manifest.dependencies);
const builtins = new Set(builtinModules);
const isBuiltin = (specifier: string) =>
  specifier.startsWith('node:') || builtins.has(specifier.split('/')[0]!);
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Source without comments, so that examples in doc comments do not count as imports. */
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

/**
 * Files an entry loads at run time (type-only imports are erased) and the packages they import.
 */
function runtimeGraph(entry: string) {
  const files: string[] = [];
  const bare = new Set<string>();
  const queue = [join(src, entry)];
  const seen = new Set(queue);
  const statement =
    /^\s*(?:import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;
  while (queue.length > 0) {
    const file = queue.shift()!;
    files.push(relative(src, file));
    for (const [, typeOnly, specifier = '', dynamic] of code(file).matchAll(statement)) {
      const target = dynamic ?? specifier;
      if (typeOnly) continue;
      if (target.startsWith('.')) {
        const resolved = join(dirname(file), target.replace(/\.js$/, '.ts'));
        expect(existsSync(resolved), `${file} imports ${target}`).toBe(true);
        if (!seen.has(resolved)) {
          seen.add(resolved);
          queue.push(resolved);
        }
      } else bare.add(target);
    }
  }
  return { files, bare: [...bare].sort() };
}

describe('the core is portable', () => {
  const core = runtimeGraph('index.ts');

  test('it loads only core modules', () => {
    expect(core.files).toContain('pipeline.ts');
    expect(core.files.filter((file) => /^cli\/|^tokenize\/|^adapters\//.test(file))).toEqual([]);
  });

  test('it imports no Node built-in, only its dependencies', () => {
    // The walk must see the parser, or it saw nothing.
    expect(core.bare).toEqual(
      expect.arrayContaining(['mdast-util-from-markdown', 'micromark-extension-gfm']),
    );
    expect(core.bare.filter(isBuiltin)).toEqual([]);
    expect(core.bare.map(packageOf).filter((name) => !dependencies.includes(name))).toEqual([]);
  });

  test('the walk sees Node imports and globals where there are some', () => {
    const command = runtimeGraph('cli/main.ts');
    expect(command.bare.filter(isBuiltin).length).toBeGreaterThan(0);
    expect(command.files.some((file) => /\bprocess\b/.test(code(join(src, file))))).toBe(true);
  });

  test('it touches no Node-only global', () => {
    const nodeGlobals = /\b(?:process|Buffer|__dirname|__filename|require|setImmediate|global)\b/;
    const offenders = core.files.filter((file) => nodeGlobals.test(code(join(src, file))));
    expect(offenders).toEqual([]);
  });
});

describe('the subpath exports load only their peers', () => {
  test('chunkdown/langchain', () => {
    const { files, bare } = runtimeGraph('adapters/langchain.ts');
    expect(files.filter((file) => file.startsWith('cli/'))).toEqual([]);
    expect(bare.filter(isBuiltin)).toEqual([]);
    const allowed = [...dependencies, '@langchain/core', '@langchain/textsplitters'];
    expect(bare.map(packageOf).filter((name) => !allowed.includes(name))).toEqual([]);
    expect(bare).toEqual(
      expect.arrayContaining(['@langchain/core/documents', '@langchain/textsplitters']),
    );
  });

  test('chunkdown/tokenizers/openai and chunkdown/tokenizers/json: one peer each', () => {
    expect(runtimeGraph('tokenize/openai.ts').bare).toEqual([
      'gpt-tokenizer/encoding/cl100k_base',
      'gpt-tokenizer/encoding/o200k_base',
    ]);
    expect(runtimeGraph('tokenize/json.ts').bare).toEqual(['@huggingface/tokenizers']);
  });

  test('chunkdown/tokenizers: gpt-tokenizer only (the tokenizer.json reader is chunkdown/tokenizers/json)', () => {
    expect(runtimeGraph('tokenize/tokenizers.ts').bare).toEqual([
      'gpt-tokenizer/encoding/cl100k_base',
      'gpt-tokenizer/encoding/o200k_base',
    ]);
  });
});
