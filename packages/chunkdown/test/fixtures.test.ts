import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { type ChunkdownOptions, chunkdown, type Syntax } from '../src/index.js';
import * as syntax from '../src/syntax.js';
import { checkInvariants } from './helpers/invariants.js';

/**
 * Fixture cases: `fixtures/<case>/input.md`, `options.json` and the expected `split()` result in
 * `output.json`: every chunk whole (text, offsets, breadcrumbs, sizes, overflow, …) and the front
 * matter. `options.json` names dialects by their `chunkdown/syntax` function (`"syntax": "auto"`,
 * `"syntax": ["mdx", "math"]`). Outside CI a missing `output.json` is written from the current result (and `UPDATE=1`
 * rewrites them all): review the diff of any written file before committing it. In CI (`CI` set) a
 * missing one fails the case, naming the file: an expectation written there would only compare
 * the result with itself.
 */
const root = new URL('./fixtures/', import.meta.url).pathname;

describe('fixtures', () => {
  for (const name of readdirSync(root).sort()) {
    test(name, () => {
      const directory = join(root, name);
      const input = readFileSync(join(directory, 'input.md'), 'utf8');
      const options = withSyntax(JSON.parse(readFileSync(join(directory, 'options.json'), 'utf8')));
      const result = chunkdown(options).split(input);
      const expectedFile = join(directory, 'output.json');
      const missing = !existsSync(expectedFile);
      if (missing && process.env.CI && !process.env.UPDATE) {
        throw new Error(
          `Missing expected output ${relative(process.cwd(), expectedFile)}: run the tests outside CI to write it, review it and commit it`,
        );
      }
      if (process.env.UPDATE || missing) {
        writeFileSync(expectedFile, `${JSON.stringify(result, null, 2)}\n`);
      }
      expect(result).toEqual(JSON.parse(readFileSync(expectedFile, 'utf8')));
      // Offsets point at the source of each chunk.
      for (const chunk of result.chunks) {
        expect(input.slice(chunk.start, chunk.end).trim()).not.toBe('');
      }
      checkInvariants(input, options);
    });
  }
});

/** Options with the dialects `options.json` names made into `chunkdown/syntax` objects. */
function withSyntax(options: ChunkdownOptions & { syntax?: unknown }): ChunkdownOptions {
  const named = options.syntax;
  if (named === undefined) return options;
  const make = (name: string) => {
    const factory = (syntax as unknown as Record<string, () => Syntax | Syntax[]>)[name];
    if (!factory) throw new Error(`Unknown dialect ${name} in options.json`);
    return factory();
  };
  return { ...options, syntax: (Array.isArray(named) ? named : [named]).map(make) as Syntax[] };
}
