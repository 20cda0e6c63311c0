/**
 * Worker thread of the CLI: builds a splitter from the settings it is started with, then
 * chunks the files it is sent, one message per file; or, started to parse only, parses the
 * segments of a large document it is sent.
 *
 * @module
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseSegment } from '../internal.js';
import { buildSplitter, chunkFile, type Splitters } from './chunk-file.js';
import { UsageError } from './errors.js';
import type { ParseJob, WorkerJob, WorkerMessage, WorkerSetup } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('chunkdown: cli-worker must run as a worker thread');
const { settings, inspect, parseOnly } = workerData as WorkerSetup;
const send = (message: WorkerMessage) => port.postMessage(message);

const ready = parseOnly ? undefined : await startSplitter();

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
      send({ type: 'parsed', id: job.id, parse: parseSegment(job.text, job.known) });
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
