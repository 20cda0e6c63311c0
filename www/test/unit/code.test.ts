import { chunkdown } from 'chunkdown';
import * as syntax from 'chunkdown/syntax';
import { describe, expect, it } from 'vitest';
import { settingsCode } from '../../src/lib/code.ts';
import { DEFAULT_SETTINGS, type Settings, toChunkdownOptions } from '../../src/lib/settings.ts';

const base: Settings = { ...DEFAULT_SETTINGS, rules: {}, syntax: { ...DEFAULT_SETTINGS.syntax } };

describe('settingsCode', () => {
  it('says the defaults as the library and the command line take them', () => {
    const { js, cli } = settingsCode(base);
    expect(js).toBe(
      [
        "import { chunkdown } from 'chunkdown';",
        "import { auto } from 'chunkdown/syntax';",
        '',
        'const splitter = chunkdown({\n  chunkSize: 500,\n  syntax: auto(),\n});',
        'const { chunks } = splitter.split(markdown);',
      ].join('\n'),
    );
    expect(cli).toBe('chunkdown doc.md --chunk-size 500');
  });

  it('says every setting that differs, and the call it gives splits as the page does', () => {
    const settings: Settings = {
      ...base,
      chunkSize: 300,
      maxOverflowRatio: 1.5,
      overlap: 20,
      rules: { table: { split: 'never-split', size: 200, style: 'default' } },
      syntax: { ...base.syntax, mdx: 'off', mkdocs: 'on' },
    };
    const { js, cli } = settingsCode(settings);
    expect(cli).toBe(
      'chunkdown doc.md --chunk-size 300 --max-overflow-ratio 1.5 --overlap 20 --rule table=never-split --syntax mkdocs',
    );
    // Run the generated call (its imports stood for by the modules) and compare.
    const body = js.replace(/^import .*$/gm, '');
    const names = Object.keys(syntax);
    const run = new Function(...names, 'chunkdown', 'markdown', `${body}\nreturn chunks;`);
    const markdown =
      '# A\n\n!!! note\n\n    Some text here that is long enough.\n\n| a | b |\n| - | - |\n| 1 | 2 |';
    const fromCode = run(
      ...names.map((name) => (syntax as Record<string, unknown>)[name]),
      chunkdown,
      markdown,
    );
    const fromPage = chunkdown(toChunkdownOptions(settings)).split(markdown).chunks;
    expect(fromCode.map((chunk: { text: string }) => chunk.text)).toEqual(
      fromPage.map((chunk) => chunk.text),
    );
  });

  it('turns the dialects off with --syntax none', () => {
    const off = Object.fromEntries(Object.keys(base.syntax).map((name) => [name, 'off']));
    const { js, cli } = settingsCode({ ...base, syntax: off as Settings['syntax'] });
    expect(cli).toBe('chunkdown doc.md --chunk-size 500 --syntax none');
    expect(js).not.toContain('syntax');
  });
});
