/**
 * Scoring of ranked chunks against answer excerpts.
 *
 * A question's references are ranges `[start, end)` of one document. The top `r` retrieved chunks
 * cover the set of reference characters that lie inside the source range of at least one of them
 * (chunks of other documents cover nothing). The question is **answered at rank r** when the top
 * `r` chunks cover at least half of its reference characters (all references together), and not at
 * any smaller rank. recall@k is the share of questions answered at rank ≤ k; MRR@10 the mean of
 * 1 / rank over questions answered at rank ≤ 10 (0 otherwise); coverage@k (Chroma's measure) the
 * mean share of reference characters the top k cover.
 */

/** How much of the references the chunks must cover for a hit. */
export const hitShare = 0.5;

/**
 * Score one question.
 *
 * @param {[number, number][]} references The answer's ranges in `doc`.
 * @param {{ doc: string, start: number, end: number }[]} ranked Retrieved chunks, best first.
 * @param {string} doc The question's document.
 * @param {number[]} ks The k of coverage@k to report.
 * @returns {{ rank: number, coverage: Record<number, number> }} `rank` is Infinity when not reached.
 */
export function scoreQuestion(references, ranked, doc, ks) {
  const refs = union(references);
  const total = refs.reduce((sum, [s, e]) => sum + (e - s), 0);
  const covered = [];
  let coveredLength = 0;
  let rank = Number.POSITIVE_INFINITY;
  const coverage = {};
  ranked.forEach((chunk, index) => {
    if (chunk.doc === doc) {
      for (const [s, e] of refs) {
        const from = Math.max(s, chunk.start);
        const to = Math.min(e, chunk.end);
        if (from < to) covered.push([from, to]);
      }
      coveredLength = union(covered).reduce((sum, [s, e]) => sum + (e - s), 0);
    }
    if (rank === Number.POSITIVE_INFINITY && coveredLength >= hitShare * total) rank = index + 1;
    if (ks.includes(index + 1)) coverage[index + 1] = total === 0 ? 0 : coveredLength / total;
  });
  for (const k of ks) coverage[k] ??= total === 0 ? 0 : coveredLength / total;
  return { rank, coverage };
}

/** Merge ranges into sorted, disjoint ones. */
export function union(ranges) {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const merged = [];
  for (const [s, e] of sorted) {
    const last = merged.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/**
 * Aggregate per-question scores.
 *
 * @param {{ rank: number, coverage: Record<number, number> }[]} scores
 * @param {number[]} ks
 */
export function summarize(scores, ks) {
  const n = scores.length || 1;
  const recall = {};
  const coverage = {};
  for (const k of ks) {
    recall[k] = scores.filter((s) => s.rank <= k).length / n;
    coverage[k] = scores.reduce((sum, s) => sum + s.coverage[k], 0) / n;
  }
  const mrr = scores.reduce((sum, s) => sum + (s.rank <= 10 ? 1 / s.rank : 0), 0) / n;
  return { recall, coverage, mrr };
}

/**
 * Paired bootstrap of the difference of two per-question 0/1 (or real) scores: resample questions
 * with replacement, `resamples` times, with a seeded generator.
 *
 * @param {number[]} a Scores of the first system, per question.
 * @param {number[]} b Scores of the second, same order.
 * @param {{ resamples: number, seed: number }} options
 * @returns {{ mean: number, low: number, high: number, share: number }} mean of a − b, its 95 %
 *   percentile interval, and the share of resamples where a − b > 0.
 */
export function pairedBootstrap(a, b, { resamples, seed }) {
  const n = a.length;
  const diff = a.map((x, i) => x - b[i]);
  const mean = diff.reduce((s, d) => s + d, 0) / (n || 1);
  const random = mulberry32(seed);
  const means = new Float64Array(resamples);
  let above = 0;
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += diff[Math.floor(random() * n)];
    means[r] = sum / (n || 1);
    if (means[r] > 0) above++;
  }
  means.sort();
  const at = (q) => means[Math.min(resamples - 1, Math.max(0, Math.round(q * (resamples - 1))))];
  return { mean, low: at(0.025), high: at(0.975), share: above / resamples };
}

/** A small seeded PRNG (mulberry32): numbers in [0, 1). */
export function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
