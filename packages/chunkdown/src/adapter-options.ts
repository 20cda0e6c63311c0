import { chunkdown } from './chunkdown.js';
import { characterLength } from './options.js';
import type { Chunkdown, ChunkdownOptions, LengthFunction } from './types.js';

/**
 * chunkdown's options as a framework adapter takes them (`chunkdown/langchain`,
 * `chunkdown/llamaindex`): `chunkSize` may be left out (the framework's default is used), and
 * `chunkOverlap`, the frameworks' name, is accepted for `overlap`.
 */
export interface AdapterOptions extends Omit<ChunkdownOptions, 'chunkSize'> {
  /** Target content size of a chunk, in the size unit. Default: the framework's default. */
  chunkSize?: number | undefined;
  /**
   * The frameworks' name for {@link ChunkdownOptions.overlap}: content carried from the end of
   * the previous chunk of the same section. Default 0 (not the frameworks' 200). When both are
   * given they must be equal.
   */
  chunkOverlap?: number | undefined;
}

/** A splitter made for an adapter, with the options it was made from. */
export interface AdapterSplitter {
  settings: ChunkdownOptions & { overlap: number; lengthFunction: LengthFunction };
  splitter: Chunkdown;
}

/**
 * Make the splitter of an adapter: fill in the framework's default chunk size, map
 * `chunkOverlap` to `overlap`, check that the length function is synchronous, validate the
 * options as `chunkdown` does, and check that `maxRawSize` is not below `chunkSize`.
 *
 * @param options Options as given (`null` and `undefined` mean none).
 * @param framework The framework's name and default chunk size, for defaults and messages.
 * @returns The splitter and the options it was made with.
 * @throws {TypeError | RangeError} On an invalid option; the message names it.
 */
export function createAdapterSplitter(
  options: AdapterOptions | null | undefined,
  framework: { name: string; defaultChunkSize: number },
): AdapterSplitter {
  const { name, defaultChunkSize } = framework;
  if (
    options !== undefined &&
    options !== null &&
    (typeof options !== 'object' || Array.isArray(options))
  ) {
    throw new TypeError(
      `Expected an options object such as \`{ chunkSize: ${defaultChunkSize} }\`, or nothing, not ${Array.isArray(options) ? 'an array' : typeof options}`,
    );
  }
  const { chunkOverlap, ...rest } = options ?? {};
  if (chunkOverlap !== undefined && rest.overlap !== undefined && chunkOverlap !== rest.overlap) {
    throw new RangeError(
      `Expected \`options.overlap\` and \`options.chunkOverlap\` (its ${name} name) to be equal, not ${rest.overlap} and ${chunkOverlap}`,
    );
  }
  const settings = {
    ...rest,
    chunkSize: rest.chunkSize ?? defaultChunkSize,
    overlap: rest.overlap ?? chunkOverlap ?? 0,
    lengthFunction: synchronous(rest.lengthFunction ?? characterLength),
  };
  return { settings, splitter: checkedSplitter(settings) };
}

/**
 * Make a splitter, and check that the raw cap can hold a chunk of the target size.
 *
 * @param settings chunkdown's options.
 * @returns The splitter.
 * @throws {TypeError | RangeError} On an invalid option, or `maxRawSize` below `chunkSize`.
 */
export function checkedSplitter(settings: ChunkdownOptions): Chunkdown {
  const splitter = chunkdown(settings);
  const { chunkSize, maxRawSize } = splitter;
  if (maxRawSize !== undefined && maxRawSize < chunkSize) {
    throw new RangeError(
      `Expected \`options.maxRawSize\` (${maxRawSize}) to be at least \`options.chunkSize\` (${chunkSize}): the raw cap bounds each chunk's markdown, which holds at least its content; lower \`chunkSize\` or raise \`maxRawSize\``,
    );
  }
  return splitter;
}

/**
 * Check that a length function is synchronous: the frameworks accept
 * `(text) => Promise<number>`, chunkdown measures synchronously. Calls it once, on the empty
 * string.
 *
 * @param lengthFunction The function to check.
 * @returns The same function.
 * @throws {TypeError} When it is not a function or it returns a promise.
 */
export function synchronous(lengthFunction: unknown): LengthFunction {
  if (typeof lengthFunction !== 'function') {
    throw new TypeError(
      `Expected a function \`(text: string) => number\` for \`options.lengthFunction\`, not ${typeof lengthFunction}`,
    );
  }
  const probe: unknown = lengthFunction('');
  if (probe !== null && typeof probe === 'object' && 'then' in probe) {
    // Ignore the probe's own outcome; the error below says what to do.
    Promise.resolve(probe).catch(() => {});
    throw new TypeError(
      'Expected a synchronous `(text: string) => number` for `options.lengthFunction`, not a function returning a promise: chunkdown measures every node synchronously',
    );
  }
  return lengthFunction as LengthFunction;
}
