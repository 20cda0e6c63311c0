import type { DocumentAnalysis } from './lib/document-analysis.ts';
import type { Edits } from './lib/edits.ts';
import type { FileRow, FolderTotals } from './lib/folder.ts';
import type { ChunkdownAnswer } from './lib/live-split.ts';
import type { AppState, Settings } from './lib/settings.ts';

/** What the page asks the split worker to split. */
export interface SplitRequest {
  kind?: 'split';
  /** Increases with every request; answers carry the id they answer. */
  id: number;
  /** The text's edits since the last request (the worker keeps the text). */
  edits: Edits;
  settings: Settings;
  /** Bundled example the text still equals, so the URL can name it instead of holding the text. */
  example: string | null;
}

/**
 * What the page asks the split worker to measure with from now on, for the `tokenizer` unit: a
 * `tokenizer.json` the user picked (its text; the worker parses it and builds the counter).
 */
export interface TokenizerRequest {
  kind: 'tokenizer';
  id: number;
  /** The file's name, to show. */
  name: string;
  text: string;
}

/** Everything the page sends the split worker. */
export type WorkerRequest = SplitRequest | TokenizerRequest;

/** What the worker says about a tokenizer it loaded, or why it could not. */
export type TokenizerAnswer =
  | {
      kind: 'tokenizer';
      id: number;
      ok: true;
      name: string;
      /** The special tokens it adds to every chunk (`[CLS]`, `[SEP]`). */
      specialTokens: string[];
    }
  | { kind: 'tokenizer'; id: number; ok: false; error: string };

/** What the split worker answers to a split. */
export type SplitMessage =
  | {
      kind?: 'split';
      id: number;
      ok: true;
      chunkdown: ChunkdownAnswer;
      /** Length of the text it split. */
      length: number;
      /** Milliseconds spent in the worker, size unit loading included. */
      ms: number;
    }
  | {
      kind?: 'split';
      id: number;
      ok: false;
      error: string;
      /** The edits did not fit the worker's copy of the text: send the whole text again. */
      resync?: boolean;
    };

/** Everything the split worker sends. */
export type WorkerMessage = SplitMessage | TokenizerAnswer;

/** What the page asks the document worker: the outline and LangChain's split of a text. */
export interface DocumentRequest {
  kind?: 'document';
  /** The id of the split request it goes with. */
  id: number;
  /** The text's edits since the last request (the worker keeps the text). */
  edits: Edits;
  settings: Settings;
}

/** Everything the page sends the document worker (it measures LangChain's split in the unit too). */
export type DocumentWorkerRequest = DocumentRequest | TokenizerRequest;

/** The document worker's answer. */
export type DocumentMessage =
  | { kind?: 'document'; id: number; ok: true; analysis: DocumentAnalysis }
  | { kind?: 'document'; id: number; ok: false; error: string; resync?: boolean }
  | TokenizerAnswer;

/** What the page asks the share worker: the URL fragment for a state. */
export interface ShareRequest {
  id: number;
  /** The text's edits since the last request (the worker keeps the text). */
  edits: Edits;
  example: AppState['example'];
  settings: AppState['settings'];
}

/** The share worker's answer. */
export interface ShareAnswer {
  id: number;
  /** The edits did not fit the worker's copy of the text: send the whole text again. */
  resync?: boolean;
  /** Fragment from `encodeState()`, `#s=…`. */
  hash: string;
}

/** What the page asks the folder worker: chunk these files with these options. */
export interface FolderRequest {
  /** Each file with its path in the folder. */
  files: { name: string; file: File }[];
  settings: Settings;
}

/** The folder worker's answers: rows in batches as files are done, then the totals. */
export type FolderMessage =
  | { kind: 'progress'; id: number; done: number; rows: FileRow[] }
  | { kind: 'done'; id: number; totals: FolderTotals }
  | { kind: 'failed'; id: number; error: string };
