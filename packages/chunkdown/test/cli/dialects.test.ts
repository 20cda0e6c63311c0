import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/args.js';
import { type CliIo, run } from '../../src/cli/run.js';
import { parseConfig } from '../../src/cli/settings.js';

// The command line reads docs dialects per file (issue 25).

let cwd: string;

const tabs = `<Tabs>
<TabItem value="npm">

${'Install the package with npm, then run the command once to check it. '.repeat(4)}

</TabItem>
</Tabs>
`;

beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'chunkdown-dialects-'));
  writeFileSync(join(cwd, 'page.mdx'), `# Install\n\n${tabs}`);
  writeFileSync(join(cwd, 'page.md'), `# Install\n\n${tabs}`);
  writeFileSync(
    join(cwd, 'note.md'),
    `:::note[Before you start]\n${'You need an account. '.repeat(10)}\n:::\n`,
  );
  writeFileSync(
    join(cwd, 'nuxt.md'),
    [
      '# Configuration',
      '',
      '::note{icon="i-lucide-info"}',
      'You do not have to use TypeScript. It is recommended all the same, so that your editor checks the file.',
      '::',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(cwd, 'learn.md'),
    [
      '# Install',
      '',
      '::: zone pivot="windows"',
      '',
      'Run the installer and restart the shell, so that the new path is picked up by it.',
      '',
      '::: zone-end',
      '',
      '# [Bash](#tab/bash)',
      '',
      'Export the variable in your profile, then open a new terminal and check that it is set.',
      '',
      '---',
      '',
    ].join('\n'),
  );
  writeFileSync(join(cwd, 'badge.md'), '# Status\n\n<Badge text="beta" />\n\nSome text.\n');
  writeFileSync(
    join(cwd, 'myst.md'),
    `\`\`\`\`{note}\n${'Read this first. '.repeat(6)}\n\n\`\`\`{list-table}\n:header-rows: 1\n\n* - Name\n  - Size\n${['small', 'medium', 'large'].map((row) => `* - ${row}\n  - ${'a size of its own '.repeat(3)}`).join('\n')}\n\`\`\`\n\`\`\`\`\n`,
  );
  writeFileSync(
    join(cwd, 'broken.mdx'),
    '# Pricing\n\nThe base plan costs less than {the premium plan.\n',
  );
});

afterAll(() => rmSync(cwd, { recursive: true, force: true }));

