import { describe, expect, it } from 'vitest';
import { parseCommandLine, parseNumberFlag, suggestFlag } from '../src/cli/args.js';
import { UsageError } from '../src/cli/errors.js';
import { applyRuleFlag, checkRules, mergeRules } from '../src/cli/rules.js';
import { attributeOptionError, parseConfig, resolveSettings } from '../src/cli/settings.js';
import { tokenNames } from '../src/cli/tokens.js';
import { tokenizerNames } from '../src/tokenizers.js';

/** The message of the UsageError `run` throws. */
function usageError(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('expected a UsageError');
}

describe('parseCommandLine', () => {
  it('maps every library option flag', () => {
    const command = parseCommandLine([
      'docs',
      '--chunk-size',
      '500',
      '--max-overflow-ratio=1.5',
      '--max-raw-size',
      '800',
      '--overlap',
      '50',
      '--min-chunk-size',
      '100',
      '--context',
      '--tokens',
      'o200k_base',
      '--rule',
      'link=allow-split',
      '--rule',
      'link.style=preserve',
      '--rule',
      'list=size-split:200',
      'README.md',
    ]);
    expect(command.paths).toEqual(['docs', 'README.md']);
    expect(command.split).toEqual({
      chunkSize: 500,
      maxOverflowRatio: 1.5,
      maxRawSize: 800,
      overlap: 50,
      minChunkSize: 100,
      context: true,
      tokens: 'o200k_base',
      rules: {
        link: { split: 'allow-split', style: 'preserve' },
        list: { split: { rule: 'size-split', size: 200 } },
      },
    });
  });

  it('reads output flags and short aliases', () => {
    const command = parseCommandLine(['-s', '300', '-f', 'json', '-o', 'out.json', '-j', '3']);
    expect(command).toMatchObject({
      paths: [],
      split: { chunkSize: 300 },
      format: 'json',
      out: 'out.json',
      jobs: 3,
      report: false,
    });
    expect(parseCommandLine(['--report', '--ignore', 'a', '--ignore', 'b/**'])).toMatchObject({
      report: true,
      ignore: ['a', 'b/**'],
    });
    expect(parseCommandLine(['-h']).help).toBe(true);
    expect(parseCommandLine(['--version']).version).toBe(true);
  });

  it('--context takes no value', () => {
    expect(usageError(() => parseCommandLine(['--context=yes']))).toBe(
      'option --context takes no value',
    );
    expect(parseCommandLine(['docs']).split.context).toBeUndefined();
  });

  it('leaves unset options undefined', () => {
    const command = parseCommandLine([]);
    expect(command.split.chunkSize).toBeUndefined();
    expect(command.format).toBeUndefined();
    expect(command.jobs).toBeUndefined();
  });

  it('rejects unknown flags with a suggestion', () => {
    expect(usageError(() => parseCommandLine(['--chunk-sise', '5']))).toBe(
      'unknown option --chunk-sise (did you mean --chunk-size?)',
    );
    expect(usageError(() => parseCommandLine(['--frobnicate']))).toBe(
      'unknown option --frobnicate',
    );
    expect(usageError(() => parseCommandLine(['-x']))).toBe('unknown option -x');
  });

  it('rejects missing and unexpected values', () => {
    expect(usageError(() => parseCommandLine(['--chunk-size']))).toMatch(
      /^option --chunk-size needs a value/,
    );
    expect(usageError(() => parseCommandLine(['--chunk-size', '--report']))).toMatch(
      /^option --chunk-size needs a value/,
    );
    expect(usageError(() => parseCommandLine(['--report=yes']))).toBe(
      'option --report takes no value',
    );
  });

  it('rejects bad values naming the flag and what it accepts', () => {
    expect(usageError(() => parseCommandLine(['--chunk-size', 'big']))).toBe(
      '--chunk-size expects a number greater than 0, got "big"',
    );
    expect(usageError(() => parseCommandLine(['--chunk-size', '0']))).toBe(
      '--chunk-size expects a number greater than 0, got "0"',
    );
    expect(usageError(() => parseCommandLine(['--max-overflow-ratio', '0.5']))).toBe(
      '--max-overflow-ratio expects a number 1 or more, got "0.5"',
    );
    expect(usageError(() => parseCommandLine(['--max-raw-size', '10.5']))).toBe(
      '--max-raw-size expects an integer 1 or more, got "10.5"',
    );
    expect(usageError(() => parseCommandLine(['--overlap=-1']))).toBe(
      '--overlap expects a number 0 or more, got "-1"',
    );
    expect(usageError(() => parseCommandLine(['--jobs', '0']))).toBe(
      '--jobs expects an integer 1 or more, got "0"',
    );
    expect(usageError(() => parseCommandLine(['--format', 'yaml']))).toBe(
      '--format expects jsonl, json, text, got "yaml"',
    );
    expect(usageError(() => parseCommandLine(['--tokens', 'gpt2']))).toBe(
      '--tokens expects cl100k_base or o200k_base, got "gpt2"',
    );
    expect(usageError(() => parseCommandLine(['--out=']))).toBe(
      '--out expects a file path, got ""',
    );
  });
});

