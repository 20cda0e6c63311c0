import { type ChunkdownOptions, chunkdown, ruleKeys, type Syntax } from 'chunkdown';
import { auto, syntaxNames } from 'chunkdown/syntax';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RULE,
  DEFAULT_SETTINGS,
  overflowLimit,
  RULE_CONTROLS,
  type Settings,
  sanitizeSettings,
  toChunkdownOptions,
  withRule,
} from '../../src/lib/settings.ts';

const base: Settings = { ...DEFAULT_SETTINGS, rules: {} };

/** Whether the library takes these options. */
function accepts(options: ChunkdownOptions): boolean {
  try {
    chunkdown(options);
    return true;
  } catch {
    return false;
  }
}

describe('the rule controls', () => {
  it('offer a control for every rule key the library exports, in its order', () => {
    expect(RULE_CONTROLS.map((control) => control.key)).toEqual([...ruleKeys]);
    expect(RULE_CONTROLS.map((control) => control.key)).toContain('html');
  });

  it.each([...ruleKeys])(
    'offer for %s what its rule takes: split, style where it has one, no transform',
    (key) => {
      const control = RULE_CONTROLS.find((candidate) => candidate.key === key);
      if (!control) throw new Error(`no control for ${key}`);
      expect(Object.keys(control).sort()).toEqual(['key', 'split', 'style']);
      for (const split of control.split) {
        const options = toChunkdownOptions(withRule(base, key, { ...DEFAULT_RULE, split }));
        expect(accepts(options), split).toBe(true);
        expect(options.rules?.[key] !== undefined, split).toBe(split !== 'default');
      }
      const takesStyle = accepts({ chunkSize: 10, rules: { [key]: { style: 'preserve' } } });
      expect(control.style !== null).toBe(takesStyle);
      for (const style of control.style ?? []) {
        const options = toChunkdownOptions(withRule(base, key, { ...DEFAULT_RULE, style }));
        expect(accepts(options), style).toBe(true);
      }
    },
  );

  it('keep every rule through a shared link', () => {
    for (const key of ruleKeys) {
      const rules = { [key]: { split: 'size-split', size: 300, style: 'default' } };
      expect(sanitizeSettings({ ...base, rules }).rules, key).toEqual(rules);
    }
  });
});

describe('toChunkdownOptions', () => {
  it('passes the sizes through and leaves out an unset raw cap and default rules', () => {
    const { syntax, ...options } = toChunkdownOptions(base);
    expect(options).toEqual({
      chunkSize: 500,
      maxOverflowRatio: 1,
      overlap: 0,
      minChunkSize: 0,
    });
    // Every dialect is detected by default, as on the command line.
    expect((syntax as Syntax[]).map((dialect) => [dialect.name, dialect.when])).toEqual(
      syntaxNames.map((name) => [name, 'detected']),
    );
  });

  it('maps the dialect controls: on always, off left out', () => {
    const settings: Settings = {
      ...base,
      syntax: { ...base.syntax, mdx: 'off', math: 'on' },
    };
    const syntax = toChunkdownOptions(settings).syntax as Syntax[];
    // Every other dialect of the library's list stays detected.
    expect(syntax.map((dialect) => [dialect.name, dialect.when])).toEqual(
      syntaxNames
        .filter((name) => name !== 'mdx')
        .map((name) => [name, name === 'math' ? 'always' : 'detected']),
    );
    const none: Settings = {
      ...base,
      syntax: Object.fromEntries(syntaxNames.map((name) => [name, 'off'])) as Settings['syntax'],
    };
    expect(toChunkdownOptions(none)).not.toHaveProperty('syntax');
  });

  it('maps rule controls to the library rule forms', () => {
    let settings: Settings = { ...base, maxRawSize: 900 };
    settings = withRule(settings, 'code', { ...DEFAULT_RULE, split: 'never-split' });
    settings = withRule(settings, 'table', { ...DEFAULT_RULE, split: 'size-split', size: 300 });
    settings = withRule(settings, 'link', { ...DEFAULT_RULE, style: 'preserve' });
    expect(toChunkdownOptions(settings)).toMatchObject({
      maxRawSize: 900,
      rules: {
        code: { split: 'never-split' },
        table: { split: { rule: 'size-split', size: 300 } },
        link: { style: 'preserve' },
      },
    });
    expect(toChunkdownOptions(settings).rules?.link).not.toHaveProperty('split');
  });

  it('passes invalid numbers through, so the library can name them', () => {
    expect(toChunkdownOptions({ ...base, chunkSize: Number.NaN }).chunkSize).toBeNaN();
    expect(toChunkdownOptions({ ...base, maxOverflowRatio: 0.5 }).maxOverflowRatio).toBe(0.5);
  });
});

