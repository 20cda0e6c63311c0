import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfigModule } from '../../src/cli/config-module.js';
import { type CliIo, run } from '../../src/cli/run.js';

// `--config` naming a JavaScript module: options and syntax extensions (the real wiki-link
// packages, which the module imports by name, as a user's does: it sits in a temporary folder
// under the package's `node_modules/.cache`, so they resolve from the package's dependencies).

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

let cwd: string;

const note = [
  '# Notes',
  '',
  'The llama carries packs, see [[Llama care:how to care for llamas]] for the details.',
  '',
  'Its cousin is [[Alpaca]], and [[snake_case_page]] is kept as written.',
  '',
].join('\n');

const imports = `import { syntax as wikiLink } from 'micromark-extension-wiki-link';
import { fromMarkdown, toMarkdown } from 'mdast-util-wiki-link';
const wiki = { name: 'wiki-link', micromark: wikiLink(), fromMarkdown: fromMarkdown(), toMarkdown: toMarkdown() };
`;

beforeAll(() => {
  const cache = join(packageDir, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  cwd = mkdtempSync(join(cache, 'config-module-'));
  writeFileSync(join(cwd, 'note.md'), note);
  writeFileSync(
    join(cwd, 'options.mjs'),
    `${imports}export default { chunkSize: 30, syntax: ['auto', wiki] };\n`,
  );
  writeFileSync(join(cwd, 'named.mjs'), `${imports}export const syntax = [wiki];\n`);
  writeFileSync(join(cwd, 'only.mjs'), `${imports}export default wiki;\n`);
  writeFileSync(
    join(cwd, 'bad.mjs'),
    `${imports}export default { syntax: ['auto', { ...wiki, micromark: wikiLink }] };\n`,
  );
  writeFileSync(join(cwd, 'clash.mjs'), `${imports}export default [{ ...wiki, name: 'mdx' }];\n`);
  writeFileSync(join(cwd, 'empty.mjs'), 'export const other = 1;\n');
  writeFileSync(join(cwd, 'throws.mjs'), "throw new Error('broken module');\n");
  mkdirSync(join(cwd, 'many'));
  for (let index = 0; index < 6; index++) writeFileSync(join(cwd, 'many', `n${index}.md`), note);
});

afterAll(() => {
  rmSync(cwd, { recursive: true, force: true });
});

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer, _: string, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

async function cli(argv: string[]) {
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = Object.assign((async function* () {})(), { isTTY: true });
  const io: CliIo = { argv, cwd, stdin, stdout, stderr, cpus: 2 };
  const code = await run(io);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

const texts = (jsonl: string): string[] =>
  jsonl
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
    .filter((record) => typeof record.text === 'string')
    .map((record) => record.text);

const links = (chunks: readonly string[]) =>
  chunks.flatMap((text) => text.match(/\[\[[^\]]*\]\]/g) ?? []);

describe('--config MODULE', () => {
  it('takes options and syntax extensions from the default export', async () => {
    const { code, stdout, stderr } = await cli(['note.md', '--config', 'options.mjs']);
    expect([code, stderr]).toEqual([0, '']);
    expect(links(texts(stdout))).toEqual(note.match(/\[\[[^\]]*\]\]/g));
    const plain = await cli(['note.md', '--chunk-size', '30', '--syntax', 'none']);
    // Without the extension (nor the built-in obsidian()), a link is cut at this size.
    expect(links(texts(plain.stdout))).not.toEqual(note.match(/\[\[[^\]]*\]\]/g));
  });

  it('takes the syntax from a named `syntax` export, or a default export that is one', async () => {
    for (const config of ['named.mjs', 'only.mjs']) {
      const { code, stdout } = await cli(['note.md', '--config', config, '--chunk-size', '30']);
      expect(code).toBe(0);
      expect(links(texts(stdout))).toEqual(note.match(/\[\[[^\]]*\]\]/g));
    }
  });

  it('keeps the extensions under --syntax none (it turns the built-in dialects off)', async () => {
    const { stdout } = await cli(['note.md', '--config', 'options.mjs', '--syntax', 'none']);
    expect(links(texts(stdout))).toEqual(note.match(/\[\[[^\]]*\]\]/g));
  });

  it('refuses a bad extension, naming the item of the module', async () => {
    const bad = await cli(['note.md', '--config', 'bad.mjs']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(
      /^chunkdown: bad\.mjs: Expected a micromark extension.*`syntax\[1\]\.micromark`, not a function: call it/,
    );
    const clash = await cli(['note.md', '--config', 'clash.mjs']);
    expect(clash.stderr).toMatch(/`syntax\[0\]\.name`, not `"mdx"`: a built-in dialect/);
  });

  it('refuses a module that gives nothing, or does not load', async () => {
    expect((await cli(['note.md', '--config', 'empty.mjs'])).stderr).toMatch(
      /empty\.mjs: a config module exports its options as default, or its syntax as `syntax`/,
    );
    const broken = await cli(['note.md', '--config', 'throws.mjs']);
    expect([broken.code, broken.stderr]).toEqual([
      2,
      'chunkdown: cannot load --config throws.mjs: broken module\n',
    ]);
  });

  it('loadConfigModule splits the built-in names from the extensions', async () => {
    const found = await loadConfigModule(join(cwd, 'options.mjs'), 'options.mjs');
    expect(found.options).toEqual({ chunkSize: 30, syntax: 'auto' });
    expect(found.extensions.map((extension) => extension.name)).toEqual(['wiki-link']);
  });
});

// Worker threads load the module again (functions do not travel between threads): the built
// command, with enough files for workers.
describe.skipIf(!existsSync(join(packageDir, 'dist', 'cli.js')))(
  '--config MODULE on workers',
  () => {
    it('reads every file with the extensions', () => {
      const result = spawnSync(
        process.execPath,
        [join(packageDir, 'dist', 'cli.js'), 'many', '--config', 'options.mjs', '--jobs', '2'],
        { cwd, encoding: 'utf8' },
      );
      expect([result.status, result.stderr]).toEqual([0, '']);
      const chunks = texts(result.stdout);
      expect(links(chunks)).toEqual(
        Array.from({ length: 6 }, () => note.match(/\[\[[^\]]*\]\]/g) ?? []).flat(),
      );
    });
  },
);
