import type { TokenizerAnswer, TokenizerRequest } from '../protocol.ts';

/** The tokenizer.json requests of one worker: each load waits for its own answer. */
export interface TokenizerRequests {
  /**
   * Hand the worker a `tokenizer.json` (it replaces the one before only when it loads).
   *
   * @param name The file's name.
   * @param text The file's text.
   * @returns What the worker says: the special tokens it adds, or why the file is not one.
   */
  load(name: string, text: string): Promise<TokenizerAnswer>;
  /**
   * Settle the load an answer is for.
   *
   * @param answer A worker's tokenizer answer.
   */
  settle(answer: TokenizerAnswer): void;
}

/**
 * Tokenizer requests to a worker.
 *
 * @param post Sends a request to the worker.
 * @returns The requests.
 */
export function createTokenizerRequests(
  post: (request: TokenizerRequest) => void,
): TokenizerRequests {
  let nextId = 0;
  const waiting = new Map<number, (answer: TokenizerAnswer) => void>();
  return {
    load(name, text) {
      const id = ++nextId;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        post({ kind: 'tokenizer', id, name, text });
      });
    },
    settle(answer) {
      waiting.get(answer.id)?.(answer);
      waiting.delete(answer.id);
    },
  };
}
