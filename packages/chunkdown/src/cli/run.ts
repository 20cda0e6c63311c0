import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import packageJson from '../../package.json' with { type: 'json' };
import type { InternalSplitter } from '../internal.js';
import type { LengthFunction } from '../types.js';
import {
  type CommandLine,
  type OutputFormat,
  parseCommandLine,
  type SplitSettings,
} from './args.js';
import {
  buildSplitter,
  chunkFile,
  chunkInput,
  type FileOutcome,
  type Inspection,
  loadSizeUnit,
  type Splitters,
} from './chunk-file.js';
import { loadConfigModule, moduleConfigPattern } from './config-module.js';
import { createCover, discover, type Input } from './discover.js';
import { describeError, RunError, UsageError } from './errors.js';
import { createFormatter, describeReading } from './format.js';
import { LargeFiles } from './large-file.js';
import { Output, OutputClosed } from './output.js';
import { chunkInWorkers } from './pool.js';
import { Progress } from './progress.js';
import { inspectChunk } from './quality.js';
import { hashFile, type ReadText, readBytes } from './read-text.js';
import { ReportBuilder } from './report.js';
import { formatReport } from './report-text.js';
import {
  attributeOptionError,
  parseConfig,
  parseConfigObject,
  type ResolvedSettings,
  resolveSettings,
} from './settings.js';
import { inShard } from './shard.js';
import {
  describeSync,
  IndexSync,
  optionsHash,
  type PreviousFile,
  readPrevious,
  recordsOf,
} from './sync.js';
import { helpText } from './usage.js';

/** The process around a run, passed in so that runs can be tested. */
export interface CliIo {
  /** Arguments after the script path. */
  argv: readonly string[];
  cwd: string;
  stdin: AsyncIterable<Buffer | string> & { isTTY?: boolean | undefined };
  stdout: Writable & { isTTY?: boolean | undefined };
  stderr: Writable & { isTTY?: boolean | undefined; columns?: number | undefined };
  /** Default of `--jobs`. */
  cpus: number;
  /** The worker script; without it, everything runs on the main thread. */
  workerUrl?: URL | undefined;
}

/** Name of standard input in output and messages. */
export const stdinName = '<stdin>';

/** Files (at least) before work goes to worker threads; below, starting them costs more. */
export const minFilesForWorkers = 4;

/**
 * Whether to spread the files over worker threads.
 *
 * @param files Number of files to chunk.
 * @param jobs `--jobs`.
 * @returns `true` when threads pay off.
 */
export function shouldUseWorkers(files: number, jobs: number): boolean {
  return jobs > 1 && files >= minFilesForWorkers;
}

/**
 * Run the command line and return the exit code: 0 done, 1 an input file could not be read
 * or chunked (the rest is still output), 2 bad usage. User errors are one line on stderr,
 * never a stack trace.
 *
 * @param io Arguments, streams and environment.
 * @returns The exit code.
 */
export async function run(io: CliIo): Promise<number> {
  try {
    return await execute(io);
  } catch (error) {
    if (error instanceof OutputClosed) return 0;
    if (error instanceof UsageError) {
      io.stderr.write(`chunkdown: ${oneLine(error.message)}\n`);
      return 2;
    }
    if (error instanceof RunError) {
      io.stderr.write(`chunkdown: ${oneLine(error.message)}\n`);
      return 1;
    }
    throw error;
  }
}

/**
 * A run, top down: the settings (checked before anything is read), the inputs, then each
 * input's chunks written as it is done, the index's deletes, and the report.
 */
