import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIgnore, discover, type Input } from '../../src/cli/discover.js';

let cwd: string;

const files = [
  'README.md',
  'notes.txt',
  'docs/index.md',
  'docs/guide/install.markdown',
  'docs/guide/usage.mdx',
  'docs/guide/UPPER.MD',
  'docs/guide/image.png',
  'docs/drafts/wip.md',
  'docs/.vitepress/theme.md',
  'docs/node_modules/pkg/README.md',
  'odd [name].md',
];

beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'chunkdown-discover-'));
  for (const file of files) {
    mkdirSync(join(cwd, file, '..'), { recursive: true });
    writeFileSync(join(cwd, file), `# ${file}\n`);
  }
  mkdirSync(join(cwd, 'empty'));
});

afterAll(() => {
  rmSync(cwd, { recursive: true, force: true });
});

const paths = (inputs: Input[]) =>
  inputs.map((input) => (input.kind === 'file' ? input.path : '-'));

describe('discover', () => {
  it('walks folders for markdown files, sorted, skipping hidden folders and node_modules', async () => {
    const { inputs, problems } = await discover(['docs'], { cwd, ignore: [] });
    expect(problems).toEqual([]);
    expect(paths(inputs)).toEqual([
      'docs/drafts/wip.md',
      'docs/guide/UPPER.MD',
      'docs/guide/install.markdown',
      'docs/guide/usage.mdx',
      'docs/index.md',
    ]);
  });

  it('keeps files as given, whatever their extension, in argument order, once each', async () => {
    const { inputs } = await discover(['notes.txt', 'README.md', './README.md', 'odd [name].md'], {
      cwd,
      ignore: [],
    });
    expect(paths(inputs)).toEqual(['notes.txt', 'README.md', 'odd [name].md']);
  });

  it('expands globs', async () => {
    const { inputs, problems } = await discover(['docs/**/*.md', 'docs/index.md'], {
      cwd,
      ignore: [],
    });
    expect(problems).toEqual([]);
    expect(paths(inputs)).toEqual(['docs/drafts/wip.md', 'docs/index.md']);
  });

  it('applies --ignore to walked folders and globs', async () => {
    const walked = await discover(['docs'], { cwd, ignore: ['drafts', '*.mdx'] });
    expect(paths(walked.inputs)).toEqual([
      'docs/guide/UPPER.MD',
      'docs/guide/install.markdown',
      'docs/index.md',
    ]);
    const byPath = await discover(['docs'], { cwd, ignore: ['docs/guide'] });
    expect(paths(byPath.inputs)).toEqual(['docs/drafts/wip.md', 'docs/index.md']);
    const fromRoot = await discover(['docs'], { cwd, ignore: ['guide/*.mdx', 'guide/UPPER.*'] });
    expect(paths(fromRoot.inputs)).toEqual([
      'docs/drafts/wip.md',
      'docs/guide/install.markdown',
      'docs/index.md',
    ]);
    const globbed = await discover(['**/*.md'], { cwd, ignore: ['**/drafts/**', 'README.md'] });
    expect(paths(globbed.inputs)).toEqual(['docs/index.md', 'odd [name].md']);
  });

  it('reports arguments that give nothing, and keeps going', async () => {
    const { inputs, problems } = await discover(
      ['missing.md', 'README.md', 'empty', 'nothing/*.md', 'docs/index.md/x'],
      { cwd, ignore: [] },
    );
    expect(paths(inputs)).toEqual(['README.md']);
    expect(problems).toEqual([
      { path: 'missing.md', key: 'missing.md', message: 'no such file or directory' },
      { path: 'empty', key: 'empty', message: 'no .md, .markdown or .mdx files in this folder' },
      { path: 'nothing/*.md', key: 'nothing/*.md', message: 'no files match this glob' },
      { path: 'docs/index.md/x', key: 'docs/index.md/x', message: 'not a directory' },
    ]);
  });

  it('reads standard input for "-", once', async () => {
    const { inputs } = await discover(['-', 'README.md', '-'], { cwd, ignore: [] });
    expect(inputs).toEqual([
      { kind: 'stdin' },
      { kind: 'file', path: 'README.md', key: 'README.md' },
    ]);
  });

  it('walks a folder inside node_modules when it is named', async () => {
    const { inputs } = await discover(['docs/node_modules/pkg'], { cwd, ignore: [] });
    expect(paths(inputs)).toEqual(['docs/node_modules/pkg/README.md']);
  });
});

describe('discover: keys and symlinks', () => {
  it('keys each file by its path relative to the argument that found it', async () => {
    const { inputs } = await discover(['docs/guide', 'docs/**/index.md', './README.md'], {
      cwd,
      ignore: [],
    });
    expect(inputs).toEqual([
      { kind: 'file', path: 'docs/guide/UPPER.MD', key: 'UPPER.MD' },
      { kind: 'file', path: 'docs/guide/install.markdown', key: 'install.markdown' },
      { kind: 'file', path: 'docs/guide/usage.mdx', key: 'usage.mdx' },
      { kind: 'file', path: 'docs/index.md', key: 'index.md' },
      { kind: 'file', path: './README.md', key: 'README.md' },
    ]);
    // The same folder under another name gives the same keys.
    const elsewhere = await discover([join(cwd, 'docs', 'guide')], { cwd: tmpdir(), ignore: [] });
    expect(elsewhere.inputs.map((input) => (input.kind === 'file' ? input.key : ''))).toEqual([
      'UPPER.MD',
      'install.markdown',
      'usage.mdx',
    ]);
  });

  it('follows symlinks, reports a broken one like a missing file, survives a cycle', async () => {
    const root = join(cwd, 'linked');
    mkdirSync(join(root, 'sub'), { recursive: true });
    writeFileSync(join(root, 'real.md'), '# Real\n');
    symlinkSync('real.md', join(root, 'alias.md'));
    symlinkSync('gone.md', join(root, 'broken.md'));
    symlinkSync('nowhere', join(root, 'broken-folder'));
    symlinkSync('..', join(root, 'sub', 'loop'));
    symlinkSync(join(cwd, 'docs', 'guide'), join(root, 'guide'));
    const { inputs, problems } = await discover(['linked'], { cwd, ignore: [] });
    expect(paths(inputs)).toEqual([
      'linked/alias.md',
      'linked/guide/UPPER.MD',
      'linked/guide/install.markdown',
      'linked/guide/usage.mdx',
      'linked/real.md',
    ]);
    expect(problems).toEqual([
      { path: 'linked/broken.md', key: 'broken.md', message: 'no such file or directory' },
    ]);
    const ignored = await discover(['linked'], { cwd, ignore: ['broken.md'] });
    expect(ignored.problems).toEqual([]);
  });
});

describe('createIgnore', () => {
  it('matches names anywhere and paths from the working directory or the walked folder', () => {
    const ignored = createIgnore(['CHANGELOG.md', 'vendor', 'docs/api/**', 'internal/']);
    expect(ignored('CHANGELOG.md')).toBe(true);
    expect(ignored('pkg/CHANGELOG.md')).toBe(true);
    expect(ignored('pkg/vendor/x/README.md')).toBe(true);
    expect(ignored('docs/api/a/b.md')).toBe(true);
    expect(ignored('site/docs/api/b.md')).toBe(false);
    expect(ignored('site/internal/b.md', 'internal/b.md')).toBe(true);
    expect(ignored('docs/guide.md', 'guide.md')).toBe(false);
    expect(createIgnore([])('anything.md')).toBe(false);
  });
});
