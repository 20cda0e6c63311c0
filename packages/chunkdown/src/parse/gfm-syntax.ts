import { gfm } from 'micromark-extension-gfm';

/**
 * GFM's micromark syntax for one document, with the tries that cannot succeed in it skipped. The
 * tokens, and so the tree, are the ones GFM as shipped gives; only the work differs:
 *
 * - Literal autolinks (`a@b.co`, `www.x.dev`, `https://x.dev`) are tried only where the document
 *   has what they need at that place. As GFM ships them, the email one is tried at the start of
 *   every word (it must read the word to find out there is no `@` after it) and splits the text
 *   into one event per word, the `www.` one at every `w`, the `http` one at every `h`: 15–20 % of
 *   the parse time of documents, two thirds of it on a long paragraph.
 * - Tables are tried only on the lines a table could take up: the line above a line that could be
 *   a delimiter row (`| :-- | --: |`) down to the next blank line. As GFM ships them, the table is
 *   tried at the start of every block, reading its whole first line as a head row.
 */
const syntax = gfm();

type Syntax = typeof syntax;
type ConstructRecord = NonNullable<Syntax['text']>;
type Construct = Extract<ConstructRecord[string], { tokenize: unknown }>;

/** Where a construct can succeed in one document: the offsets it can start at, or the lines. */
type Places = { offsets: Set<number> } | { lines: Set<number> };

/**
 * The constructs tried only where they can succeed, by name. The email autolink needs a run of
 * `[-+._a-zA-Z0-9]` that ends at an `@` (it starts where the run does: it is never tried after
 * such a character); the others need `www.` or `http(s)://` right there; a table needs a
 * delimiter row under its head row.
 */
const placesOf: Record<string, (markdown: string) => Places> = {
  emailAutolink: (markdown) => ({ offsets: emailStarts(markdown) }),
  wwwAutolink: (markdown) => ({ offsets: matchStarts(markdown, /www\./gi) }),
  protocolAutolink: (markdown) => ({ offsets: matchStarts(markdown, /https?:\/\//gi) }),
  table: (markdown) => ({ lines: tableLines(markdown) }),
};

/**
 * GFM's syntax for one document, each construct of `placesOf` tried only at its places.
 *
 * @param markdown
 *   The document the syntax will parse (offsets and lines are its own).
 * @returns
 *   A micromark extension.
 */
export function gfmSyntaxFor(markdown: string): Syntax {
  // The tokenizer's offsets start after a byte order mark; keep GFM as it is there.
  if (markdown.charCodeAt(0) === 0xfeff) return syntax;
  const gated = new Map<Construct, { construct: Construct; firsts?: Set<number> }>();
  const gate = (record: ConstructRecord | undefined): ConstructRecord | undefined => {
    if (!record) return record;
    const result: ConstructRecord = {};
    for (const [key, value] of Object.entries(record)) {
      const kept: Construct[] = [];
      for (const construct of [value].flat() as Construct[]) {
        const find = construct.name ? placesOf[construct.name] : undefined;
        if (!find) {
          kept.push(construct);
          continue;
        }
        let entry = gated.get(construct);
        if (!entry) {
          const places = find(markdown);
          entry = { construct: onlyAt(construct, places) };
          // Keyed by character: only under the characters its starts begin with.
          if ('offsets' in places) {
            entry.firsts = new Set([...places.offsets].map((at) => markdown.charCodeAt(at)));
          } else if (places.lines.size === 0) entry.firsts = new Set();
          gated.set(construct, entry);
        }
        if (!entry.firsts || entry.firsts.has(Number(key))) kept.push(entry.construct);
      }
      if (kept.length > 0) result[key] = kept;
    }
    return result;
  };
  return { ...syntax, text: gate(syntax.text), flow: gate(syntax.flow) };
}

/** A construct that fails at once unless the tokenizer stands at one of its places. */
function onlyAt(construct: Construct, places: Places): Construct {
  const { tokenize } = construct;
  const here =
    'offsets' in places
      ? (context: TokenizeContext) => places.offsets.has(context.now().offset)
      : (context: TokenizeContext) => places.lines.has(context.now().line);
  return {
    ...construct,
    tokenize(effects, ok, nok) {
      return here(this) ? tokenize.call(this, effects, ok, nok) : nok;
    },
  };
}

type TokenizeContext = ThisParameterType<Construct['tokenize']>;

/**
 * The lines (1-based, as the tokenizer counts them: `\n`, `\r\n` and `\r` end a line) a table
 * could take up: from the line above each line that could be a delimiter row (only `|`, `:`,
 * `-`, spaces and tabs, with at least one `-`, and any `>` of block quotes) down to the next blank
 * line, which ends any table. One pass over the characters, no regular expression (a pattern for
 * the row backtracks on a long line of dashes).
 */
function tableLines(markdown: string): Set<number> {
  const lines = new Set<number>();
  let open = false;
  let line = 1;
  let blank = true;
  let delimiter = true;
  let dash = false;
  for (let index = 0; index <= markdown.length; index++) {
    const code = index < markdown.length ? markdown.charCodeAt(index) : 10;
    if (code !== 10 && code !== 13) {
      if (code !== 32 && code !== 9) {
        blank = false;
        if (code === 45) dash = true;
        else if (code !== 124 && code !== 58 && code !== 62) delimiter = false;
      }
      continue;
    }
    if (blank) open = false;
    else if (delimiter && dash) {
      lines.add(line - 1);
      open = true;
    }
    if (open) lines.add(line);
    if (code === 13 && markdown.charCodeAt(index + 1) === 10) index++;
    line++;
    blank = true;
    delimiter = true;
    dash = false;
  }
  return lines;
}

/** Where the runs of email characters before each `@` start. */
function emailStarts(markdown: string): Set<number> {
  const starts = new Set<number>();
  for (let at = markdown.indexOf('@'); at !== -1; at = markdown.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && isEmailCharacter(markdown.charCodeAt(start - 1))) start--;
    if (start < at) starts.add(start);
  }
  return starts;
}

/** `[-+._a-zA-Z0-9]`: what GFM allows before the `@` of an email autolink. */
function isEmailCharacter(code: number): boolean {
  return (
    code === 43 ||
    code === 45 ||
    code === 46 ||
    code === 95 ||
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122)
  );
}

function matchStarts(markdown: string, pattern: RegExp): Set<number> {
  const starts = new Set<number>();
  for (const match of markdown.matchAll(pattern)) starts.add(match.index);
  return starts;
}
