import type { Analysis } from './lib/analyze.ts';
import type { Settings } from './lib/settings.ts';

/** What the page asks the worker to split. */
export interface SplitRequest {
  /** Increases with every request; a response carries the id it answers. */
  id: number;
  text: string;
  settings: Settings;
  /** Bundled example the text still equals, so the URL can name it instead of holding the text. */
  example: string | null;
}

/** What the worker answers. */
export type SplitResponse =
  | {
      id: number;
      ok: true;
      analysis: Analysis;
      /** URL fragment for the request's state. */
      hash: string;
      /** Milliseconds spent in the worker, size unit loading included. */
      ms: number;
    }
  | { id: number; ok: false; error: string };
