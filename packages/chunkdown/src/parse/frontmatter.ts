import { parse as parseToml } from 'smol-toml';
import { isMap, LineCounter, parseDocument, visit } from 'yaml';
import type { Frontmatter } from '../types.js';

/** A document with its front matter taken out. */
export interface WithoutFrontmatter {
  frontmatter: Frontmatter | undefined;
  /** The document with the front matter blanked (spaces, line endings kept), so offsets still hold. */
  body: string;
}

type Format = Frontmatter['format'];

/** What a parser made of the text between the fences. */
type Reading = { ok: true; value: unknown } | { ok: false; error: string };

const fences = {
  yaml: { open: /^---[ \t]*\r?\n/, close: /^(?:---|\.\.\.)[ \t]*$/ },
  toml: { open: /^\+\+\+[ \t]*\r?\n/, close: /^\+\+\+[ \t]*$/ },
} as const;

/**
 * Take the front matter from the top of a document: YAML between `---` and `---` (or `...`), or
 * TOML between `+++` lines. Front matter is never chunk text, also when it does not parse (a
 * Hugo template such as `title: {{ .Title }}`, an unterminated string): then `data` is absent
 * and `error` says why. What sets it apart from markdown that merely starts with a thematic
 * break (`---`, a paragraph, `---` is a rule and a setext heading) is its content: it parses to
 * a mapping, or it does not parse but reads as one (see {@link readsAsMapping}). A block that
 * parses to something else (a string, a list) is markdown.
 *
 * YAML is read by the `yaml` package (all of YAML 1.2: anchors, aliases, tags, complex keys),
 * TOML by `smol-toml`. Nothing is printed: errors are returned, never logged.
 *
 * @param markdown
 *   The document.
 * @returns
 *   The front matter and the document without it.
 */
export function takeFrontmatter(markdown: string): WithoutFrontmatter {
  const block = findBlock(markdown);
  if (!block) return { frontmatter: undefined, body: markdown };
  const { format, raw, end } = block;
  const reading: Reading = format === 'yaml' ? readYaml(raw) : readToml(raw);
  let frontmatter: Frontmatter;
  if (reading.ok) {
    if (!isMapping(reading.value)) return { frontmatter: undefined, body: markdown };
    frontmatter = { format, raw, data: reading.value };
  } else {
    if (!readsAsMapping(format, raw)) return { frontmatter: undefined, body: markdown };
    frontmatter = { format, raw, error: reading.error };
  }
  const body = markdown.slice(0, end).replace(/[^\r\n]/g, ' ') + markdown.slice(end);
  return { frontmatter, body };
}

/**
 * Find a fenced block at the very top of a document.
 *
 * @param markdown The document.
 * @returns Its format, the text between the fences, and where the closing fence's line ends;
 *   `undefined` when the document does not open with a fence or the fence is never closed.
 */
function findBlock(markdown: string): { format: Format; raw: string; end: number } | undefined {
  for (const format of ['yaml', 'toml'] as const) {
    const fence = fences[format];
    const open = fence.open.exec(markdown);
    if (!open) continue;
    let lineStart = open[0].length;
    while (lineStart < markdown.length) {
      let lineEnd = markdown.indexOf('\n', lineStart);
      if (lineEnd === -1) lineEnd = markdown.length;
      const line = markdown.slice(lineStart, lineEnd).replace(/\r$/, '');
      if (fence.close.test(line)) {
        const raw = markdown.slice(open[0].length, lineStart).replace(/\r?\n$/, '');
        return { format, raw, end: lineEnd };
      }
      lineStart = lineEnd + 1;
    }
    return undefined;
  }
  return undefined;
}

