import type { DocumentAnalysis } from './lib/document-analysis.ts';
import type { ChunkdownAnswer } from './lib/live-split.ts';
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

/** What the split worker answers: chunkdown's chunks as a delta from its previous `ok` answer. */
export type WorkerMessage =
  | {
      id: number;
      ok: true;
      chunkdown: ChunkdownAnswer;
      /** Milliseconds spent in the worker, size unit loading included. */
      ms: number;
    }
  | { id: number; ok: false; error: string };

/** What the page asks the document worker: the outline and LangChain's split of a text. */
export interface DocumentRequest {
  /** The id of the split request it goes with. */
  id: number;
  text: string;
  settings: Settings;
}

/** The document worker's answer. */
export type DocumentMessage =
  | { id: number; ok: true; analysis: DocumentAnalysis }
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
