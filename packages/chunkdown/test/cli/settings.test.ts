import { describe, expect, it } from 'vitest';
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
      'c.json: unknown option `chunksize`, expected `chunkSize`, `maxOverflowRatio`, `maxRawSize`, `overlap`, `minChunkSize`, `context`, `rules`, `tokens`, `syntax`',
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

  it('names the flag or the config file in option errors of the library', () => {
    const message = 'Expected `options.overlap` to be smaller than `chunkSize` (100), not 500';
    expect(attributeOptionError(message, { overlap: 500 }, undefined)).toBe(
      'Expected `--overlap` to be smaller than `chunkSize` (100), not 500',
    );
    expect(attributeOptionError(message, {}, 'c.json')).toBe(`c.json: ${message}`);
    expect(attributeOptionError(message, {}, undefined)).toBe(message);
  });
});
