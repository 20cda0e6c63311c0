/**
 * Okapi BM25 over an in-memory list of texts: the lexical retriever of the retrieval benchmark.
 *
 * Tokens are runs of letters and digits (Unicode), lowercased, optionally reduced by a light suffix
 * stemmer. Scores follow Robertson's BM25 with the non-negative IDF Lucene uses,
 * `ln(1 + (N − df + 0.5) / (df + 0.5))`; each distinct query term counts once.
 */

const tokenPattern = /[\p{L}\p{N}]+/gu;

/**
 * Split text into lowercase tokens.
 *
 * @param {string} text Any text.
 * @param {boolean} stem Whether to apply {@link stemToken}.
 * @returns {string[]} Tokens in order.
 */
export function tokenize(text, stem) {
  const tokens = text.toLowerCase().match(tokenPattern) ?? [];
  return stem ? tokens.map(stemToken) : tokens;
}

/**
 * A light English suffix stemmer (plural `-s`/`-es`/`-ies`, `-ing`, `-ed`), enough to match
 * `configure`/`configured`/`configuring` and `tables`/`table` without a dictionary.
 * Short words, digits and words ending in `ss`, `us` or `is` are left alone.
 *
 * @param {string} token A lowercase token.
 * @returns {string} Its stem.
 */
export function stemToken(token) {
  if (token.length <= 3 || /\d/.test(token)) return token;
  if (token.endsWith('ies') && token.length > 4) return `${token.slice(0, -3)}y`;
  if (token.endsWith('sses')) return token.slice(0, -2);
  if (token.endsWith('ing') && token.length > 5) return undouble(token.slice(0, -3));
  if (token.endsWith('ed') && token.length > 4) return undouble(token.slice(0, -2));
  if (token.endsWith('es') && /(?:x|ch|sh)es$/.test(token)) return token.slice(0, -2);
  if (token.endsWith('s') && !/(?:ss|us|is)$/.test(token)) return token.slice(0, -1);
  return token;
}

/** `configur` stays, `stopp` → `stop`, and a dropped `e` is restored nowhere: both sides agree. */
function undouble(stem) {
  const n = stem.length;
  if (n > 3 && stem[n - 1] === stem[n - 2] && !/[lsz]/.test(stem[n - 1])) return stem.slice(0, -1);
  return stem;
}

/**
 * Build a BM25 index.
 *
 * @param {string[]} texts The documents (here: chunks), in any order; results refer to their index.
 * @param {{ k1?: number, b?: number, stem?: boolean }} [options] Defaults: k1 1.2, b 0.75, stem true.
 * @returns {{ search(query: string, limit: number): number[], size: number }}
 *   `search` returns the indices of the `limit` best-scoring texts, best first (ties by index);
 *   texts that share no term with the query are never returned.
 */
export function bm25(texts, options = {}) {
  const k1 = options.k1 ?? 1.2;
  const b = options.b ?? 0.75;
  const stem = options.stem ?? true;
  /** @type {Map<string, number[]>} term → flat [doc, tf, doc, tf, …] */
  const postings = new Map();
  const lengths = new Float64Array(texts.length);
  let total = 0;
  texts.forEach((text, doc) => {
    const tokens = tokenize(text, stem);
    lengths[doc] = tokens.length;
    total += tokens.length;
    const counts = new Map();
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
    for (const [term, tf] of counts) {
      const list = postings.get(term);
      if (list === undefined) postings.set(term, [doc, tf]);
      else list.push(doc, tf);
    }
  });
  const n = texts.length;
  const averageLength = n === 0 ? 0 : total / n;
  const scores = new Float64Array(n);

  return {
    size: n,
    search(query, limit) {
      scores.fill(0);
      const touched = [];
      for (const term of new Set(tokenize(query, stem))) {
        const list = postings.get(term);
        if (list === undefined) continue;
        const df = list.length / 2;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        for (let i = 0; i < list.length; i += 2) {
          const doc = list[i];
          const tf = list[i + 1];
          const norm = k1 * (1 - b + (b * lengths[doc]) / averageLength);
          if (scores[doc] === 0) touched.push(doc);
          scores[doc] += (idf * (tf * (k1 + 1))) / (tf + norm);
        }
      }
      touched.sort((x, y) => scores[y] - scores[x] || x - y);
      return touched.slice(0, limit);
    },
  };
}