async function execute(io: CliIo): Promise<number> {
  const command = parseCommandLine(io.argv);
  if (command.help) {
    io.stdout.write(helpText);
    return 0;
  }
  if (command.version) {
    io.stdout.write(`${packageJson.version}\n`);
    return 0;
  }
  const { settings, probe, sizeUnit } = await loadSettings(command, io);
  checkUsage(command, io);
  const run = await openRun(command, io, settings, probe);
  const { inputs, problems } = await findInputs(command, io);
  for (const problem of problems) {
    run.warn(`${problem.path}: ${problem.message}`);
    run.failures++;
  }
  if (run.sync?.otherOptions) {
    run.warn(
      `--previous ${command.previous} was written with other options or another chunkdown version: every file is chunked again`,
    );
  }
  const large = new LargeFiles({
    jobs: run.jobs,
    workerUrl: io.workerUrl,
    setup: { settings, inspect: run.inspect },
    progress: (file) =>
      run.progress?.update({ done: run.done, total: inputs.length, chunks: run.chunks, file }),
  });
  try {
    await run.output?.write(run.formatter.start());
    for await (const step of steps(
      inputs,
      settings,
      io,
      run.jobs,
      run.inspect,
      large,
      run.sync,
      sizeUnit,
    )) {
      run.done++;
      await writeStep(run, step);
      run.progress?.update({ done: run.done, total: inputs.length, chunks: run.chunks });
    }
    if (run.sync) await writeDeletes(run, run.sync);
    await run.output?.write(run.formatter.end());
  } finally {
    run.progress?.clear();
    await large.close();
  }
  await run.output?.close();
  if (run.sync) run.warn(describeSync(run.sync.counts));
  if (run.report) await writeReport(command, run.report, io);
  return run.failures > 0 ? 1 : 0;
}

/** What the splitter is built from, checked: the settings, a splitter, and the size unit. */
interface CheckedSettings {
  settings: ResolvedSettings;
  /** A splitter of the settings (what the report states the limits of). */
  probe: InternalSplitter;
  /** The tokenizer.json's size unit, when there is one (loaded once, on this thread). */
  sizeUnit: LengthFunction | undefined;
}

/**
 * The settings of the flags over the config file (or module), checked by building a splitter,
 * without loading a tokenizer; a tokenizer.json is then read and checked before any input (a
 * file that is not one is bad usage), with the options it bounds (a cap its prefix and special
 * tokens fill). This thread keeps it for what it chunks itself; worker threads read it again.
 */
async function loadSettings(command: CommandLine, io: CliIo): Promise<CheckedSettings> {
  const config = command.config ? await readConfig(io.cwd, command.config) : {};
  const settings = resolveSettings(command.split, config);
  const check = async (unit: LengthFunction) => {
    try {
      return (await buildSplitter(settings, unit)).main;
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      throw new UsageError(
        attributeOptionError(error.message, command.split, command.config, config),
      );
    }
  };
  let probe = await check((text) => text.length);
  let sizeUnit: LengthFunction | undefined;
  if (settings.tokenizer !== undefined) {
    sizeUnit = await loadSizeUnit(settings, io.cwd);
    if (sizeUnit) probe = await check(sizeUnit);
  }
  return { settings, probe, sizeUnit };
}

/** Refuse what the flags cannot do together (before reading any input). */
function checkUsage(command: CommandLine, io: CliIo): void {
  if (command.shard && (command.paths.length === 0 || command.paths.includes('-'))) {
    throw new UsageError(
      '--shard divides a list of files: give files, folders or globs, not standard input',
    );
  }
  if (command.paths.length === 0 && io.stdin.isTTY) {
    throw new UsageError(
      'no input: give files, folders or globs, or pipe markdown to standard input',
    );
  }
  if (
    command.previous !== undefined &&
    command.format !== undefined &&
    command.format !== 'jsonl'
  ) {
    throw new UsageError(
      `--previous needs --format jsonl (the output is the next run's --previous), not --format ${command.format}`,
    );
  }
}

