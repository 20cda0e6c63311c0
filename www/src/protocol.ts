import type { Analysis } from './lib/analyze.ts';
import type { AppState, Settings } from './lib/settings.ts';

/** What the page asks the split worker to split. */
export interface SplitRequest {
  /** Increases with every request; answers carry the id they answer. */
  id: number;
  text: string;
  settings: Settings;
  /** Bundled example the text still equals, so the URL can name it instead of holding the text. */
  example: string | null;
}

/** What the split worker answers. */
export type WorkerMessage =
  | {
      id: number;
      ok: true;
      analysis: Analysis;
      /** Milliseconds spent in the worker, size unit loading included. */
      ms: number;
    }
  | { id: number; ok: false; error: string };

/** What the page asks the share worker: the URL fragment for a state. */
export interface ShareRequest {
  id: number;
  state: AppState;
}

/** The share worker's answer. */
export interface ShareAnswer {
  id: number;
  /** Fragment from `encodeState()`, `#s=…`. */
  hash: string;
}
