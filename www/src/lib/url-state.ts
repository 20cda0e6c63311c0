import { compressToEncodedURIComponent, decompressFromEncodedURIComponent } from 'lz-string';
import { type AppState, DEFAULT_SETTINGS, sanitizeSettings } from './settings.ts';

/** Key of the state in the URL fragment: `#s=<compressed>`. */
const KEY = 's';
/** Version of the stored shape, bumped when it changes incompatibly. */
const VERSION = 1;

/** Looks up the text of a bundled example by id. */
export type ExampleLookup = (id: string) => string | undefined;

/**
 * Encode the state into a URL fragment. An unchanged bundled example is stored by id, so its links
 * stay short; any other text is stored compressed.
 *
 * @param state State to store.
 * @param lookup Finds example texts.
 * @returns Fragment including `#`.
 */
export function encodeState(state: AppState, lookup: ExampleLookup): string {
  const stored: Record<string, unknown> = { v: VERSION, o: state.settings };
  if (state.example !== null && lookup(state.example) === state.text) stored.e = state.example;
  else stored.t = state.text;
  return `#${KEY}=${compressToEncodedURIComponent(JSON.stringify(stored))}`;
}

/**
 * Decode a URL fragment made by {@link encodeState}. Anything malformed or missing falls back to
 * the defaults; the result is `null` when the fragment holds no state at all.
 *
 * @param hash `location.hash` (with or without `#`).
 * @param lookup Finds example texts.
 * @returns The state, or `null`.
 */
export function decodeState(hash: string, lookup: ExampleLookup): AppState | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const packed = params.get(KEY);
  if (!packed) return null;
  // URLSearchParams turns `+` into a space; the compressed alphabet uses `+`.
  const json = decompressFromEncodedURIComponent(packed.replace(/ /g, '+'));
  if (!json) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const record = stored as Record<string, unknown>;
  const settings = 'o' in record ? sanitizeSettings(record.o) : { ...DEFAULT_SETTINGS, rules: {} };
  if (typeof record.e === 'string') {
    const text = lookup(record.e);
    if (text !== undefined) return { text, example: record.e, settings };
  }
  return { text: typeof record.t === 'string' ? record.t : '', example: null, settings };
}

/**
 * Longest fragment the page puts in a link: 32 KB of compressed state. Longer URLs are cut or
 * refused by browsers, chat apps and servers; a larger state goes in a file instead.
 */
export const MAX_LINK_CHARS = 32 * 1024;

/** Marks a state file, so that opening one restores the state instead of showing its JSON. */
const FILE_FORMAT = 'chunkdown-visualizer-state';

/**
 * The state as a file to download when it is too large for a link: the text (or the example's
 * id) and the options, as JSON.
 *
 * @param state State to save.
 * @param lookup Finds example texts.
 * @returns Pretty-printed JSON, ending in a newline.
 */
export function toStateFile(state: AppState, lookup: ExampleLookup): string {
  const example = state.example !== null && lookup(state.example) === state.text;
  const stored = {
    format: FILE_FORMAT,
    version: VERSION,
    settings: state.settings,
    ...(example ? { example: state.example } : { text: state.text }),
  };
  return `${JSON.stringify(stored, null, 2)}\n`;
}

/**
 * Read a file made by {@link toStateFile}. Settings are sanitized as for a link.
 *
 * @param content The file's text.
 * @param lookup Finds example texts.
 * @returns The state, or `null` when the file is not a state file (then it is a document).
 */
export function fromStateFile(content: string, lookup: ExampleLookup): AppState | null {
  if (!content.trimStart().startsWith('{')) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(content);
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const record = stored as Record<string, unknown>;
  if (record.format !== FILE_FORMAT) return null;
  const settings = sanitizeSettings(record.settings);
  if (typeof record.example === 'string') {
    const text = lookup(record.example);
    if (text !== undefined) return { text, example: record.example, settings };
  }
  const text = typeof record.text === 'string' ? record.text.replace(/\r\n?/g, '\n') : '';
  return { text, example: null, settings };
}
