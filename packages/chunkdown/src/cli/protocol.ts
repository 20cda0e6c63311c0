import type { FileOutcome, Inspection } from './chunk-file.js';
import type { ResolvedSettings } from './settings.js';

/** What a worker is started with. */
export interface WorkerSetup {
  settings: ResolvedSettings;
  /** Whether to run the quality checks for the report. */
  inspect: Inspection;
}

/** A file for a worker to chunk. */
export interface WorkerJob {
  id: number;
  /** Path to read. */
  path: string;
  /** Name to report it under. */
  file: string;
}

/** What a worker sends back. */
export type WorkerMessage =
  | { type: 'ready' }
  | { type: 'done'; id: number; outcome: FileOutcome }
  /** The worker could not start; `usage` when the settings are at fault (exit code 2). */
  | { type: 'fatal'; usage: boolean; message: string };
