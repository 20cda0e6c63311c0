import { opensPandocDiv } from '../internal.js';

/**
 * Container balance, read line by line as the dialect in use reads a chunk: a chunk must close
 * every container it opens and open every container it closes (chunkdown repeats a container's
 * opener and closer in every piece of it, so a piece stands on its own).
 *
 * - Directive fences (`directive`): a line of three or more colons and a name opens (`:::note`,
 *   `::: tip`, `:::note[Title]`, DocFX's `::: zone pivot="x"` and `:::row:::`), a line of colons
 *   alone closes the innermost one with at most as many colons, and so does a `-end` name
 *   (`::: zone-end`, `:::row-end:::`). A line that opens and ends with colons around more than a
 *   name (`:::image type="content" … :::`) is whole, but for DocFX's `:::column span="2":::` and
 *   `:::image type="complex" …:::`, which open (`docfx` reads them as `directive` does).
 * - JSX components (`mdx`): a line that starts with `<Name …>` (a capitalized name, not
 *   self-closing) opens, `</Name>` closes; tags on one line pair up. An opening tag may span
 *   lines (its attributes one a line, `>` on a later one) until a blank line.
 * - MyST directives (`myst`): a fence of backticks, tildes or colons runs to the first line of its
 *   character alone at least as long (as MyST reads it); a directive's body (`{name}` after the
 *   fence) is read again inside, code is not; a fence never closed is left open.
 * - MDC components (`mdc`): a line of two colons or more and a name opens (`::note`,
 *   `::card{…}`, `:::template-features`), a line of colons alone closes the innermost one open of
 *   as many.
 *
 * Lines inside fenced code are not read (under MDX a fence may be indented: MDX has no indented
 * code). Block quote and list markers in front of a line are skipped.
 *
 * @param text
 *   Markdown of one chunk.
 * @param dialects
 *   Which container syntaxes the document was read with.
 * @returns
 *   How many containers are left open or closed without an opener.
 */