class Capture extends Writable {
  text = '';
  isTTY = false;
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

async function cli(argv: string[]) {
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = Object.assign((async function* () {})(), { isTTY: true });
  const io: CliIo = { argv, cwd, stdin, stdout, stderr, cpus: 1 };
  const code = await run(io);
  const records = stdout.text
    .trimEnd()
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  return { code, records, stderr: stderr.text };
}

describe('dialects on the command line', () => {
  it('reads a .mdx file as MDX: every piece of a component sits in it and re-opens it', async () => {
    const { code, records } = await cli(['page.mdx', '--chunk-size', '120', '--format', 'jsonl']);
    expect(code).toBe(0);
    expect(records[0].syntax).toEqual(['mdx']);
    const pieces = records.filter((record) => record.containers.length > 0);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) {
      expect(piece.containers.map((container: { name: string }) => container.name)).toEqual([
        'Tabs',
        'TabItem',
      ]);
      expect(piece.text).toMatch(/^(# Install\n\n)?<Tabs>\n<TabItem value="npm">/);
      expect(piece.text).toMatch(/<\/TabItem>\n<\/Tabs>$/);
    }
  });

  it('detects dialects by default, and --syntax none turns them off', async () => {
    const detected = await cli(['note.md', '--chunk-size', '80']);
    expect(detected.records[0].syntax).toEqual(['directive']);
    expect(
      detected.records.every((record) => record.text.startsWith(':::note[Before you start]')),
    ).toBe(true);
    const none = await cli(['note.md', '--chunk-size', '80', '--syntax', 'none']);
    expect(none.records[0].syntax).toBeUndefined();
    expect(none.records.every((record) => record.containers.length === 0)).toBe(true);
  });

  it('detects MyST: every piece of a directive reopens it, a list table repeats its header row', async () => {
    for (const argv of [[], ['--syntax', 'myst']]) {
      const { code, records } = await cli(['myst.md', '--chunk-size', '80', ...argv]);
      expect(code).toBe(0);
      expect(records[0].syntax).toEqual(['myst']);
      expect(records.length).toBeGreaterThan(2);
      for (const record of records) {
        expect(record.text.startsWith('````{note}\n')).toBe(true);
        expect(record.text.endsWith('\n````')).toBe(true);
        expect(record.containers[0]).toEqual({ kind: 'myst', name: 'note' });
        if (record.text.includes('a size of its own')) {
          expect(record.text).toContain('```{list-table}\n:header-rows: 1\n\n* - Name\n  - Size\n');
        }
      }
    }
    const none = await cli(['myst.md', '--chunk-size', '80', '--syntax', 'none']);
    expect(none.records.every((record) => record.containers.length === 0)).toBe(true);
  });

  it('a .md file is MDX where a component wraps markdown, else CommonMark unless --syntax asks', async () => {
    expect((await cli(['page.md'])).records[0].syntax).toEqual(['mdx']);
    expect((await cli(['badge.md'])).records[0].syntax).toBeUndefined();
    expect((await cli(['badge.md', '--syntax', 'mdx'])).records[0].syntax).toEqual(['mdx']);
    const forced = await cli(['page.md', '--syntax', 'mdx,math']);
    expect(forced.records[0].syntax).toEqual(['mdx', 'math']);
    expect(forced.records.some((record) => record.containers.length > 0)).toBe(true);
  });

  it('MDX that does not parse: its block is chunked as CommonMark, with a one-line notice naming its lines', async () => {
    const { code, records, stderr } = await cli(['broken.mdx']);
    expect(code).toBe(0);
    expect(records.map((record) => record.text).join('\n')).toContain('{the premium plan');
    expect(records[0].diagnostics).toEqual([expect.objectContaining({ syntax: 'mdx', line: 3 })]);
    expect(stderr).toMatch(
      /^chunkdown: broken\.mdx: line 3, column \d+: not MDX \(.+\); line 3 read without it\n$/,
    );
  });

  it('detects DocFX: every piece of a zone or tab holds its opener, and --syntax docfx forces it', async () => {
    for (const argv of [['learn.md'], ['learn.md', '--syntax', 'docfx']]) {
      const { code, records } = await cli([...argv, '--chunk-size', '60']);
      expect(code).toBe(0);
      expect(records[0].syntax).toEqual(['docfx']);
      for (const record of records) {
        if (/installer|restart|path is/.test(record.text)) {
          expect(record.text).toMatch(
            /^(# Install\n\n)?::: zone pivot="windows"\n[\s\S]*\n::: zone-end$/,
          );
          expect(record.containers).toEqual([
            { kind: 'docfx', name: 'zone', attributes: { pivot: 'windows' } },
          ]);
        }
        if (/profile|terminal|variable/.test(record.text))
          expect(record.text.startsWith('# [Bash](#tab/bash)\n')).toBe(true);
      }
    }
  });

  it('detects MDC: every piece of a component holds its opener and closer, and --syntax mdc forces it', async () => {
    for (const argv of [['nuxt.md'], ['nuxt.md', '--syntax', 'mdc']]) {
      const { code, records } = await cli([...argv, '--chunk-size', '50']);
      expect(code).toBe(0);
      expect(records[0].syntax).toEqual(['mdc']);
      const notes = records.filter((record) => /TypeScript|recommended/.test(record.text));
      expect(notes.length).toBeGreaterThan(1);
      for (const record of notes) {
        expect(record.text).toMatch(
          /^(# Configuration\n\n)?::note\{icon="i-lucide-info"\}\n[\s\S]*\n::$/,
        );
        expect(record.containers).toEqual([
          { kind: 'mdc', name: 'note', attributes: { icon: 'i-lucide-info' } },
        ]);
      }
    }
  });

  it('takes --syntax and a config syntax, and refuses anything else by name', () => {
    expect(parseCommandLine(['--syntax', 'directive, math']).split.syntax).toEqual([
      'directive',
      'math',
    ]);
    expect(parseCommandLine(['--syntax', 'auto']).split.syntax).toBe('auto');
    expect(() => parseCommandLine(['--syntax', 'latex'])).toThrow(
      /^--syntax must be auto, none or a comma-separated list of mdx, directive, math, mkdocs(, \w+)*, not latex$/,
    );
    expect(parseConfig('{"syntax": ["mkdocs"]}', 'c.json').syntax).toEqual(['mkdocs']);
    expect(() => parseConfig('{"syntax": 3}', 'c.json')).toThrow(/c\.json: `syntax` must be/);
  });
});
