import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { nodeModulesDocuments } from '../bench/corpus.mjs';

// The node_modules corpus of the benchmarks (bench:fill, bench:retrieval --datasets npm) must be
// the same documents in the same order on every machine: of two versions of one package, which
// comes first may not depend on the order the file system lists them in.

describe('nodeModulesDocuments', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'chunkdown-corpus-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  test('orders two versions of one package by version, numbers as numbers', async () => {
    const versions = ['9.1.0', '10.0.0', '2.0.0'];
    const projects = ['.', 'packages/a', 'packages/b'];
    versions.forEach((version, index) => {
      const folder = path.join(root, 'node_modules/.pnpm', `x@${version}`, 'node_modules/x');
      mkdirSync(folder, { recursive: true });
      writeFileSync(path.join(folder, 'README.md'), `# x ${version}\n\nThe notes of ${version}.\n`);
      const modules = path.join(root, projects[index] as string, 'node_modules');
      mkdirSync(modules, { recursive: true });
      symlinkSync(folder, path.join(modules, 'x'));
    });
    const documents = await nodeModulesDocuments(root, 1e6);
    expect(documents.map((document) => document.name)).toEqual(versions.map(() => 'x/README.md'));
    expect(documents.map((document) => /x@([\d.]+)/.exec(document.file)?.[1])).toEqual([
      '2.0.0',
      '9.1.0',
      '10.0.0',
    ]);
  });
});
