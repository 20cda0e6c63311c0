import { describe, expect, it } from 'vitest';
import { parseCommandLine, parseNumberFlag, suggestFlag } from '../../src/cli/args.js';
import { UsageError } from '../../src/cli/errors.js';
import { usageError } from '../helpers/usage-error.js';

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
      '--chunk-size must be a number above 0, not big',
    );
    expect(usageError(() => parseCommandLine(['--chunk-size', '0']))).toBe(
      '--chunk-size must be a number above 0, not 0',
    );
    expect(usageError(() => parseCommandLine(['--max-overflow-ratio', '0.5']))).toBe(
      '--max-overflow-ratio must be a number of 1 or more, not 0.5',
    );
    expect(usageError(() => parseCommandLine(['--max-raw-size', '10.5']))).toBe(
      '--max-raw-size must be an integer of 1 or more, not 10.5',
    );
    expect(usageError(() => parseCommandLine(['--overlap=-1']))).toBe(
      '--overlap must be a number of 0 or more, not -1',
    );
    expect(usageError(() => parseCommandLine(['--jobs', '0']))).toBe(
      '--jobs must be an integer of 1 or more, not 0',
    );
    expect(usageError(() => parseCommandLine(['--format', 'yaml']))).toBe(
      '--format must be jsonl, json or text, not yaml',
    );
    expect(usageError(() => parseCommandLine(['--tokens', 'gpt2']))).toBe(
      '--tokens must be cl100k_base or o200k_base, not gpt2',
    );
    // A negative number after a numeric flag is its value, and the message says what is wrong.
    expect(usageError(() => parseCommandLine(['--chunk-size', '-5']))).toBe(
      '--chunk-size must be a number above 0, not -5',
    );
    expect(usageError(() => parseCommandLine(['-s', '-0.5']))).toBe(
      '--chunk-size must be a number above 0, not -0.5',
    );
    expect(usageError(() => parseCommandLine(['--parents', '-100']))).toBe(
      '--parents must be a number above 0, not -100',
    );
    expect(usageError(() => parseCommandLine(['--chunk-size', '1e3']))).toBe(
      '--chunk-size must be a number above 0, not 1e3',
    );
    expect(parseCommandLine(['--chunk-size', '500', '--', '-5']).paths).toEqual(['-5']);
    expect(usageError(() => parseCommandLine(['--out=']))).toBe(
      '--out must be a file path, not ""',
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