/** What the parts of a run share: where it writes, what it counts, how it warns. */
interface Run {
  /** The output of the chunks (none with `--report` alone). */
  output: Output | undefined;
  formatter: ReturnType<typeof createFormatter>;
  /** The options hash the chunks are written with. */
  runOptions: string;
  /** Index sync against `--previous`. */
  sync: IndexSync | undefined;
  report: ReportBuilder | undefined;
  inspect: Inspection;
  jobs: number;
  progress: Progress | undefined;
  /** A warning on standard error (the progress bar cleared first). */
  warn: (message: string) => void;
  /** Inputs done, chunks written, inputs that failed. */
  done: number;
  chunks: number;
  failures: number;
  command: CommandLine;
  io: CliIo;
}

/**
 * Open what a run writes to: the output format, the options hash (a tokenizer and a config
 * module count as their bytes: the same file elsewhere gives the same chunks), `--previous`
 * (read before `--out` is opened: it may name the same file), the output (with `--report`,
 * chunks are written only when they go to a file), the report and the progress bar (shown for
 * one file too, when it is large enough to take a while).
 */
async function openRun(
  command: CommandLine,
  io: CliIo,
  settings: ResolvedSettings,
  probe: InternalSplitter,
): Promise<Run> {
  const format: OutputFormat =
    command.format ??
    (command.previous !== undefined || command.out !== undefined || !io.stdout.isTTY
      ? 'jsonl'
      : 'text');
  const hashOf = (path: string | undefined) =>
    path === undefined ? undefined : hashFile(resolve(io.cwd, path));
  const runOptions = optionsHash(
    settings,
    packageJson.version,
    await hashOf(settings.tokenizer),
    await hashOf(settings.extensions),
  );
  const sync =
    command.previous === undefined
      ? undefined
      : new IndexSync(
          await readPrevious(resolve(io.cwd, command.previous), command.previous),
          runOptions,
        );
  const output =
    command.out !== undefined
      ? await Output.toFile(resolve(io.cwd, command.out), command.out)
      : command.report
        ? undefined
        : new Output(io.stdout, 'standard output', false);
  const inTokens = settings.tokens !== undefined || settings.tokenizer !== undefined;
  const report = command.report
    ? new ReportBuilder({
        chunkSize: probe.chunkSize,
        maxOverflowRatio: probe.maxOverflowRatio,
        maxRawSize: probe.maxRawSize,
        unit: settings.tokens ?? settings.tokenizer ?? 'characters',
      })
    : undefined;
  const progress = io.stderr.isTTY ? new Progress(io.stderr) : undefined;
  return {
    output,
    formatter: createFormatter(format, inTokens ? 'tokens' : 'chars'),
    runOptions,
    sync,
    report,
    inspect: !report ? 'off' : inTokens ? 'tokens' : 'characters',
    jobs: command.jobs ?? io.cpus,
    progress,
    warn: (message) => {
      progress?.clear();
      io.stderr.write(`chunkdown: ${oneLine(message)}\n`);
    },
    done: 0,
    chunks: 0,
    failures: 0,
    command,
    io,
  };
}

/**
 * The inputs of this shard and the problems found looking for them (each shard takes its
 * files and reports its problems: every file, and every problem, once); standard input when
 * no path is given.
 */
async function findInputs(
  command: CommandLine,
  io: CliIo,
): Promise<{ inputs: Input[]; problems: Array<{ path: string; message: string }> }> {
  const discovered =
    command.paths.length === 0
      ? { inputs: [{ kind: 'stdin' } as const], problems: [] }
      : await discover(command.paths, { cwd: io.cwd, ignore: command.ignore });
  const { shard } = command;
  return {
    inputs: discovered.inputs.filter(
      (input) => input.kind === 'stdin' || inShard(input.key, shard),
    ),
    problems: discovered.problems.filter((problem) => inShard(problem.key, shard)),
  };
}

/**
 * Write what became of one input: an unchanged file's chunks as `keep` lines, a chunked one's
 * chunks (with their index operations, diagnostics and report entries), or its failure.
 */
