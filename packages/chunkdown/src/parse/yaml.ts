/**
 * A reader for the YAML that front matter holds, in the browser bundle instead of a full YAML
 * parser (which was a third of it). It reads block mappings and sequences (also compact ones,
 * `- key: value`), plain, quoted and multi-line scalars, literal and folded block scalars,
 * flow sequences and mappings, and comments, with YAML 1.2's core schema (`null`, booleans,
 * integers, floats, strings), and gives what the `yaml` package gives for them (a test compares
 * the two on generated and real front matter). What it does not read (anchors, aliases, tags,
 * complex keys, explicit indentation indicators, and the rarer corners of the grammar) it
 * reports as such, like an error, rather than guessing: the front matter is still taken out of
 * the chunks, and its `raw` text is there for a full parser.
 *
 * @module
 */

/** What the reader made of the text: a value, or why there is none (one line). */
export type YamlReading = { ok: true; value: unknown } | { ok: false; error: string };

/** Thrown inside the reader; becomes the `error` of the reading. */
class Stop extends Error {}

/** Characters that cannot start a plain scalar (besides `-`, `?` and `:` before a space). */
const indicators = new Set([...',[]{}#&*!|>\'"%@`']);
/** Characters that end a plain scalar in a flow collection. */
const flowIndicators = new Set([...',[]{}']);

/**
 * Read the YAML of a front matter block.
 *
 * @param raw The text between the fences.
 * @returns The value (`null` for an empty block), or the reason there is none.
 */
export function readYaml(raw: string): YamlReading {
  try {
    const lines = raw.split(/\r?\n/);
    // A final line break ends the last line; it does not start another.
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    return { ok: true, value: createReader(lines).document() };
  } catch (error) {
    if (error instanceof Stop) return { ok: false, error: error.message };
    // Nesting deeper than the stack: not front matter anyone writes, and never a crash.
    if (error instanceof RangeError) {
      return { ok: false, error: 'collections nested deeper than the reader follows' };
    }
    throw error;
  }
}

/** A value read from a row, and the column after it (on the last row it takes). */
interface Scanned {
  value: unknown;
  /** Column after the value. */
  end: number;
}