describe('withRule', () => {
  it('drops a rule set back to the defaults', () => {
    const custom = withRule(base, 'word', { ...DEFAULT_RULE, split: 'allow-split' });
    expect(custom.rules.word?.split).toBe('allow-split');
    expect(withRule(custom, 'word', { ...DEFAULT_RULE }).rules).toEqual({});
    expect(base.rules).toEqual({});
  });
});

describe('overflowLimit', () => {
  it('is chunk size × ratio, or null when that is not a positive number', () => {
    expect(overflowLimit(base)).toBe(500);
    expect(overflowLimit({ ...base, maxOverflowRatio: 1.5 })).toBe(750);
    expect(overflowLimit({ ...base, chunkSize: Number.NaN })).toBeNull();
    expect(overflowLimit({ ...base, chunkSize: -1 })).toBeNull();
    expect(overflowLimit({ ...base, maxOverflowRatio: 0.5 })).toBeNull();
    expect(overflowLimit({ ...base, chunkSize: Number.POSITIVE_INFINITY })).toBeNull();
  });
});

describe('sanitizeSettings', () => {
  it('keeps well-typed values', () => {
    const wellTyped = {
      chunkSize: 250,
      maxOverflowRatio: 2,
      maxRawSize: 1000,
      unit: 'cl100k',
      prefix: '',
      overlap: 40,
      minChunkSize: 60,
      context: true,
      rules: { image: { split: 'allow-split', size: 10, style: 'inline' } },
      syntax: { ...base.syntax, mdx: 'on', directive: 'off', math: 'auto', mkdocs: 'auto' },
    };
    expect(sanitizeSettings(structuredClone(wellTyped))).toEqual(wellTyped);
    // The tokenizer.json unit and its prefix travel in a link (the file does not).
    expect(sanitizeSettings({ ...wellTyped, unit: 'tokenizer', prefix: 'passage: ' })).toEqual({
      ...wellTyped,
      unit: 'tokenizer',
      prefix: 'passage: ',
    });
  });

  it('replaces anything malformed with the defaults', () => {
    const settings = sanitizeSettings({
      chunkSize: '500; alert(1)',
      maxOverflowRatio: null,
      maxRawSize: 'big',
      unit: 'bytes',
      prefix: 42,
      overlap: Number.POSITIVE_INFINITY,
      rules: {
        code: { split: 'explode', size: 'x' },
        heading: 'never-split',
        strong: { split: 'never-split', style: 'preserve' },
      },
    });
    expect(settings).toEqual({
      ...DEFAULT_SETTINGS,
      // A style on a node type without references is ignored.
      rules: { strong: { split: 'never-split', size: DEFAULT_RULE.size, style: 'default' } },
    });
    expect(sanitizeSettings('nonsense')).toEqual({ ...DEFAULT_SETTINGS, rules: {} });
  });
});

describe('the defaults', () => {
  it('are the library’s and the command line’s: ratio 1, dialects detected (auto())', () => {
    const text = [
      '# Guide',
      '',
      '!!! note "Before you start"',
      '',
      '    ```sh',
      '    npm i x',
      '    ```',
      '',
      ...Array.from({ length: 40 }, (_, index) =>
        `Paragraph ${index} says a little more. `.repeat(4),
      ),
    ].join('\n\n');
    const page = chunkdown(toChunkdownOptions(DEFAULT_SETTINGS)).split(text);
    const library = chunkdown({ chunkSize: DEFAULT_SETTINGS.chunkSize, syntax: auto() }).split(
      text,
    );
    expect(DEFAULT_SETTINGS.maxOverflowRatio).toBe(1);
    expect(page.syntax).toEqual(['mkdocs']);
    expect(page.chunks.map((chunk) => chunk.text)).toEqual(
      library.chunks.map((chunk) => chunk.text),
    );
  });
});