export function unbalancedContainers(
  text: string,
  dialects: {
    directive: boolean;
    mdx: boolean;
    myst?: boolean | undefined;
    docfx?: boolean | undefined;
    mdc?: boolean | undefined;
  },
): number {
  const components = dialects.mdc === true && text.includes('::') ? openComponents(text) : 0;
  if (dialects.mdc) {
    // Colon lines are the components': the other dialects' checks go on without them.
    const rest = { ...dialects, mdc: false, directive: false, docfx: false };
    return components + unbalancedContainers(text, rest);
  }
  if (dialects.docfx) dialects = { ...dialects, directive: true };
  const myst = dialects.myst === true && text.includes('{') ? openMystFences(text) : 0;
  // Colon fences with a `{name}` are MyST's: read so when both dialects are on.
  if (myst > 0 || (dialects.myst && text.includes(':::{'))) {
    return myst + unbalancedContainers(text, { directive: false, mdx: dialects.mdx });
  }
  if (!dialects.directive && !dialects.mdx) return 0;
  if (!(dialects.directive && text.includes(':::')) && !(dialects.mdx && text.includes('<'))) {
    return 0;
  }
  let problems = 0;
  const directives: number[] = [];
  const tags: string[] = [];
  let fence: string | undefined;
  /** The lines so far of a component's opening tag that spans lines (`<Card\n  title="x"\n>`). */
  let pending: string | undefined;
  for (const raw of text.split(/\r?\n|\r/)) {
    let line = raw.replace(linePrefix, '');
    if (pending !== undefined) {
      // A blank line ends a tag that never closed: it was text. (The line is read whole: its
      // `>` is the tag's end, not a block quote.)
      if (raw.trim() === '') pending = undefined;
      else {
        pending += ` ${raw.trim()}`;
        if (!startsWithWholeTag(pending) && pending.length < 16384) continue;
        line = pending;
        pending = undefined;
      }
    }
    const indent = raw.length - raw.trimStart().length;
    const marker = /^(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      if (marker && (marker[1] as string).startsWith(fence) && (marker[2] as string).trim() === '')
        fence = undefined;
      continue;
    }
    if (marker && (dialects.mdx || indent < 4)) {
      if (!((marker[1] as string).startsWith('`') && (marker[2] as string).includes('`'))) {
        fence = marker[1] as string;
        continue;
      }
    }
    if (dialects.directive && line.startsWith(':::')) {
      const colons = line.length - line.replace(/^:+/, '').length;
      const rest = line.slice(colons).trim();
      const name = /^\{?([A-Za-z][\w-]*)/.exec(rest)?.[1];
      const close = () => {
        if (directives.length === 0 || (directives[directives.length - 1] as number) > colons) {
          problems++;
        } else directives.pop();
      };
      if (rest === '') close();
      else if (opensPandocDiv(line)) {
        // A Pandoc div (`::: {.callout-note}`, `::: warning :::`): any closing fence closes it.
        directives.push(0);
      } else if (name?.endsWith('-end')) close();
      else if (name && !(/:{3,}\s*$/.test(rest) && !docfxOpener(name, rest))) {
        directives.push(colons);
      }
      continue;
    }
    if (!dialects.mdx || !/^<\/?[A-Z]/.test(line)) continue;
    if (!startsWithWholeTag(line)) {
      if (line.length < 16384) pending = line;
      continue;
    }
    tagStart.lastIndex = 0;
    for (let tag = tagStart.exec(line); tag; tag = tagStart.exec(line)) {
      const end = tagEnd(line, tag.index);
      if (end === -1) break;
      tagStart.lastIndex = end;
      if (
        line
          .slice(tag.index, end - 1)
          .trimEnd()
          .endsWith('/')
      )
        continue;
      const name = tag[2] as string;
      if (tag[1]) {
        if (tags[tags.length - 1] === name) tags.pop();
        else problems++;
      } else tags.push(name);
    }
  }
  return problems + directives.length + tags.length;
}

/** Block quote and list markers in front of a line (nested too: `* * :::tip`), and its indentation. */
const linePrefix = /^(?:[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t])))*[ \t]*/;

/**
 * How many MDC components a chunk leaves open or closes without an opener (see
 * {@link unbalancedContainers}).
 */
function openComponents(text: string): number {
  let problems = 0;
  const open: number[] = [];
  let fence: string | undefined;
  for (const raw of text.split(/\r?\n|\r/)) {
    const line = raw.replace(linePrefix, '');
    const marker = /^(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      if (marker && (marker[1] as string).startsWith(fence) && (marker[2] as string).trim() === '')
        fence = undefined;
      continue;
    }
    if (marker && !((marker[1] as string).startsWith('`') && (marker[2] as string).includes('`'))) {
      fence = marker[1] as string;
      continue;
    }
    const colons = /^:{2,}/.exec(line)?.[0].length ?? 0;
    if (colons === 0) continue;
    if (line.slice(colons).trim() === '') {
      if (open[open.length - 1] === colons) open.pop();
      else problems++;
    } else if (/^[A-Za-z$]/.test(line.slice(colons))) open.push(colons);
  }
  return problems + open.length;
}

