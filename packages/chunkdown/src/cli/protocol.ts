import type { KnownLabels, SegmentParse } from '../internal.js';
import type { FileOutcome, Inspection } from './chunk-file.js';
import type { ResolvedSettings } from './settings.js';

/** What a worker is started with. */
export interface WorkerSetup {
  settings: ResolvedSettings;
  /** Whether to run the quality checks for the report. */
  inspect: Inspection;
  /** Whether the worker only parses segments (it then builds no splitter and loads no tokenizer). */
  parseOnly?: boolean;
}

/** A file for a worker to chunk. */
export interface WorkerJob {
  kind?: 'file';
  id: number;
  /** Path to read. */
  path: string;
  /** Name to report it under. */
  file: string;
}

/** A segment of a large document for a worker to parse (`parse/segmented.ts`). */
export interface ParseJob {
  kind: 'parse';
  id: number;
  text: string;
  /** Labels to make known to the parse. */
  known: KnownLabels;
  /** The dialects to read it with, by name (`chunkdown/syntax`, default options); none: CommonMark. */
  syntax?: string[] | undefined;
}

/** What a worker sends back. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; id: number; outcome: FileOutcome }
  /** A segment's parse; `undefined` when it failed (a dialect's construct that does not parse). */
  | { type: 'parsed'; id: number; parse: SegmentParse | undefined }
  /** The worker could not start; `usage` when the settings are at fault (exit code 2). */
  | { type: 'fatal'; usage: boolean; message: string };