async function writeStep(run: Run, step: Step): Promise<void> {
  const { report, sync, output } = run;
  if (step.kind === 'unchanged') {
    run.chunks += step.previous.ids.length;
    if (report) reportPrevious(report, step.previous, run.inspect);
    // (Counted by the sync whether or not chunks are written.)
    const lines = sync?.reuse(step.previous) ?? '';
    await output?.write(lines);
    return;
  }
  const { outcome } = step;
  if (!outcome.ok) {
    run.failures++;
    report?.addFailure();
    run.warn(`${outcome.file}: ${outcome.message}`);
    const kept = sync?.failed(outcome.file) ?? '';
    await output?.write(kept);
    return;
  }
  run.chunks += outcome.chunks.length;
  report?.addFile(outcome.chunks.length);
  outcome.chunks.forEach((chunk, index) => {
    const quality = outcome.quality?.[index];
    if (!report || !quality) return;
    report.addChunk({
      file: outcome.file,
      index,
      chunk,
      quality,
      cutsWord: outcome.cutWords?.[index],
    });
  });
  for (const diagnostic of outcome.diagnostics ?? []) {
    run.warn(`${outcome.file}: ${describeReading(diagnostic)}`);
  }
  const changes = sync?.compare(outcome.file, outcome.chunks, outcome.parents);
  await output?.write(
    run.formatter.file({
      ...outcome,
      optionsHash: run.runOptions,
      ops: changes?.ops,
      parentOps: changes?.parentOps,
    }),
  );
  if (changes) await output?.write(changes.deletes);
}

/**
 * Delete the files of the previous run that are not written again, when the arguments cover
 * them in this shard; outside them, or in another shard, they are left alone (and counted).
 */
async function writeDeletes(run: Run, sync: IndexSync): Promise<void> {
  const { command, io } = run;
  const cover = await createCover(command.paths, io.cwd);
  let outside = 0;
  for (const previous of sync.unwritten()) {
    const key = previous.file === stdinName ? undefined : cover(previous.file);
    if (key === undefined) outside++;
    else if (inShard(key, command.shard)) {
      const deletes = sync.deleteFile(previous);
      await run.output?.write(deletes);
    }
  }
  if (outside > 0) {
    run.warn(
      `--previous ${command.previous}: ${outside.toLocaleString('en-US')} of its files are outside the given paths; their chunks are left out, not deleted`,
    );
  }
}

/**
 * Write the report on standard output: text, or JSON when a JSON format is asked for by name
 * (indented for `json`, one line for `jsonl`).
 */
async function writeReport(command: CommandLine, report: ReportBuilder, io: CliIo): Promise<void> {
  const built = report.build();
  const json =
    command.format === 'json'
      ? JSON.stringify(built, null, 2)
      : command.format === 'jsonl'
        ? JSON.stringify(built)
        : undefined;
  const stdout = new Output(io.stdout, 'standard output', false);
  await stdout.write(json === undefined ? formatReport(built) : `${json}\n`);
}

