import { describe, expect, it } from 'vitest';
import { parseCommandLine } from '../../src/cli/args.js';
import { attributeOptionError, parseConfig, resolveSettings } from '../../src/cli/settings.js';
import { usageError } from '../helpers/usage-error.js';

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
      'c.json: unknown option `chunksize`, expected `chunkSize`, `maxOverflowRatio`, `maxRawSize`, `overlap`, `minChunkSize`, `context`, `parents`, `rules`, `tokens`, `tokenizer`, `prefix`, `syntax`',
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
      '--tokenizer must be a file path, not ""',
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

  it('says option errors of the library in flag terms, or config keys with the file', () => {
    const message = 'Expected `options.overlap` to be smaller than `chunkSize` (100), not 500';
    // Both given as flags: both named as flags, never a flag beside an option name.
    expect(attributeOptionError(message, { overlap: 500, chunkSize: 100 }, undefined)).toBe(
      '--overlap must be smaller than --chunk-size (100), not 500',
    );
    // The chunk size left at its default (250 with --tokens).
    expect(attributeOptionError(message, { overlap: 500 }, undefined)).toBe(
      '--overlap must be smaller than the default --chunk-size (100), not 500',
    );
    // The chunk size from the config file, the overlap a flag.
    expect(attributeOptionError(message, { overlap: 500 }, 'c.json', { chunkSize: 100 })).toBe(
      'c.json: --overlap must be smaller than chunkSize (100), not 500',
    );
    // Both in the config file.
    expect(attributeOptionError(message, {}, 'c.json', { overlap: 500, chunkSize: 100 })).toBe(
      'c.json: overlap must be smaller than chunkSize (100), not 500',
    );
    expect(
      attributeOptionError(
        'Expected `options.parents.maxSize` to be at least `chunkSize` (250), not 100',
        { parents: { maxSize: 100 } },
        undefined,
      ),
    ).toBe('--parents must be at least the default --chunk-size (250), not 100');
    expect(
      attributeOptionError(
        'Expected a finite number > 0 for `options.chunkSize`, not -5',
        {},
        'c.json',
        { chunkSize: -5 },
      ),
    ).toBe('c.json: chunkSize must be a finite number > 0, not -5');
    expect(
      attributeOptionError(
        'Expected `options.maxRawSize` to be larger than the 4 the model adds to every chunk (prefix and special tokens, `lengthFunction.reserve`), not 3',
        { maxRawSize: 3 },
        undefined,
      ),
    ).toBe(
      '--max-raw-size must be larger than the 4 the model adds to every chunk: --prefix and the special tokens of --tokenizer, not 3',
    );
    const other = 'Expected `true` or `false` for `options.context`, not `"yes"`';
    expect(attributeOptionError(other, {}, 'c.json')).toBe(`c.json: ${other}`);
    expect(attributeOptionError(other, {}, undefined)).toBe(other);
  });
});
