import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { describeError, RunError, UsageError } from './errors.js';

/** Thrown when standard output is closed early (`chunkdown docs | head`): stop quietly. */
export class OutputClosed extends Error {
  override name = 'OutputClosed';
}

/**
 * Where chunks are written: standard output or the `--out` file. Waits when the stream is
 * full, so memory stays flat however much is written.
 */
export class Output {
  readonly #stream: Writable;
  readonly #name: string;
  readonly #owned: boolean;
  #error: Error | undefined;

  /**
   * @param stream Stream to write to.
   * @param name Name for messages (`standard output`, the file path).
   * @param owned Whether to end the stream on {@link Output.close} (a file, not stdout).
   */
  constructor(stream: Writable, name: string, owned: boolean) {
    this.#stream = stream;
    this.#name = name;
    this.#owned = owned;
    stream.on('error', (error) => {
      this.#error ??= error;
    });
  }

  /**
   * Open the `--out` file for writing (created or truncated).
   *
   * @param path File path.
   * @param name The path as given, for messages.
   * @returns The output, once the file is open.
   * @throws {UsageError} When the file cannot be opened.
   */
  static async toFile(path: string, name = path): Promise<Output> {
    const stream = createWriteStream(path);
    try {
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
    } catch (error) {
      throw new UsageError(`cannot write --out ${name}: ${describeError(error)}`);
    }
    return new Output(stream, name, true);
  }

  /**
   * Write text, waiting for the stream to drain when its buffer is full.
   *
   * @param text Text to write.
   */
  async write(text: string): Promise<void> {
    this.#check();
    if (text === '') return;
    if (!this.#stream.write(text)) await this.#settle('drain');
    this.#check();
  }

  /** Flush, and end the stream when it is a file. */
  async close(): Promise<void> {
    this.#check();
    if (this.#owned) {
      this.#stream.end();
      await this.#settle('finish');
    }
    this.#check();
  }

  #settle(event: 'drain' | 'finish'): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.#stream.off(event, done);
        this.#stream.off('error', done);
        this.#stream.off('close', done);
        resolve();
      };
      this.#stream.on(event, done);
      this.#stream.on('error', done);
      this.#stream.on('close', done);
    });
  }

  #check(): void {
    const error = this.#error;
    if (!error) return;
    if ('code' in error && error.code === 'EPIPE') throw new OutputClosed();
    throw new RunError(`cannot write ${this.#name}: ${describeError(error)}`);
  }
}
