import { describe, expect, it } from 'vitest';
import { isTokenName, loadTokenCounter, tokenNames } from '../../src/cli/tokens.js';
import { tokenizerNames } from '../../src/tokenize/tokenizers.js';

describe('tokens', () => {
  it('accepts the same encodings as chunkdown/tokenizers', () => {
    expect([...tokenNames]).toEqual([...tokenizerNames]);
  });

  it('knows the encodings by name, and nothing else', () => {
    expect(tokenNames.every((name) => isTokenName(name))).toBe(true);
    for (const other of ['p50k_base', 'CL100K_BASE', '', undefined, 100]) {
      expect(isTokenName(other)).toBe(false);
    }
  });

  it('loads a counter of tokens, not characters', async () => {
    const count = await loadTokenCounter('cl100k_base');
    expect(count('hello world')).toBe(2);
    expect(count('')).toBe(0);
  });
});