/** How many MyST fences a chunk leaves open, read as MyST reads them (see {@link unbalancedContainers}). */
function openMystFences(text: string): number {
  const lines = text.split(/\r?\n|\r/).map((line) => line.replace(linePrefix, ''));
  // Fences to read: `[from, to)` of the lines, a directive's body pushed as it is found.
  const bodies: Array<[number, number]> = [[0, lines.length]];
  let open = 0;
  while (bodies.length > 0) {
    const [from, to] = bodies.pop() as [number, number];
    let index = from;
    while (index < to) {
      const fence = /^(`{3,}|~{3,}|:{3,})(.*)$/.exec(lines[index] as string);
      const marks = fence?.[1] ?? '';
      const info = fence?.[2] ?? '';
      if (!fence || (marks.startsWith('`') && info.includes('`'))) {
        index++;
        continue;
      }
      let close = index + 1;
      for (; close < to; close++) {
        const line = lines[close] as string;
        let length = 0;
        while (line.charAt(length) === marks.charAt(0)) length++;
        if (length >= marks.length && line.slice(length).trim() === '') break;
      }
      if (close >= to) {
        open++;
        break;
      }
      if (/^[ \t]*\{[A-Za-z][\w.:+-]*(?:[ \t]+[^{}]*)?\}/.test(info))
        bodies.push([index + 1, close]);
      index = close + 1;
    }
  }
  return open;
}

/** A JSX tag's start: `<Name` or `</Name`. */
const tagStart = /<(\/?)([A-Z][\w.]*)/g;

/**
 * Where the JSX tag that starts at `from` (its `<`) ends: the index after its `>`, past quoted
 * attribute values and expressions in braces at any depth (`labels={{ a: { b: '>' } }}`), or -1
 * when the text ends first (the tag goes on on a later line) or another `<` comes first.
 */
function tagEnd(text: string, from: number): number {
  let depth = 0;
  let quote = '';
  for (let index = from + 1; index < text.length; index++) {
    const char = text.charAt(index);
    if (quote) {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'" || (depth > 0 && char === '`')) quote = char;
    else if (char === '{') depth++;
    else if (char === '}') depth = Math.max(0, depth - 1);
    else if (depth === 0 && char === '>') return index + 1;
    else if (depth === 0 && char === '<') return -1;
  }
  return -1;
}

/** Whether a line starts with a whole tag (not one whose `>` is on a later line). */
function startsWithWholeTag(line: string): boolean {
  return /^<\/?[A-Z]/.test(line) && tagEnd(line, 0) !== -1;
}

/** Whether a `:::name …:::` line opens a DocFX container (a row, a column, a complex image). */
function docfxOpener(name: string, rest: string): boolean {
  const inner = rest.replace(/:+\s*$/, '').trim();
  if (inner === name) return true;
  return name === 'row' || name === 'column' || (name === 'image' && /type="complex"/.test(inner));
}

/**
 * A chunk as CommonMark would read the bodies of MkDocs admonitions and tabs (`!!! note`,
 * `??? tip`, `???+ info`, `=== "Tab"`): each opener line blanked and the four columns of
 * indentation of its body taken off, nested bodies too, so a fence in a body is a fence, as
 * MkDocs reads it, and not the indented code CommonMark reads.
 *
 * @param text
 *   Markdown of one chunk.
 * @returns
 *   The chunk with its bodies unindented (as many lines, each as long or shorter).
 */
export function unindentBodies(text: string): string {
  if (!/^[ \t]*(?:!!!|\?\?\?\+?|===)[ \t]/m.test(text)) return text;
  const out: string[] = [];
  /** Columns each open body is indented by, innermost last. */
  const bodies: number[] = [];
  let fence: string | undefined;
  for (const line of text.split(/\r?\n|\r/)) {
    const expanded = line.replace(/^[ \t]+/, (space) => space.replace(/\t/g, '    '));
    const indent = expanded.length - expanded.trimStart().length;
    if (expanded.trim() === '') {
      out.push('');
      continue;
    }
    while (bodies.length > 0 && indent < (bodies[bodies.length - 1] as number) && !fence) {
      bodies.pop();
    }
    const inner = bodies[bodies.length - 1] ?? 0;
    const rest = expanded.slice(Math.min(indent, inner));
    const marker = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(rest);
    if (fence) {
      if (marker && (marker[1] as string).startsWith(fence) && (marker[2] as string).trim() === '')
        fence = undefined;
      out.push(rest);
      continue;
    }
    if (marker && !((marker[1] as string).startsWith('`') && (marker[2] as string).includes('`'))) {
      fence = marker[1] as string;
      out.push(rest);
      continue;
    }
    if (/^ {0,3}(?:!!!|\?\?\?\+?|===)[ \t]/.test(rest)) {
      bodies.push(indent + 4);
      out.push('');
      continue;
    }
    out.push(rest);
  }
  return out.join('\n');
}
