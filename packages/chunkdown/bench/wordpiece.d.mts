/** Types of `wordpiece.mjs` (the tests build their tokenizer with it too). */
export function wordPieceFrom(texts: string[], options?: { size?: number }): object;
export function bertTokenizerJson(
  vocab: Record<string, number>,
  options?: { specialTokens?: boolean },
): object;