describe('parseNumberFlag', () => {
  it('accepts plain decimal numbers only', () => {
    expect(parseNumberFlag('overlap', '0', { min: 0 })).toBe(0);
    expect(parseNumberFlag('overlap', '12.5', { min: 0 })).toBe(12.5);
    for (const bad of ['', ' ', '1e3', '0x10', 'Infinity', 'NaN', '1,000', '5px']) {
      expect(() => parseNumberFlag('overlap', bad, { min: 0 }), bad).toThrow(UsageError);
    }
  });
});

describe('suggestFlag', () => {
  it('suggests close flags and nothing for distant ones', () => {
    expect(suggestFlag('--chunksize')).toBe('chunk-size');
    expect(suggestFlag('--token')).toBe('tokens');
    expect(suggestFlag('--formt')).toBe('format');
    expect(suggestFlag('--zzz')).toBeUndefined();
    expect(suggestFlag('-q')).toBeUndefined();
  });
});

describe('rules', () => {
  it('parses every form of --rule', () => {
    let rules = applyRuleFlag({}, 'code=never-split');
    rules = applyRuleFlag(rules, 'table.split=allow-split');
    rules = applyRuleFlag(rules, 'image.style=inline');
    rules = applyRuleFlag(rules, 'list=size-split:12.5');
    expect(rules).toEqual({
      code: { split: 'never-split' },
      table: { split: 'allow-split' },
      image: { style: 'inline' },
      list: { split: { rule: 'size-split', size: 12.5 } },
    });
  });

  it('names the flag and the accepted values in errors', () => {
    expect(usageError(() => applyRuleFlag({}, 'paragraph=never-split'))).toMatch(
      /^--rule "paragraph=never-split": unknown node type `paragraph`, expected one of `link`, `image`, .*`word`$/,
    );
    expect(usageError(() => applyRuleFlag({}, 'link=sometimes'))).toBe(
      '--rule "link=sometimes": unknown split rule "sometimes", expected `never-split`, `allow-split`, `size-split:N`',
    );
    expect(usageError(() => applyRuleFlag({}, 'list.style=preserve'))).toBe(
      '--rule "list.style=preserve": `style` applies only to `link` and `image`, not `list`',
    );
    expect(usageError(() => applyRuleFlag({}, 'link.style=reference'))).toMatch(
      /unknown style "reference", expected `inline`, `preserve`$/,
    );
    expect(usageError(() => applyRuleFlag({}, 'link.color=red'))).toMatch(/unknown field `color`/);
    expect(usageError(() => applyRuleFlag({}, 'never-split'))).toMatch(/^--rule expects TYPE=RULE/);
    expect(usageError(() => applyRuleFlag({}, 'list=size-split:'))).toMatch(/unknown split rule/);
  });

  it('checks rules from a config file', () => {
    expect(
      checkRules(
        {
          link: { split: { rule: 'allow-split' }, style: 'preserve' },
          table: { split: { rule: 'size-split', size: 300 } },
          list: { split: 'size-split:20' },
        },
        'c.json: rules',
      ),
    ).toEqual({
      link: { split: { rule: 'allow-split' }, style: 'preserve' },
      table: { split: { rule: 'size-split', size: 300 } },
      list: { split: { rule: 'size-split', size: 20 } },
    });
    expect(usageError(() => checkRules({ nope: {} }, 'c.json: rules'))).toMatch(
      /^c\.json: rules: unknown node type `nope`/,
    );
    expect(usageError(() => checkRules({ table: { split: { rule: 'size-split' } } }, 'r'))).toMatch(
      /^r\.table\.split must be/,
    );
    expect(usageError(() => checkRules({ table: 'never-split' }, 'r'))).toMatch(
      /^r\.table must be an object/,
    );
    expect(usageError(() => checkRules([], 'r'))).toBe('r must be an object keyed by node type');
  });

  it('merges rules field by field, the second argument winning', () => {
    expect(
      mergeRules(
        { link: { split: 'never-split', style: 'preserve' }, code: { split: 'never-split' } },
        { link: { split: 'allow-split' }, list: { split: 'never-split' } },
      ),
    ).toEqual({
      link: { split: 'allow-split', style: 'preserve' },
      code: { split: 'never-split' },
      list: { split: 'never-split' },
    });
  });
});

