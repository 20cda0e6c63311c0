import { readFileSync } from 'node:fs';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100kRanks from 'js-tiktoken/ranks/cl100k_base';
import o200kRanks from 'js-tiktoken/ranks/o200k_base';
import { describe, expect, it } from 'vitest';
import {
  cl100k_base,
  isTokenizerName,
  o200k_base,
  tokenCounter,
  tokenizerNames,
} from '../src/tokenize/tokenizers.js';

// An independent implementation (js-tiktoken) is the reference for the counts.
const reference = {
  cl100k_base: new Tiktoken(cl100kRanks),
  o200k_base: new Tiktoken(o200kRanks),
};

const samples = [
  '',
  'Hello, world!',
  '# Getting started\n\nInstall the package:\n\n```sh\nnpm install chunkdown\n```\n',
  '| option | default |\n| --- | --- |\n| `chunkSize` | required |\n| `overlap` | 0 |',
  '* one\n* two\n  * nested [link](https://example.com/a_b?c=d#e)\n',
  '日本語のテキストは空白なしで書かれます。東京都は日本の首都です。',
  'Emoji 👩‍👩‍👧‍👦 and flags 🇯🇵, e\u0301 combining, Ελληνικά, русский, العربية.',
  'Documents may mention <|endoftext|> or <|im_start|> as plain text.',
  '   leading and trailing whitespace \t\r\n\n',
  'word '.repeat(2000),
];

describe('token counters', () => {
  for (const name of tokenizerNames) {
    it(`${name} agrees with js-tiktoken`, () => {
      const count = tokenCounter(name);
      for (const text of samples) {
        expect(count(text), JSON.stringify(text.slice(0, 40))).toBe(
          reference[name].encode(text, [], []).length,
        );
      }
    });
  }

  it('exports the counters by name', () => {
    expect(tokenCounter('cl100k_base')).toBe(cl100k_base);
    expect(tokenCounter('o200k_base')).toBe(o200k_base);
    expect(cl100k_base('')).toBe(0);
  });

  it('counts special-token text as plain text instead of throwing', () => {
    expect(cl100k_base('<|endoftext|>')).toBeGreaterThan(1);
    expect(o200k_base('<|endoftext|>')).toBeGreaterThan(1);
  });

  it('rejects unknown names with a message naming the option and the accepted names', () => {
    expect(() => tokenCounter('gpt2' as never)).toThrow(RangeError);
    expect(() => tokenCounter('gpt2' as never)).toThrow(
      'Unknown tokenizer `gpt2` for `tokens`, expected `cl100k_base` or `o200k_base`',
    );
    expect(() => tokenCounter('constructor' as never)).toThrow(RangeError);
  });

  it('recognizes tokenizer names', () => {
    expect(isTokenizerName('o200k_base')).toBe(true);
    expect(isTokenizerName('toString')).toBe(false);
    expect(isTokenizerName(42)).toBe(false);
  });
});

describe('the entry point', () => {
  it('exports OpenAI’s encodings only, so it loads gpt-tokenizer and no other tokenizer', async () => {
    const entry = await import('../src/tokenize/tokenizers.js');
    expect(Object.keys(entry).sort()).toEqual([
      'cl100k_base',
      'isTokenizerName',
      'o200k_base',
      'tokenCounter',
      'tokenizerNames',
    ]);
    const source = readFileSync(
      new URL('../src/tokenize/tokenizers.ts', import.meta.url),
      'utf8',
    ).replace(/\/\*[\s\S]*?\*\//g, '');
    const imported = [...source.matchAll(/\bfrom\s+'([^']+)'/g)].map((match) => match[1]);
    expect(imported).toEqual(['./openai.js']);
  });
});