function createReader(lines: string[]) {
  let row = 0;

  const fail = (message: string, at = row): never => {
    throw new Stop(`${message} at line ${at + 1}`);
  };
  const unsupported = (what: string, at = row): never => {
    throw new Stop(
      `${what} at line ${at + 1} is YAML that chunkdown's front matter reader does not read; parse \`raw\` with a YAML parser`,
    );
  };

  /**
   * Fail on a structure error, unless row `at` starts with a construct the reader does not
   * read (then the structure may be valid YAML after all).
   */
  const refuse = (message: string, at = row): never => {
    const start = line(at).trimStart();
    const construct = /^\?(?:[ \t]|$)/.test(start)
      ? 'a complex key'
      : /^:(?:[ \t]|$)/.test(start)
        ? 'an empty key'
        : /^[&*!]/.test(start)
          ? 'an anchor, alias or tag'
          : undefined;
    if (construct) unsupported(construct, at);
    return fail(message, at);
  };

  const line = (at: number) => lines[at] ?? '';
  const isBlank = (at: number) => /^[ \t]*$/.test(line(at));
  const isComment = (at: number) => /^[ \t]*#/.test(line(at));
  /** The next row with content (not blank, not a comment line) from `from`, or -1. */
  const nextContent = (from: number) => {
    for (let at = from; at < lines.length; at++) {
      if (isBlank(at)) {
        if (line(at).includes('\t')) unsupported('a blank line with a tab', at);
        continue;
      }
      if (!isComment(at)) return at;
    }
    return -1;
  };
  /** Spaces before the content of a row; a tab there is not read. */
  const indentOf = (at: number) => {
    const text = line(at);
    const spaces = /^ */.exec(text)?.[0].length ?? 0;
    if (text[spaces] === '\t') unsupported('a tab before content', at);
    return spaces;
  };

  function document(): unknown {
    const first = nextContent(0);
    if (first === -1) return null;
    row = first;
    const value = blockNode(-1);
    const rest = nextContent(row);
    if (rest !== -1) refuse('unexpected content', rest);
    return value;
  }

  /**
   * Read the block node starting at the next content row, which must be indented more than
   * `parent` (or as much, for a sequence that is a mapping's value).
   */
  function blockNode(parent: number, sequenceAtParent = false): unknown {
    const at = nextContent(row);
    if (at === -1) return null;
    const indent = indentOf(at);
    const text = line(at).slice(indent);
    const isItem = /^-(?: |$)/.test(text);
    if (indent <= parent && !(sequenceAtParent && indent === parent && isItem)) return null;
    row = at;
    if (isItem) return blockSequence(indent);
    if (entryKey(at, indent) !== undefined) return blockMapping(indent);
    return scalarNode(at, indent, parent);
  }

  /** A value that starts a row and is not a collection: a scalar or a flow collection. */
  function scalarNode(at: number, column: number, parent: number): unknown {
    const char = line(at)[column];
    if (char === '|' || char === '>') return blockScalar(at, column, parent);
    const { value, end } = inlineValue(at, column, parent);
    expectLineEnd(row, end);
    row++;
    return value;
  }

  function blockSequence(indent: number): unknown[] {
    const items: unknown[] = [];
    for (;;) {
      const at = nextContent(row);
      if (at === -1 || indentOf(at) < indent) break;
      if (indentOf(at) > indent) refuse('bad indentation of a sequence item', at);
      const text = line(at);
      if (!/^-(?: |$)/.test(text.slice(indent))) break;
      row = at;
      const rest = text.slice(indent + 1);
      const offset = /^ */.exec(rest)?.[0].length ?? 0;
      if (rest[offset] === '\t') unsupported('a tab after `-`', at);
      if (rest.slice(offset) === '' || rest[offset] === '#') {
        row = at + 1;
        items.push(blockNode(indent));
        continue;
      }
      // Compact notation (`- key: value`, `- - item`): read the rest as a node at its column.
      const column = indent + 1 + offset;
      lines[at] = ' '.repeat(column) + rest.slice(offset);
      items.push(blockNode(indent));
    }
    return items;
  }

  function blockMapping(indent: number): Record<string, unknown> {
    const map: Record<string, unknown> = {};
    const keys = new Set<unknown>();
    for (;;) {
      const at = nextContent(row);
      if (at === -1 || indentOf(at) < indent) break;
      if (indentOf(at) > indent) refuse('bad indentation of a mapping entry', at);
      const key = entryKey(at, indent);
      if (key === undefined) {
        if (/^-(?: |$)/.test(line(at).slice(indent))) break;
        refuse('expected a `key: value` entry', at);
      }
      row = at;
      const { value: keyValue, colon } = key as { value: unknown; colon: number };
      if (isDuplicate(keys, keyValue)) fail('duplicate key', at);
      const value = entryValue(at, colon + 1, indent);
      setKey(map, keyValue, value);
    }
    return map;
  }

  /** The value after `key:` on row `at`, from column `from`, in a mapping at `indent`. */
  function entryValue(at: number, from: number, indent: number): unknown {
    const text = line(at);
    let column = from;
    while (text[column] === ' ' || text[column] === '\t') column++;
    if (column >= text.length || text[column] === '#') {
      const value = nextContent(at + 1);
      const nested = value !== -1 && indentOf(value) > indent;
      for (let between = at + 1; nested && between < value; between++) {
        // `yaml` reads `key:` + `#note` + an indented value as an error, `# note` not.
        if (/^[ \t]*#[^ \t]/.test(line(between))) {
          unsupported('a comment without a space after `#` before a value', between);
        }
      }
      row = at + 1;
      return blockNode(indent, true);
    }
    const char = text[column] as string;
    if (char === '|' || char === '>') return blockScalar(at, column, indent);
    if (char === '-' && /^-(?:[ \t]|$)/.test(text.slice(column))) {
      fail('a sequence on the same line as its key', at);
    }
    const { value, end } = inlineValue(at, column, indent);
    expectLineEnd(row, end);
    row++;
    return value;
  }

  /**
   * A scalar or flow collection starting at a column of row `at` (which may continue on the
   * following rows, indented more than `parent`). Leaves `row` on its last row.
   */
  function inlineValue(at: number, column: number, parent: number): Scanned {
    const text = line(at);
    const char = text[column] as string;
    if (char === '&' || char === '*' || char === '!') {
      unsupported(char === '&' ? 'an anchor' : char === '*' ? 'an alias' : 'a tag', at);
    }
    if (char === '"' || char === "'") return quoted(at, column, parent);
    if (char === '[' || char === '{') return flowCollection(at, column, parent);
    return plainBlockScalar(at, column, parent);
  }

  /** A plain scalar in block context, folded over continuation rows. */
  function plainBlockScalar(at: number, column: number, parent: number): Scanned {
    const text = line(at);
    checkPlainStart(text, column, at);
    const first = plainRun(text, column, false);
    if (/:(?:[ \t]|$)/.test(text.slice(column, first.end))) {
      fail('a mapping in a plain scalar (nested mappings need their own line)', at);
    }
    let value = first.text;
    let end = first.end;
    if (first.comment) return { value: resolvePlain(value), end: text.length };
    // Continuation rows: indented more than the parent, not blank lines (which fold to `\n`).
    let breaks = 0;
    let last = at;
    for (let next = at + 1; next < lines.length; next++) {
      if (isBlank(next)) {
        breaks++;
        continue;
      }
      if (isComment(next) || indentOf(next) <= parent) break;
      const body = line(next).trimStart();
      if (indicators.has(body[0] as string) || /^[-?:](?:[ \t]|$)/.test(body)) {
        unsupported('a continuation line that starts with an indicator', next);
      }
      const run = plainRun(body, 0, false);
      if (/:(?:[ \t]|$)/.test(body.slice(0, run.end))) fail('a mapping in a plain scalar', next);
      value += breaks === 0 ? ` ${run.text}` : '\n'.repeat(breaks) + run.text;
      breaks = 0;
      last = next;
      if (run.comment) break;
      end = line(next).length - body.length + run.end;
    }
    row = last;
    if (last !== at) {
      // The value spans rows: it is a string (a folded scalar resolves as a whole).
      return { value: resolvePlain(value), end: line(last).length };
    }
    return { value: resolvePlain(value), end };
  }

  /** The `key:` of a mapping entry on row `at` at `indent`, or `undefined` when there is none. */
  function entryKey(at: number, indent: number): { value: unknown; colon: number } | undefined {
    const text = line(at);
    const char = text[indent] as string;
    if (char === '?' && /^\?(?:[ \t]|$)/.test(text.slice(indent))) unsupported('a complex key', at);
    if (char === ':' && /^:(?:[ \t]|$)/.test(text.slice(indent))) unsupported('an empty key', at);
    if (char === '"' || char === "'") {
      const closing = closingQuote(text, char, indent + 1);
      if (closing === -1) return undefined;
      let column = closing + 1;
      while (text[column] === ' ' || text[column] === '\t') column++;
      if (text[column] !== ':' || !/^:(?:[ \t]|$)/.test(text.slice(column))) return undefined;
      return { value: unquote(text.slice(indent, closing + 1), at), colon: column };
    }
    if (char === '[' || char === '{') {
      // A flow collection followed by `:` would be a key that no JS object can hold.
      const saved = row;
      let scanned: Scanned | undefined;
      let last = at;
      try {
        scanned = flowCollection(at, indent, Number.POSITIVE_INFINITY, true);
        last = row;
      } catch {
        scanned = undefined;
      }
      row = saved;
      if (scanned && /^[ \t]*:(?:[ \t]|$)/.test(line(last).slice(scanned.end))) {
        fail(
          'a mapping key that is itself a mapping or a list (a template placeholder such as `{{ .Title }}`?)',
          at,
        );
      }
      return undefined;
    }
    if (char === '&' || char === '*' || char === '!') {
      if (/:(?:[ \t]|$)/.test(text.slice(indent))) {
        unsupported(char === '&' ? 'an anchor' : char === '*' ? 'an alias' : 'a tag', at);
      }
      return undefined;
    }
    if (indicators.has(char) || /^[-?:](?:[ \t]|$)/.test(text.slice(indent))) return undefined;
    const match = /^(.*?)[ \t]*:(?:[ \t]|$)/.exec(text.slice(indent));
    if (!match) return undefined;
    const key = match[1] as string;
    if (/[ \t]#/.test(key)) unsupported('a comment between a key and its colon', at);
    if (key === '<<') unsupported('a merge key (`<<`)', at);
    return { value: resolvePlain(key), colon: indent + match[0].replace(/[ \t]+$/, '').length - 1 };
  }

  /** A block scalar (`|` or `>`), its header at `column` of row `at`, in a node at `indent`. */
  function blockScalar(at: number, column: number, indent: number): string {
    const text = line(at);
    const header = /^([|>])([-+]?)([ \t]+#.*)?[ \t]*$/.exec(text.slice(column));
    if (!header) {
      if (/^[|>][-+]?[0-9]|^[|>][0-9]/.test(text.slice(column))) {
        unsupported('an indentation indicator', at);
      }
      fail('a bad block scalar header', at);
    }
    const [, style, chomping] = header as RegExpExecArray;
    const body: string[] = [];
    let contentIndent = -1;
    let next = at + 1;
    let leadingBlankWidth = 0;
    for (; next < lines.length; next++) {
      const current = line(next);
      if (/^ *$/.test(current)) {
        if (contentIndent === -1) leadingBlankWidth = Math.max(leadingBlankWidth, current.length);
        else if (current.length > contentIndent)
          unsupported('a blank line with extra spaces in a block scalar', next);
        body.push('');
        continue;
      }
      const spaces = /^ */.exec(current)?.[0].length ?? 0;
      // A tab in the indentation, where the scalar could end: not read.
      if (current[spaces] === '\t' && (contentIndent === -1 || spaces < contentIndent)) {
        unsupported('a tab in the indentation of a block scalar', next);
      }
      if (contentIndent === -1) {
        if (spaces <= indent) break;
        if (current[spaces] === '\t') unsupported('a tab before content', next);
        if (leadingBlankWidth > spaces)
          fail('a more-indented blank line before a block scalar', next);
        contentIndent = spaces;
      } else if (spaces < contentIndent) break;
      body.push(current.slice(contentIndent));
    }
    row = next;
    // Blank rows at the end belong to the trailing line breaks, not to the content.
    let trailing = 0;
    while (body.length > 0 && body[body.length - 1] === '') {
      body.pop();
      trailing++;
    }
    let content = style === '|' ? body.join('\n') : fold(body);
    if (body.length === 0) {
      return chomping === '+' ? '\n'.repeat(trailing) : '';
    }
    if (chomping === '-') return content;
    content += '\n';
    if (chomping === '+') content += '\n'.repeat(trailing);
    return content;
  }

  /** A quoted scalar starting at `column` of row `at`, perhaps over several rows. */
  function quoted(at: number, column: number, parent: number): Scanned {
    const quote = line(at)[column] as string;
    const parts = [line(at).slice(column)];
    let last = at;
    let closing = closingQuote(parts[0] as string, quote, 1);
    while (closing === -1) {
      last++;
      if (last >= lines.length) fail(`a string without its closing ${quote}`, at);
      const next = line(last);
      if (/^ *\t/.test(next)) unsupported('a tab at the start of a line of a string', last);
      if (!/^[ \t]*$/.test(next) && indentOf(last) <= parent) {
        fail(`a string without its closing ${quote}`, at);
      }
      parts.push(next);
      closing = closingQuote(next, quote, 0);
    }
    row = last;
    const lastPart = parts.pop() as string;
    parts.push(lastPart.slice(0, closing + 1));
    const value = unquote(parts.join('\n'), at);
    return { value, end: last === at ? column + closing + 1 : closing + 1 };
  }

  /** Unquote a single- or double-quoted scalar (with its quotes), folding its line breaks. */
  function unquote(source: string, at: number): string {
    const quote = source[0];
    const rows = source.slice(1, -1).split('\n');
    if (quote === "'") return foldFlowLines(rows).replace(/''/g, "'");
    // Double-quoted: a line ending in an escaping `\` joins the next without a break.
    const last = rows.length - 1;
    const escaped = (index: number) =>
      index < last && /(?:^|[^\\])(?:\\\\)*\\$/.test(rows[index] as string);
    const content = (index: number) => {
      let text = rows[index] as string;
      if (index > 0) text = text.replace(/^[ \t]+/, '');
      if (escaped(index)) return text.slice(0, -1);
      if (index < last) text = trimUnescaped(text);
      return text;
    };
    let out = decodeEscapes(content(0), at);
    let index = 0;
    while (index < last) {
      if (escaped(index)) {
        index++;
        out += decodeEscapes(content(index), at);
        continue;
      }
      let next = index + 1;
      let blanks = 0;
      while (next < last && content(next) === '' && !escaped(next)) {
        blanks++;
        next++;
      }
      out += blanks > 0 ? '\n'.repeat(blanks) : ' ';
      index = next;
      out += decodeEscapes(content(index), at);
    }
    return out;
  }

  /** A flow sequence or mapping starting at `column` of row `at`. */
  function flowCollection(at: number, column: number, parent: number, probe = false): Scanned {
    let current = at;
    let position = column;
    const peekChar = (): string | undefined => {
      for (;;) {
        const text = line(current);
        while (position < text.length && (text[position] === ' ' || text[position] === '\t')) {
          position++;
        }
        if (position < text.length && text[position] === '#') {
          const before = text[position - 1];
          if (position === 0 || before === ' ' || before === '\t') position = text.length;
        }
        if (position < text.length) return text[position];
        current++;
        if (current >= lines.length) return undefined;
        if (!probe && !/^[ \t]*(?:#.*)?$/.test(line(current)) && indentOf(current) <= parent) {
          fail('a flow collection without its end (its lines must be indented)', at);
        }
        position = 0;
      }
    };
    const expect = (char: string) => {
      if (peekChar() !== char) fail(`expected \`${char}\` in a flow collection`, current);
      position++;
    };

    const node = (): unknown => {
      const char = peekChar();
      if (char === undefined) return fail('a flow collection without its end', at);
      if (char === '[') {
        position++;
        const items: unknown[] = [];
        for (;;) {
          if (peekChar() === ']') {
            position++;
            return items;
          }
          const item = node();
          if (peekChar() === ':') unsupported('a mapping inside a flow sequence', current);
          items.push(item);
          const after = peekChar();
          if (after === ',') position++;
          else if (after !== ']') fail('expected `,` or `]` in a flow sequence', current);
        }
      }
      if (char === '{') {
        position++;
        const map: Record<string, unknown> = {};
        const keys = new Set<unknown>();
        for (;;) {
          if (peekChar() === '}') {
            position++;
            return map;
          }
          const startChar = peekChar();
          if (startChar === '[' || startChar === '{') {
            node();
            fail(
              'a mapping key that is itself a mapping or a list (a template placeholder such as `{{ .Title }}`?)',
              current,
            );
          }
          const quotedKey = startChar === '"' || startChar === "'";
          const key = node();
          if (isDuplicate(keys, key)) fail('duplicate key', current);
          let value: unknown = null;
          if (peekChar() === ':') {
            const text = line(current);
            const next = text[position + 1];
            if (
              !quotedKey &&
              next !== undefined &&
              next !== ' ' &&
              next !== '\t' &&
              !flowIndicators.has(next)
            ) {
              fail('a bad `:` in a flow mapping', current);
            }
            position++;
            const after = peekChar();
            value = after === ',' || after === '}' ? null : node();
          }
          setKey(map, key, value);
          const after = peekChar();
          if (after === ',') position++;
          else if (after !== '}') fail('expected `,` or `}` in a flow mapping', current);
        }
      }
      if (char === '"' || char === "'") {
        const scanned = quoted(current, position, probe ? -1 : parent);
        if (row !== current) unsupported('a multi-line string inside a flow collection', current);
        position = scanned.end;
        return scanned.value;
      }
      if (char === '&' || char === '*' || char === '!') {
        unsupported(char === '&' ? 'an anchor' : char === '*' ? 'an alias' : 'a tag', current);
      }
      const text = line(current);
      checkPlainStart(text, position, current, true);
      const run = plainRun(text, position, true);
      if (run.text === '') fail('an empty entry in a flow collection', current);
      position = run.end;
      // A plain scalar in a flow collection that goes on at the next row is not read.
      if (run.end >= text.length && !run.comment) {
        const saved = [current, position] as const;
        const following = peekChar();
        const [c, p] = saved;
        if (following !== undefined && !flowIndicators.has(following) && following !== ':') {
          unsupported('a plain scalar over several lines in a flow collection', current);
        }
        current = c;
        position = p;
      }
      return resolvePlain(run.text);
    };

    expect(line(at)[column] as string);
    position = column;
    const value = node();
    row = current;
    return { value, end: position };
  }

  /** Only spaces and a comment may follow a value on its row. */
  function expectLineEnd(at: number, end: number): void {
    const rest = line(at).slice(end);
    if (!/^(?:[ \t]+#.*)?[ \t]*$/.test(rest)) fail('unexpected text after a value', at);
  }

  return { document };
}

/**
 * Where a quoted scalar closes on a line: the index of its closing `quote` at or after `from`,
 * or -1 when it goes on past the line. (Each line is scanned on its own: a string over many
 * lines is scanned once, never re-read as one growing text.)
 */
function closingQuote(text: string, quote: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (quote === '"' && char === '\\') {
      index++;
      continue;
    }
    if (char === quote) {
      if (quote === "'" && text[index + 1] === "'") {
        index++;
        continue;
      }
      return index;
    }
  }
  return -1;
}

/** Refuse what cannot start a plain scalar (or starts a construct the reader does not read). */
function checkPlainStart(text: string, column: number, at: number, inFlow = false): void {
  const char = text[column] as string;
  const construct =
    char === '?' && /^\?(?:[ \t]|$)/.test(text.slice(column))
      ? 'a complex key'
      : char === ':' && /^:(?:[ \t]|$)/.test(text.slice(column))
        ? 'an empty key'
        : undefined;
  if (construct) {
    throw new Stop(
      `${construct} at line ${at + 1} is YAML that chunkdown's front matter reader does not read; parse \`raw\` with a YAML parser`,
    );
  }
  const reserved = char === '@' || char === '`' || char === '%';
  const next = text[column + 1];
  const lone =
    (char === '-' || char === '?' || char === ':') &&
    (next === undefined || next === ' ' || next === '\t' || (inFlow && flowIndicators.has(next)));
  if (reserved || indicators.has(char) || lone) {
    throw new Stop(`a plain value that starts with \`${char}\` at line ${at + 1}`);
  }
}

/**
 * The plain scalar from `column`: up to a comment (` #`), a `: ` in block context (checked by
 * the caller), or a flow indicator or `:` before one in a flow collection.
 */
function plainRun(
  text: string,
  column: number,
  inFlow: boolean,
): { text: string; end: number; comment: boolean } {
  let index = column;
  let end = column;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '#' && index > column && /[ \t]/.test(text[index - 1] as string)) {
      return { text: text.slice(column, end), end, comment: true };
    }
    if (inFlow) {
      if (flowIndicators.has(char)) break;
      if (char === ':') {
        const next = text[index + 1];
        if (next === undefined || next === ' ' || next === '\t' || flowIndicators.has(next)) break;
      }
    }
    index++;
    if (char !== ' ' && char !== '\t') end = index;
  }
  return { text: text.slice(column, end), end, comment: false };
}

/** Drop the white space at the end of a line, but not an escaped space or tab (`\\ `). */
function trimUnescaped(text: string): string {
  const trimmed = text.replace(/[ \t]+$/, '');
  if (trimmed.length === text.length) return text;
  const backslashes = /\\*$/.exec(trimmed)?.[0].length ?? 0;
  return backslashes % 2 === 1 ? text.slice(0, trimmed.length + 1) : trimmed;
}

/** Fold the rows of a multi-line flow scalar: one break is a space, blank rows are breaks. */
function foldFlowLines(rows: string[]): string {
  let out = '';
  let blanks = 0;
  rows.forEach((raw, index) => {
    let part = raw;
    if (index > 0) part = part.replace(/^[ \t]+/, '');
    if (index < rows.length - 1) part = part.replace(/[ \t]+$/, '');
    if (index > 0 && part === '' && index < rows.length - 1) {
      blanks++;
      return;
    }
    if (index > 0) out += blanks === 0 ? ' ' : '\n'.repeat(blanks);
    blanks = 0;
    out += part;
  });
  return out;
}

/** Fold the rows of a folded block scalar (`>`), without its trailing blank rows. */
function fold(rows: string[]): string {
  let out = '';
  let blanks = 0;
  let previous: 'none' | 'text' | 'indented' = 'none';
  for (const row of rows) {
    if (row === '') {
      blanks++;
      continue;
    }
    const kind = row[0] === ' ' || row[0] === '\t' ? 'indented' : 'text';
    if (previous === 'none') out += '\n'.repeat(blanks);
    else if (previous === 'text' && kind === 'text')
      out += blanks === 0 ? ' ' : '\n'.repeat(blanks);
    else out += '\n'.repeat(blanks + 1);
    out += row;
    blanks = 0;
    previous = kind;
  }
  return out;
}

const escapes: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};

/** Decode the escapes of a double-quoted scalar. */
function decodeEscapes(text: string, at: number): string {
  return text.replace(
    /\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/g,
    (_, code: string) => {
      if (code.length > 1) {
        const point = Number.parseInt(code.slice(1), 16);
        if (point > 0x10ffff) throw new Stop(`a bad escape \\${code} at line ${at + 1}`);
        return String.fromCodePoint(point);
      }
      const decoded = escapes[code];
      if (decoded === undefined) throw new Stop(`a bad escape \\${code} at line ${at + 1}`);
      return decoded;
    },
  );
}

/** A plain scalar's value in YAML 1.2's core schema. */
function resolvePlain(text: string): unknown {
  if (/^(?:~|[Nn]ull|NULL)?$/.test(text)) return null;
  if (/^(?:[Tt]rue|TRUE)$/.test(text)) return true;
  if (/^(?:[Ff]alse|FALSE)$/.test(text)) return false;
  if (/^0o[0-7]+$/.test(text)) return Number.parseInt(text.slice(2), 8);
  if (/^[-+]?[0-9]+$/.test(text)) return Number.parseInt(text, 10);
  if (/^0x[0-9a-fA-F]+$/.test(text)) return Number.parseInt(text.slice(2), 16);
  if (/^[-+]?\.(?:inf|Inf|INF)$/.test(text)) return text[0] === '-' ? -Infinity : Infinity;
  if (/^\.(?:nan|NaN|NAN)$/.test(text)) return Number.NaN;
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(text)) {
    return Number.parseFloat(text);
  }
  if (/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(text)) return Number.parseFloat(text);
  return text;
}

/**
 * Whether a key was seen in its mapping, as the `yaml` package compares keys (by value with
 * `===`, so `.nan` is never a duplicate); remembers it.
 */
function isDuplicate(seen: Set<unknown>, key: unknown): boolean {
  if (Number.isNaN(key)) return false;
  if (seen.has(key)) return true;
  seen.add(key);
  return false;
}

/** Set a key as the `yaml` package does: `null` is `''`, others by `String`, own properties. */
function setKey(map: Record<string, unknown>, key: unknown, value: unknown): void {
  if (key !== null && typeof key === 'object') {
    throw new Stop('a mapping key that is itself a mapping or a list');
  }
  const name = key === null ? '' : String(key);
  if (name in map) {
    Object.defineProperty(map, name, {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  } else map[name] = value;
}