describe('config and settings', () => {
  it('reads a config file', () => {
    expect(
      parseConfig(
        '{"chunkSize": 400, "maxRawSize": 512, "tokens": "cl100k_base", "rules": {"code": {"split": "never-split"}}}',
        'c.json',
      ),
    ).toEqual({
      chunkSize: 400,
      maxRawSize: 512,
      tokens: 'cl100k_base',
      rules: { code: { split: 'never-split' } },
    });
  });

  it('rejects bad config files naming the file and the key', () => {
    expect(usageError(() => parseConfig('{', 'c.json'))).toMatch(/^c\.json is not valid JSON: /);
    expect(usageError(() => parseConfig('[1]', 'c.json'))).toBe(
      'c.json must hold a JSON object of options',
    );
    expect(usageError(() => parseConfig('{"chunksize": 1}', 'c.json'))).toBe(
      'c.json: unknown option `chunksize`, expected `chunkSize`, `maxOverflowRatio`, `maxRawSize`, `overlap`, `minChunkSize`, `context`, `rules`, `tokens`, `tokenizer`, `prefix`, `syntax`',
    );
    expect(usageError(() => parseConfig('{"overlap": "10"}', 'c.json'))).toBe(
      'c.json: `overlap` must be a number, got "10"',
    );
    expect(usageError(() => parseConfig('{"tokens": "p50k"}', 'c.json'))).toMatch(
      /^c\.json: `tokens` must be "cl100k_base" or "o200k_base", got "p50k"$/,
    );
  });

  it('lets flags win over the config and fills in the default chunk size', () => {
    expect(resolveSettings({})).toEqual({ chunkSize: 1000 });
    expect(resolveSettings({ tokens: 'cl100k_base' })).toEqual({
      chunkSize: 250,
      tokens: 'cl100k_base',
    });
    expect(
      resolveSettings(
        { overlap: 20, rules: { link: { style: 'preserve' } } },
        {
          chunkSize: 300,
          overlap: 10,
          tokens: 'o200k_base',
          rules: { link: { split: 'allow-split' } },
        },
      ),
    ).toEqual({
      chunkSize: 300,
      overlap: 20,
      tokens: 'o200k_base',
      rules: { link: { split: 'allow-split', style: 'preserve' } },
    });
  });

  it('takes a tokenizer.json and a prefix, from flags or the config file, as one size unit', () => {
    expect(
      parseCommandLine(['--tokenizer', 'bge/tokenizer.json', '--prefix', 'passage: ']).split,
    ).toMatchObject({ tokenizer: 'bge/tokenizer.json', prefix: 'passage: ' });
    expect(
      usageError(() => parseCommandLine(['--tokens', 'cl100k_base', '--tokenizer', 't.json'])),
    ).toMatch(/^--tokens and --tokenizer are two size units: give one/);
    expect(usageError(() => parseCommandLine(['--tokenizer', '']))).toBe(
      '--tokenizer expects a file path, got ""',
    );
    // A path in a config file is relative to the config file.
    expect(
      parseConfig('{"tokenizer": "models/tokenizer.json", "prefix": "query: "}', 'conf/c.json'),
    ).toEqual({ tokenizer: 'conf/models/tokenizer.json', prefix: 'query: ' });
    expect(usageError(() => parseConfig('{"tokenizer": 3}', 'c.json'))).toBe(
      'c.json: `tokenizer` must be the path of a tokenizer.json, got 3',
    );
    expect(
      usageError(() => parseConfig('{"tokens": "cl100k_base", "tokenizer": "t.json"}', 'c.json')),
    ).toBe('c.json: `tokens` and `tokenizer` are two size units: give one');
    expect(resolveSettings({ tokenizer: 't.json', prefix: 'passage: ' })).toEqual({
      chunkSize: 250,
      tokenizer: 't.json',
      prefix: 'passage: ',
    });
    // The flags' size unit replaces the config's, and the prefix goes with the tokenizer.
    expect(resolveSettings({ tokens: 'cl100k_base' }, { tokenizer: 't.json' })).toEqual({
      chunkSize: 250,
      tokens: 'cl100k_base',
    });
    expect(resolveSettings({ prefix: 'query: ' }, { tokenizer: 't.json' })).toMatchObject({
      tokenizer: 't.json',
      prefix: 'query: ',
    });
    expect(usageError(() => resolveSettings({ prefix: 'passage: ' }))).toMatch(
      /^--prefix needs --tokenizer/,
    );
  });

  it('names the flag or the config file in option errors of the library', () => {
    const message = 'Expected `options.overlap` to be smaller than `chunkSize` (100), not 500';
    expect(attributeOptionError(message, { overlap: 500 }, undefined)).toBe(
      'Expected `--overlap` to be smaller than `chunkSize` (100), not 500',
    );
    expect(attributeOptionError(message, {}, 'c.json')).toBe(`c.json: ${message}`);
    expect(attributeOptionError(message, {}, undefined)).toBe(message);
  });

  it('accepts the same encodings as chunkdown/tokenizers', () => {
    expect([...tokenNames]).toEqual([...tokenizerNames]);
  });
});
