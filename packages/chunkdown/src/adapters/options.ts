import { chunkdown } from '../chunkdown.js';
import { characterLength } from '../options.js';
import type {
  Breadcrumb,
  Chunk,
  Chunkdown,
  ChunkdownOptions,
  Container,
  LengthFunction,
} from '../types.js';

/** The forms of the metadata the adapters add to their documents, nodes or chunks. */
export const metadataFormats = ['flat', 'structured'] as const;

/**
 * The form of an adapter's metadata: `'flat'` (every value a string, a number or a list of
 * strings, which every vector store takes) or `'structured'` (breadcrumbs with their depths,
 * containers with their attributes: nested objects, which Chroma, Pinecone and most vector stores
 * refuse).
 */
export type MetadataFormat = (typeof metadataFormats)[number];

/** What joins the headings of a flat `breadcrumbs`, and the containers of a joined one. */
export const breadcrumbSeparator = ' › ';

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
  /**
   * The form of the metadata the adapter adds: `'flat'` (the default: `breadcrumbs` one string,
   * headings joined with ` › `; `headings` a list of strings; containers as strings) or
   * `'structured'` (`breadcrumbs` as `{ text, depth }` objects, containers as chunkdown's
   * `Container` objects, and whatever else the adapter gives in nested form).
   */
  metadataFormat?: MetadataFormat | undefined;
}

/** A splitter made for an adapter, with the options it was made from. */
export interface AdapterSplitter {
  settings: ChunkdownOptions & { overlap: number; lengthFunction: LengthFunction };
  splitter: Chunkdown;
  /** The form of the metadata the adapter adds. */
  metadataFormat: MetadataFormat;
}

/**
 * Where a chunk sits, as every adapter puts it in metadata, flat: the values are strings and
 * lists of strings.
 */
export interface FlatPlacement {
  /** The headings above the chunk's content that are not in its text, joined with ` › ` (`''` for none). */
  breadcrumbs: string;
  /** The same headings, outermost first, as a list of strings. */
  headings: string[];
  /**
   * The docs-dialect containers the chunk sits in, outermost first, each as `name: title` (or
   * the name alone), when it sits in any.
   */
  containers?: string[];
}

/** Where a chunk sits, structured: breadcrumbs with their depths, containers as chunkdown gives them. */
export interface StructuredPlacement {
  /** The headings above the chunk's content that are not in its text, outermost first. */
  breadcrumbs: Breadcrumb[];
  /** The same headings' texts, outermost first. */
  headings: string[];
  /** The docs-dialect containers the chunk sits in, outermost first, when it sits in any. */
  containers?: Container[];
}

/**
 * The metadata every adapter adds about where a chunk sits (its headings and containers), in the
 * form asked for. Each adapter spreads it into its own metadata beside what only it adds; a field
 * every adapter should carry belongs here.
 *
 * @param chunk The chunk.
 * @param format `'flat'` or `'structured'`.
 * @returns Fresh objects (nothing shared with the chunk).
 */
export function placementOf(chunk: Chunk, format: 'flat'): FlatPlacement;
export function placementOf(chunk: Chunk, format: 'structured'): StructuredPlacement;
export function placementOf(
  chunk: Chunk,
  format: MetadataFormat,
): FlatPlacement | StructuredPlacement;
export function placementOf(
  chunk: Chunk,
  format: MetadataFormat,
): FlatPlacement | StructuredPlacement {
  const headings = chunk.breadcrumbs.map((crumb) => crumb.text);
  const inContainers = chunk.containers.length > 0;
  if (format === 'structured') {
    return {
      breadcrumbs: chunk.breadcrumbs.map((crumb) => ({ ...crumb })),
      headings,
      ...(inContainers
        ? {
            containers: chunk.containers.map((container) => ({
              ...container,
              ...(container.attributes ? { attributes: { ...container.attributes } } : {}),
            })),
          }
        : {}),
    };
  }
  return {
    breadcrumbs: headings.join(breadcrumbSeparator),
    headings,
    ...(inContainers ? { containers: chunk.containers.map(containerLabel) } : {}),
  };
}

/**
 * A container as one string: `name: title`, or the name when it has no title.
 *
 * @param container A container.
 * @returns Its label.
 */
export function containerLabel(container: Container): string {
  return container.title ? `${container.name}: ${container.title}` : container.name;
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
  const { chunkOverlap, metadataFormat = 'flat', ...rest } = options ?? {};
  if (!(metadataFormats as readonly unknown[]).includes(metadataFormat)) {
    throw new RangeError(
      `Expected \`'flat'\` or \`'structured'\` for \`options.metadataFormat\`, not ${typeof metadataFormat === 'string' ? `\`'${metadataFormat}'\`` : typeof metadataFormat}`,
    );
  }
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
  return { settings, splitter: checkedSplitter(settings), metadataFormat };
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
