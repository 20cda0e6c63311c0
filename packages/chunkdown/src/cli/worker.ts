/**
 * Worker thread of the CLI: builds a splitter from the settings it is started with, then
 * chunks the files it is sent, one message per file; or, started to parse only, parses the
 * segments of a large document it is sent.
 *
 * @module
 */
import { parentPort, workerData } from 'node:worker_threads';
import {
  type Dialect,
  dialectSegmentParser,
  parseSegment,
  type SegmentParse,
  type SegmentParser,
} from '../internal.js';
import { builtinSyntax, type SyntaxName } from '../syntax.js';
import { buildSplitter, chunkFile, type Splitters } from './chunk-file.js';
import { UsageError } from './errors.js';
import type { ParseJob, WorkerJob, WorkerMessage, WorkerSetup } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('chunkdown: cli-worker must run as a worker thread');
const { settings, inspect, parseOnly } = workerData as WorkerSetup;
const send = (message: WorkerMessage) => port.postMessage(message);

const ready = parseOnly ? undefined : await startSplitter();
const parseAhead = aheadParser();

/** The splitters of the settings, or `undefined` when they are refused (the parent is told). */
async function startSplitter(): Promise<Splitters | undefined> {
  try {
    return await buildSplitter(settings);
  } catch (error) {
    send({
      type: 'fatal',
      usage: error instanceof UsageError,
      message: error instanceof Error ? error.message : String(error),
    });
    return undefined;
  }
}

if (ready || parseOnly) {
  port.on('message', async (job: WorkerJob | ParseJob) => {
    if (job.kind === 'parse') {
      send({ type: 'parsed', id: job.id, parse: parseAhead(job.text, job.known, job.syntax) });
    } else if (ready) {
      send({
        type: 'done',
        id: job.id,
        outcome: await chunkFile(job.path, job.file, ready, inspect),
      });
    }
  });
  send({ type: 'ready' });
}

/**
 * Parses segments with the dialects named (none: CommonMark), a parser kept per set of dialects;
 * `undefined` for a segment whose parse fails.
 */
function aheadParser(): (
  text: string,
  known: ParseJob['known'],
  syntax: string[] | undefined,
) => SegmentParse | undefined {
  const parsers = new Map<string, SegmentParser>();
  return (text, known, syntax) => {
    const key = (syntax ?? []).join(',');
    let parser = parsers.get(key);
    if (!parser) {
      parser = key === '' ? parseSegment : dialectSegmentParser((syntax ?? []).map(builtinDialect));
      parsers.set(key, parser);
    }
    try {
      return parser(text, known, 0);
    } catch {
      // The thread that splits reads it again, and reads what fails without the dialect.
      return undefined;
    }
  };
}

/** A dialect of `chunkdown/syntax` by name, with the options the command line uses (none). */
function builtinDialect(name: string): Dialect {
  const made = Object.hasOwn(builtinSyntax, name) ? builtinSyntax[name as SyntaxName] : undefined;
  if (!made) throw new Error(`chunkdown: cli-worker: no dialect named ${name}`);
  const { parser } = made();
  return { name: name as Dialect['name'], parser: parser as Dialect['parser'] };
}
