import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chunkCount, launch, screenshot, splitDone, type Visit, visit } from './browser.ts';

const DOCUMENT = `# Field notes

Our team keeps short notes after every site visit. Each note says where we went, what we saw and
what we would do differently next time, so the next team starts from what we learned.

## Getting there

Take the coastal road north for about forty minutes. The turn-off is easy to miss: look for the
green gate after the second bridge. Park on the gravel and walk the last kilometre.

## What we measured

| Station | Temperature (°C) | Salinity (PSU) |
|---|---:|---:|
| A | 14.2 | 33.1 |
| B | 14.5 | 32.8 |
`;

/**
 * A small WordPiece tokenizer.json of the BERT family: lowercase, split at whitespace and
 * punctuation, a few whole words, every ASCII character alone and as a `##` piece, and the
 * template `[CLS] $A [SEP]`.
 */
function wordPiece(): object {
  const vocab: Record<string, number> = {};
  const add = (token: string) => {
    vocab[token] ??= Object.keys(vocab).length;
  };
  for (const token of ['[PAD]', '[UNK]', '[CLS]', '[SEP]']) add(token);
  for (const word of 'the a of and to we our team notes after every site what for road'.split(' '))
    add(word);
  for (let code = 33; code < 127; code++) {
    const char = String.fromCharCode(code).toLowerCase();
    add(char);
    add(`##${char}`);
  }
  const special = (content: string) => ({
    id: vocab[content],
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const token = (id: string) => ({ SpecialToken: { id, type_id: 0 } });
  const single = [token('[CLS]'), { Sequence: { id: 'A', type_id: 0 } }, token('[SEP]')];
  return {
    version: '1.0',
    added_tokens: ['[PAD]', '[UNK]', '[CLS]', '[SEP]'].map(special),
    normalizer: { type: 'BertNormalizer', lowercase: true, clean_text: true },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single,
      pair: single,
      special_tokens: {
        '[CLS]': { id: '[CLS]', ids: [vocab['[CLS]']], tokens: ['[CLS]'] },
        '[SEP]': { id: '[SEP]', ids: [vocab['[SEP]']], tokens: ['[SEP]'] },
      },
    },
    decoder: null,
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', vocab },
  };
}

let browser: Browser;
let current: Visit | undefined;
let folder: string;

beforeAll(async () => {
  browser = await launch();
  folder = mkdtempSync(join(tmpdir(), 'chunkdown-www-tokenizer-'));
  writeFileSync(join(folder, 'bert-tokenizer.json'), JSON.stringify(wordPiece()));
  writeFileSync(join(folder, 'package.json'), '{"name": "not a tokenizer"}');
});

afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

afterEach(async () => {
  const errors = current?.errors ?? [];
  await current?.page.context().close();
  current = undefined;
  expect(errors).toEqual([]);
});

/** Content and raw size of every card, from its size line (`12 content · 20 raw tokens`). */
async function cardSizes(page: Visit['page']): Promise<Array<{ content: number; raw: number }>> {
  const lines = await page.locator('#view-chunks .card .sizes').allTextContents();
  return lines.map((line) => {
    const match = /([\d,]+) content · ([\d,]+) raw tokens/.exec(line);
    if (!match) throw new Error(`not a size in tokens: ${line}`);
    return {
      content: Number(match[1]?.replace(/,/g, '')),
      raw: Number(match[2]?.replace(/,/g, '')),
    };
  });
}

describe('a tokenizer.json from disk', () => {
  it('sizes the chunks in its tokens, prefix and special tokens within the raw cap', async () => {
    current = await visit(browser);
    const { page } = current;
    await page.locator('#source').fill(DOCUMENT);
    await page.locator('#opt-chunkSize').fill('40');
    await page.locator('#opt-maxRawSize').fill('60');
    await splitDone(page);

    await page.locator('#opt-tokenizer-file').setInputFiles(join(folder, 'bert-tokenizer.json'));
    await page
      .locator('#tokenizer-status', { hasText: 'adds [CLS] [SEP] to every chunk' })
      .waitFor();
    await splitDone(page);
    expect(await page.locator('#opt-unit').inputValue()).toBe('tokenizer');
    const plain = await cardSizes(page);
    expect(plain.length).toBeGreaterThan(1);

    await page.locator('#opt-prefix').fill('passage: ');
    await splitDone(page);
    const prefixed = await cardSizes(page);
    expect(prefixed.length).toBe(await chunkCount(page));
    for (const { content, raw } of prefixed) {
      expect(raw).toBeLessThanOrEqual(60);
      // `passage: ` (five tokens here) and `[CLS]` `[SEP]` are in every raw size.
      expect(raw - content).toBeGreaterThanOrEqual(7);
    }
    await screenshot(page, 'desktop-tokenizer');
  });

  it('says why a file is not a tokenizer, and keeps measuring as before', async () => {
    current = await visit(browser);
    const { page } = current;
    await page.locator('#opt-tokenizer-file').setInputFiles(join(folder, 'package.json'));
    await page
      .locator('#tokenizer-status', { hasText: 'package.json is not a tokenizer this can read' })
      .waitFor();
    expect(await page.locator('#tokenizer-status').textContent()).toContain('it has no `model`');
    expect(await page.locator('#opt-unit').inputValue()).toBe('characters');
  });
});
