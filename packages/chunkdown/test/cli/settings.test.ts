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

  it('names the flag or the config file in option errors of the library', () => {
    const message = 'Expected `options.overlap` to be smaller than `chunkSize` (100), not 500';
    expect(attributeOptionError(message, { overlap: 500 }, undefined)).toBe(
      'Expected `--overlap` to be smaller than `chunkSize` (100), not 500',
    );
    // Both given as flags: both named as flags, never a flag beside an option name.
    expect(attributeOptionError(message, { overlap: 500, chunkSize: 100 }, undefined)).toBe(
      'Expected `--overlap` to be smaller than `--chunk-size` (100), not 500',
    );
    expect(attributeOptionError(message, {}, 'c.json')).toBe(`c.json: ${message}`);
    expect(attributeOptionError(message, {}, undefined)).toBe(message);
  });
});
