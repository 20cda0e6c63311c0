/**
 * Block scalars: literal (`|`) and folded (`>`), with a chomping indicator (`-` strip, `+`
 * keep, none clip). Their content's indentation is that of their first row with content; an
 * explicit indentation indicator (`|2`) is not read.
 *
 * @module
 */

import { fail, line, type State, unsupported } from './state.js';

/** A block scalar's header: its style and chomping indicator. */
interface Header {
  /** `|` literal or `>` folded. */
  style: string;
  /** `-` strip, `+` keep, `''` clip. */
  chomping: string;
}

/**
 * Read a block scalar whose header is at `column` of row `at`, in a node at `indent`. Leaves
 * `state.row` on the row after it.
 *
 * @param state The reading.
 * @param at The header's row.
 * @param column The header's column.
 * @param indent The indentation of the node it is the value of (its rows are indented more).
 * @returns The string.
 */
export function blockScalar(state: State, at: number, column: number, indent: number): string {
  const { style, chomping } = header(line(state, at).slice(column), at);
  const body = contentRows(state, at + 1, indent);
  // Blank rows at the end belong to the trailing line breaks, not to the content.
  let trailing = 0;
  while (body.length > 0 && body[body.length - 1] === '') {
    body.pop();
    trailing++;
  }
  if (body.length === 0) return chomping === '+' ? '\n'.repeat(trailing) : '';
  const content = style === '|' ? body.join('\n') : fold(body);
  if (chomping === '-') return content;
  return chomping === '+' ? `${content}\n${'\n'.repeat(trailing)}` : `${content}\n`;
}

/**
 * Read a block scalar's header.
 *
 * @param text The row from the header on.
 * @param at The row, for errors.
 * @returns The style and chomping.
 */
function header(text: string, at: number): Header {
  const match = /^([|>])([-+]?)([ \t]+#.*)?[ \t]*$/.exec(text);
  if (!match) {
    if (/^[|>][-+]?[0-9]|^[|>][0-9]/.test(text)) unsupported('an indentation indicator', at);
    return fail('a bad block scalar header', at);
  }
  return { style: match[1] as string, chomping: match[2] as string };
}

/**
 * The rows of a block scalar's content, without their indentation (blank rows as `''`): from
 * row `from` while rows are blank or indented as much as the first row with content, which
 * must be indented more than `indent`. Leaves `state.row` on the row after them.
 *
 * @param state The reading.
 * @param from The row after the header.
 * @param indent The indentation of the node the scalar is the value of.
 * @returns The rows.
 */
function contentRows(state: State, from: number, indent: number): string[] {
  const body: string[] = [];
  let contentIndent = -1;
  let leadingBlankWidth = 0;
  let next = from;
  for (; next < state.lines.length; next++) {
    const current = line(state, next);
    if (/^ *$/.test(current)) {
      if (contentIndent === -1) leadingBlankWidth = Math.max(leadingBlankWidth, current.length);
      else if (current.length > contentIndent) {
        unsupported('a blank line with extra spaces in a block scalar', next);
      }
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
      if (leadingBlankWidth > spaces)
        fail('a more-indented blank line before a block scalar', next);
      contentIndent = spaces;
    } else if (spaces < contentIndent) break;
    body.push(current.slice(contentIndent));
  }
  state.row = next;
  return body;
}

/**
 * Fold the rows of a folded block scalar (`>`), without its trailing blank rows: a break
 * between two rows of text is a space, blank rows are breaks, and the breaks around a
 * more-indented row are kept.
 *
 * @param rows The content rows.
 * @returns The folded text.
 */
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
    else if (previous === 'text' && kind === 'text') {
      out += blanks === 0 ? ' ' : '\n'.repeat(blanks);
    } else out += '\n'.repeat(blanks + 1);
    out += row;
    blanks = 0;
    previous = kind;
  }
  return out;
}