/** A message on one line: line breaks (from a parser's message, say) become spaces. */
function oneLine(message: string): string {
  return message.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * The settings of a `--config` file: a JSON file, or a JavaScript module (`.js`, `.mjs`,
 * `.cjs`), which may also give syntax extensions (`config-module.ts`): the settings then name the
 * module (each thread loads its extensions from it).
 */
async function readConfig(cwd: string, name: string): Promise<SplitSettings> {
  const path = resolve(cwd, name);
  if (moduleConfigPattern.test(name)) {
    const { options, extensions } = await loadConfigModule(path, name);
    const settings = parseConfigObject(options, name);
    return extensions.length > 0 ? { ...settings, extensions: path } : settings;
  }
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --config ${name}: ${describeError(error)}`);
  }
  return parseConfig(text, name);
}

async function readStdin(stdin: CliIo['stdin']): Promise<ReadText> {
  const parts: Buffer[] = [];
  for await (const part of stdin) parts.push(typeof part === 'string' ? Buffer.from(part) : part);
  return readBytes(Buffer.concat(parts));
}

/** Count the chunks of a skipped file in the report, as if it had been chunked. */
function reportPrevious(report: ReportBuilder, previous: PreviousFile, inspect: Inspection): void {
  const records = recordsOf(previous);
  report.addFile(records.length);
  for (const record of records) {
    const chars = inspect === 'characters' ? record.contentSize : undefined;
    const quality = inspectChunk(record.text, chars);
    report.addChunk({ file: record.file, index: record.index, chunk: record, quality });
  }
}

/** What became of an input: chunked (or not), or skipped as unchanged since `--previous`. */
type Step =
  | { kind: 'chunked'; outcome: FileOutcome }
  | { kind: 'unchanged'; previous: PreviousFile };

/**
 * Chunk every input, in order: on worker threads when there are enough files, on this thread
 * otherwise (with `sizeUnit` when it is loaded already). Standard input is always chunked here.
 * With `--previous`, the files whose bytes hash as before are found first, here, and skipped: only
 * the others go to the workers.
 */
async function* steps(
  inputs: readonly Input[],
  settings: ResolvedSettings,
  io: CliIo,
  jobs: number,
  inspect: Inspection,
  large: LargeFiles,
  sync: IndexSync | undefined,
  sizeUnit: LengthFunction | undefined,
): AsyncGenerator<Step> {
  const unchanged = new Map<Input, PreviousFile>();
  for (const input of inputs) {
    const candidate = input.kind === 'file' ? sync?.candidate(input.path) : undefined;
    if (input.kind !== 'file' || !candidate) continue;
    if ((await hashFile(resolve(io.cwd, input.path))) === candidate.fileHash) {
      unchanged.set(input, candidate);
    }
  }
  const files = inputs.flatMap((input) =>
    input.kind === 'file' && !unchanged.has(input)
      ? [{ path: resolve(io.cwd, input.path), file: input.path }]
      : [],
  );
  const threaded = io.workerUrl !== undefined && shouldUseWorkers(files.length, jobs);
  let splitters: Splitters | undefined;
  const local = async () => {
    splitters ??= await buildSplitter(settings, sizeUnit);
    return splitters;
  };
  const pooled =
    threaded && io.workerUrl
      ? chunkInWorkers(
          files,
          { settings: absoluteTokenizer(settings, io.cwd), inspect },
          jobs,
          io.workerUrl,
        )
      : undefined;
  try {
    for (const input of inputs) {
      const previous = unchanged.get(input);
      if (previous) {
        yield { kind: 'unchanged', previous };
      } else if (input.kind === 'stdin') {
        const read = await readStdin(io.stdin);
        const same = read.ok ? sync?.candidate(stdinName) : undefined;
        if (read.ok && same?.fileHash === read.hash) {
          yield { kind: 'unchanged', previous: same };
          continue;
        }
        const outcome: FileOutcome = read.ok
          ? await chunkInput(stdinName, read.text, await local(), inspect, large)
          : { ok: false, file: stdinName, message: read.message };
        yield {
          kind: 'chunked',
          outcome: outcome.ok && read.ok ? { ...outcome, fileHash: read.hash } : outcome,
        };
      } else if (pooled) {
        const next = await pooled.next();
        if (next.done) throw new Error(`no result for ${input.path}`);
        yield { kind: 'chunked', outcome: next.value };
      } else {
        const path = resolve(io.cwd, input.path);
        const outcome = await chunkFile(path, input.path, await local(), inspect, large);
        yield { kind: 'chunked', outcome };
      }
    }
  } finally {
    await pooled?.return(undefined);
  }
}

/** Settings whose `tokenizer` path holds in any working directory (a worker thread's too). */
function absoluteTokenizer(settings: ResolvedSettings, cwd: string): ResolvedSettings {
  return settings.tokenizer === undefined
    ? settings
    : { ...settings, tokenizer: resolve(cwd, settings.tokenizer) };
}
