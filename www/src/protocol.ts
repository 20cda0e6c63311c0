import type { Analysis } from './lib/analyze.ts';
import type { Settings } from './lib/settings.ts';

/** What the page asks the worker to split. */
export interface SplitRequest {
  /** Increases with every request; answers carry the id they answer. */
  id: number;
  text: string;
  settings: Settings;
  /** Bundled example the text still equals, so the URL can name it instead of holding the text. */
  example: string | null;
}

/**
 * What the worker answers, in two messages per request: the result first, then the URL fragment
 * for the request's state (compressing a large document takes a while and must not hold up the
 * result).
 */
export type WorkerMessage =
  | {
      kind: 'result';
      id: number;
      ok: true;
      analysis: Analysis;
      /** Milliseconds spent in the worker, size unit loading included. */
      ms: number;
    }
  | { kind: 'result'; id: number; ok: false; error: string }
  | { kind: 'hash'; id: number; hash: string };
