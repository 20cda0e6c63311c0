/**
 * A WordPiece `tokenizer.json` of the BERT family for the benchmark, with a vocabulary of about a
 * real one's size learned from the documents themselves: the most frequent lowercased words,
 * frequent word endings as `##` pieces, and every character seen (alone and as `##`), so a
 * document takes about as many tokens as with bert-base (no npm package ships a real BERT
 * `tokenizer.json`). Layout as bge, e5 and gte ship it: `BertNormalizer` (lowercase),
 * `BertPreTokenizer`, WordPiece, and the template `[CLS] $A [SEP]`.
 */

/**
 * Build the tokenizer from texts.
 *
 * @param {string[]} texts Documents to learn the vocabulary from.
 * @param {{ size?: number }} [options] Vocabulary size to aim for (default 30 000, bert-base's).
 * @returns {object} The parsed `tokenizer.json`.
 */
export function wordPieceFrom(texts, { size = 30_000 } = {}) {
  const words = new Map();
  const endings = new Map();
  const characters = new Set();
  const bump = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const text of texts) {
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu) ?? []) {
      bump(words, word);
      for (const char of word) characters.add(char);
      for (let length = 2; length <= 5 && length < word.length; length++) {
        bump(endings, word.slice(-length));
      }
    }
  }
  const vocab = {};
  const add = (token) => {
    if (!Object.hasOwn(vocab, token)) vocab[token] = Object.keys(vocab).length;
  };
  for (const special of ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]']) add(special);
  for (const char of [...characters].sort()) {
    add(char);
    add(`##${char}`);
  }
  const byCount = (map) => [...map].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const endingSlots = Math.round(size * 0.15);
  for (const [ending] of byCount(endings).slice(0, endingSlots)) add(`##${ending}`);
  for (const [word] of byCount(words)) {
    if (Object.keys(vocab).length >= size) break;
    add(word);
  }
  return bertTokenizerJson(vocab);
}

/**
 * The `tokenizer.json` of a BERT-family WordPiece vocabulary, laid out as bge, e5 and gte ship it:
 * `BertNormalizer` (lowercase), `BertPreTokenizer`, WordPiece, and the template `[CLS] $A [SEP]`
 * (none with `specialTokens: false`). The vocabulary must hold the five special tokens.
 *
 * @param {Record<string, number>} vocab Tokens and their ids.
 * @param {{ specialTokens?: boolean }} [options] Whether the template adds `[CLS]` and `[SEP]`.
 * @returns {object} The parsed `tokenizer.json`.
 */
export function bertTokenizerJson(vocab, { specialTokens = true } = {}) {
  const token = (id) => ({ SpecialToken: { id, type_id: 0 } });
  const special = (content) => ({
    id: vocab[content],
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'].map(special),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: specialTokens
      ? {
          type: 'TemplateProcessing',
          single: [token('[CLS]'), { Sequence: { id: 'A', type_id: 0 } }, token('[SEP]')],
          pair: [
            token('[CLS]'),
            { Sequence: { id: 'A', type_id: 0 } },
            token('[SEP]'),
            { Sequence: { id: 'B', type_id: 1 } },
            token('[SEP]'),
          ],
          special_tokens: {
            '[CLS]': { id: '[CLS]', ids: [vocab['[CLS]']], tokens: ['[CLS]'] },
            '[SEP]': { id: '[SEP]', ids: [vocab['[SEP]']], tokens: ['[SEP]'] },
          },
        }
      : null,
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab,
    },
  };
}
