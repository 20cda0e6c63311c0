import { bertTokenizerJson } from '../../bench/wordpiece.mjs';
import type { TokenizerJson } from '../../src/tokenize/json.js';

/** What {@link wordPieceTokenizer} builds a vocabulary from. */
export interface WordPieceSettings {
  /** Whole words (lowercased) the vocabulary holds as one token. */
  words?: readonly string[];
  /** Word endings the vocabulary holds as one continuation token (`##ing`). */
  suffixes?: readonly string[];
  /** Wrap every sequence in `[CLS]` … `[SEP]` (the BERT template). Default true. */
  specialTokens?: boolean;
}

/** Common English words, so prose takes about one token a word, as with a real BERT vocabulary. */
const commonWords =
  `the of and to a in is it you that he was for on are with as i his they be at one
have this from or had by not word but what some we can out other were all there when up use your how
said an each she which do their time if will way about many then them write would like so these her
long make thing see him two has look more day could go come did number sound no most people my over
know water than call first who may down side been now find any new work part take get place made live
where after back little only round man year came show every good me give our under name very through
just form sentence great think say help low line differ turn cause much mean before move right boy old
too same tell does set three want air well also play small end put home read hand port large spell add
even land here must big high such follow act why ask men change went light kind off need house picture
try us again animal point mother world near build self earth father head stand own page should country
found answer school grow study still learn plant cover food sun four between state keep eye never last
let thought city tree cross farm hard start might story saw far sea draw left late run while press close
night real life few north open seems together next white children begin got walk example ease paper
group always music those both mark often letter until mile river car feet care second book carry took
science eat room friend began idea fish mountain stop once base hear horse cut sure watch color face wood
main enough plain girl usual young ready above ever red list though feel talk bird soon body dog family
direct pose leave song measure door product black short numeral class wind question happen complete ship
area half rock order fire south problem piece told knew pass since top whole king space heard best hour
better true during hundred five remember step early hold west ground interest reach fast verb sing listen
six table travel less morning ten simple several vowel toward war lay against pattern slow center love
person money serve appear road map rain rule govern pull cold notice voice unit power town fine certain
fly fall lead cry dark machine note wait plan figure star box noun field rest correct able pound done
beauty drive stood contain front teach week final gave green oh quick develop ocean warm free minute
strong special mind behind clear tail produce fact street inch multiply nothing course stay wheel full
force blue object decide surface deep moon island foot system busy test record boat common gold possible
plane stead dry wonder laugh thousand ago ran check game shape equate hot miss brought heat snow tire
bring yes distant fill east paint language among install package file code function return value type
string number object array option options default error chunk chunks markdown text size token tokens
model data run build test config module import export const let var async await class new null true
false undefined example usage api node npm yarn pnpm version license readme changelog see also link
docs documentation guide setup server client request response http https www com org github`.split(
    /\s+/,
  );

/** Word endings, as continuation pieces. */
const commonSuffixes = ['s', 'es', 'ed', 'ing', 'ly', 'er', 'ers', 'tion', 'ment', 'al', 'able'];

/**
 * Build a small WordPiece `tokenizer.json` of the BERT family (bge, e5, gte use this layout):
 * `BertNormalizer` (lowercase, accents stripped), `BertPreTokenizer` (whitespace and
 * punctuation), a WordPiece model over a vocabulary of the special tokens, every printable ASCII
 * character (alone and as a `##` continuation), common words and endings, and the template
 * `[CLS] $A [SEP]`. Text outside the vocabulary (other scripts, emoji) becomes `[UNK]`, as in
 * BERT.
 *
 * @param settings
 *   Words and endings to add, and whether the template adds special tokens.
 * @returns
 *   The parsed `tokenizer.json`.
 */
export function wordPieceTokenizer(settings: WordPieceSettings = {}): TokenizerJson {
  const vocab: Record<string, number> = {};
  const add = (token: string) => {
    if (!Object.hasOwn(vocab, token)) vocab[token] = Object.keys(vocab).length;
  };
  for (const special of ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]']) add(special);
  for (let code = 33; code < 127; code++) {
    const char = String.fromCharCode(code).toLowerCase();
    add(char);
    add(`##${char}`);
  }
  for (const word of [...commonWords, ...(settings.words ?? [])]) if (word) add(word.toLowerCase());
  for (const suffix of [...commonSuffixes, ...(settings.suffixes ?? [])]) add(`##${suffix}`);
  return bertTokenizerJson(vocab, {
    specialTokens: settings.specialTokens ?? true,
  }) as TokenizerJson;
}

/**
 * A copy of a `tokenizer.json` with another post-processor template around `$A`, as the
 * embedding models set it (Qwen3-Embedding appends `<|endoftext|>`, EmbeddingGemma wraps in
 * `<bos>` … `<eos>`).
 *
 * @param json
 *   The tokenizer.
 * @param before
 *   Special tokens before the text.
 * @param after
 *   Special tokens after it.
 * @returns
 *   The tokenizer with that template (the tokens must be in its `added_tokens`).
 */
export function withTemplate(
  json: TokenizerJson,
  before: readonly string[],
  after: readonly string[],
): TokenizerJson {
  const added = (json.added_tokens ?? []) as Array<{ id: number; content: string }>;
  const idOf = (content: string) => {
    const found = added.find((token) => token.content === content);
    if (!found) throw new Error(`${content} is not an added token of this tokenizer`);
    return found.id;
  };
  const token = (id: string) => ({ SpecialToken: { id, type_id: 0 } });
  const single = [...before.map(token), { Sequence: { id: 'A', type_id: 0 } }, ...after.map(token)];
  return {
    ...json,
    post_processor: {
      type: 'TemplateProcessing',
      single,
      pair: single,
      special_tokens: Object.fromEntries(
        [...before, ...after].map((content) => [
          content,
          { id: content, ids: [idOf(content)], tokens: [content] },
        ]),
      ),
    },
  };
}