function isMapping(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Parse YAML with the `yaml` package. Every document it reads is a value, with what its
 * warnings concern (an unknown tag) read as `yaml` reads it; what it refuses is an error. Three
 * readings are errors too: more than one document (a `---` line with content inside the block),
 * a template placeholder (`title: {{ .Title }}`, which YAML reads as a mapping inside a mapping
 * key, and which a writer meant for Hugo or Jekyll), and aliases that make the value circular
 * (no JSON holds it).
 *
 * @param raw The text between the fences.
 * @returns The value (`null` for an empty block), or the error on one line.
 */
function readYaml(raw: string): Reading {
  const lineCounter = new LineCounter();
  try {
    // `logLevel: 'error'` keeps errors (also "more than one document") and prints no warning.
    const document = parseDocument(raw, { logLevel: 'error', lineCounter });
    const [error] = document.errors;
    if (error) {
      if (error.code === 'MULTIPLE_DOCS') {
        const { line } = lineCounter.linePos(error.pos[0]);
        return {
          ok: false,
          error: `more than one YAML document (the second starts at line ${line})`,
        };
      }
      return { ok: false, error: oneLine(error.message) };
    }
    const placeholder = templatePlaceholder(document);
    if (placeholder !== undefined) {
      const { line } = lineCounter.linePos(placeholder);
      return {
        ok: false,
        error: `a template placeholder ({{ … }}) at line ${line}, not YAML data`,
      };
    }
    const value: unknown = document.toJS({ maxAliasCount: 100 });
    if (isCircular(value, new Set())) {
      return { ok: false, error: 'an alias inside the node it names: the data would be circular' };
    }
    return { ok: true, value };
  } catch (error) {
    // Too many aliases (`maxAliasCount`) or nesting deeper than the stack: never a crash.
    return { ok: false, error: oneLine(error instanceof Error ? error.message : String(error)) };
  }
}

/**
 * Where a template placeholder is: a flow mapping that is the key of an entry of another flow
 * mapping, as YAML reads `{{ .Title }}`. No one writes front matter data so.
 *
 * @param document The parsed document.
 * @returns The placeholder's offset in the block, or `undefined` when there is none.
 */
function templatePlaceholder(document: ReturnType<typeof parseDocument>): number | undefined {
  let found: number | undefined;
  visit(document, {
    Pair(_, pair, path) {
      const parent = path[path.length - 1];
      if (isMap(parent) && parent.flow && isMap(pair.key) && pair.key.flow) {
        found = parent.range?.[0] ?? 0;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/**
 * Whether a value reaches itself (a YAML alias inside the node its anchor names).
 *
 * @param value The value.
 * @param inside The objects it is inside.
 * @returns `true` when it is circular.
 */
function isCircular(value: unknown, inside: Set<unknown>): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (inside.has(value)) return true;
  inside.add(value);
  const children = value instanceof Map ? [...value.values()] : Object.values(value);
  const circular = children.some((child) => isCircular(child, inside));
  inside.delete(value);
  return circular;
}

/**
 * Parse TOML.
 *
 * @param raw The text between the fences.
 * @returns The value, or the error on one line.
 */
function readToml(raw: string): Reading {
  try {
    return { ok: true, value: parseToml(raw) };
  } catch (error) {
    return { ok: false, error: oneLine(error instanceof Error ? error.message : String(error)) };
  }
}

/** The first line of a message, without a trailing colon. */
function oneLine(message: string): string {
  return (message.split('\n')[0] ?? '').trim().replace(/:$/, '');
}

/** A YAML line that starts a mapping entry: a plain or quoted key, a colon, a space or the end. */
const yamlKeyLine = /^(?:"[^"\n]*"|'[^'\n]*'|[^\s#'"?:,[\]{}&*!|>%@`-][^:\n]*?)[ \t]*:(?:[ \t]|$)/;
/** A YAML line that starts a complex key: `? [a, b]`. */
const yamlComplexKeyLine = /^\?(?:[ \t]|$)/;
/** A YAML line that gives the value of a complex key: `: value`. */
const yamlComplexValueLine = /^:(?:[ \t]|$)/;
/**
 * A YAML line that continues an entry (indented), a list item (`- x`, or `* x` as a markdown
 * writer lists the authors of a Kubernetes proposal: no YAML, but a mapping to its reader), a
 * comment, or a document marker with content (`--- # next`; a bare `---` closes the block).
 */
const yamlOtherLine = /^(?:[ \t]|[-*](?:[ \t]|$)|#|---[ \t])/;
/** A TOML line that starts a key/value pair or a table. */
const tomlKeyLine = /^[ \t]*(?:\[|(?:[\w-]+|"[^"\n]*"|'[^'\n]*')[ \t]*(?:\.|=))/;

/**
 * Whether text that did not parse still reads as a mapping, and so as front matter rather than
 * markdown: for YAML, its first line that is not a comment is a `key:` line or a complex key
 * (`? …`), and every other line is one of these too, the value of a complex key (`: …`),
 * indented, a list item, a comment or a document marker (a paragraph of prose between two rules has lines that are
 * none of these); for TOML, its first line that is not a comment is `key =`, a `[table]` or
 * a YAML `key:` (`+++` means nothing in markdown).
 *
 * @param format The fences' format.
 * @param raw The text between the fences.
 * @returns `true` when it is front matter that failed to parse.
 */
function readsAsMapping(format: Format, raw: string): boolean {
  const startsEntry = (line: string) => yamlKeyLine.test(line) || yamlComplexKeyLine.test(line);
  const lines = raw.split(/\r?\n/).filter((line) => line.trim() !== '');
  const first = lines.find((line) => !/^[ \t]*#/.test(line));
  if (first === undefined) return false;
  // (YAML written between `+++` fences, as a TOML block's author may, is front matter too.)
  if (format === 'toml') return tomlKeyLine.test(first) || yamlKeyLine.test(first);
  return (
    startsEntry(first) &&
    lines.every(
      (line) => startsEntry(line) || yamlComplexValueLine.test(line) || yamlOtherLine.test(line),
    )
  );
}
