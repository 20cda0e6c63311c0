/** Types of what the tests use from `corpus.mjs`. */
export function nodeModulesDocuments(
  root: string,
  maxBytes: number,
): Promise<Array<{ name: string; file: string; bytes: number }>>;
