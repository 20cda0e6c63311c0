import type { Extension as MdastExtension } from 'mdast-util-from-markdown';
import { type InlineMath, mathFromMarkdown, mathToMarkdown } from 'mdast-util-math';
import type { Options as ToMarkdownExtension } from 'mdast-util-to-markdown';
import { math as mathSyntax } from 'micromark-extension-math';
import type { DialectParser } from './dialect.js';
import { mathLabelFromMarkdown, mathLabelSyntax, mathLabelToMarkdown } from './math-label.js';
import { proseOutsideCode, type SourceText } from './source-text.js';

/** Options of the math dialect. */
export interface MathOptions {
  /**
   * Whether math between single dollars (`$x$`) is read: `true`, `false`, or `'detected'` (the
   * default): in a document whose prose shows TeX between single dollars (see
   * {@link showsInlineTex}), as MyST, Obsidian, MkDocs' arithmatex, Pandoc and GitHub read it.
   * Prices (`$5 and $10`) never make a document show it. `$$x$$` inside text is read either way.
   */
  inline?: boolean | 'detected' | undefined;
}

/**
 * The math dialect, as `micromark-extension-math` reads it: display math (`$$` lines around
 * TeX, `math` nodes) and math between double dollars inside text (`inlineMath`); single dollars
 * as `inline` says. Math is kept as written: no escapes added or removed, and math inside text
 * keeps its number of dollars (Obsidian shows `$$x$$` in text as display math). A closing `$$`
 * line may carry a label, as MyST writes an equation's (`$$ (eq-energy)`): it closes the math
 * and is kept on it (`math-label.ts`).
 *
 * @param options
 *   Whether single dollars make math.
 * @returns
 *   The parser.
 */
export function mathParser(options: MathOptions = {}): DialectParser {
  const inline = options.inline ?? 'detected';
  if (inline !== 'detected') return mathReader(inline);
  const single = mathReader(true);
  const plain = mathReader(false);
  return {
    ...plain,
    detect: (source) => plain.detect(source) || source.once(showsInlineTex),
    forDocument: (source) => (source.once(showsInlineTex) ? single : plain),
  };
}

/** The math parser with single-dollar math on or off. */
function mathReader(single: boolean): DialectParser {
  // A dollar in text is written escaped either way: `\$a\$` stays text to a reader of single
  // dollars too (math inside text keeps its dollars: `keepDollars`).
  const toMarkdown = keepDollars(mathToMarkdown({ singleDollarTextMath: true }));
  return {
    // Later extensions' constructs are tried first: the labelled math before the rest.
    micromark: [mathSyntax({ singleDollarTextMath: single }), mathLabelSyntax()],
    mdast: [mathFromMarkdown(), mathLabelFromMarkdown(), dollarsFromMarkdown],
    toMarkdown: [toMarkdown, mathLabelToMarkdown(toMarkdown)],
    detect: (source) => source.text.includes('$$') && source.once(pairedDollarLines),
    spans: (source) => (source.text.includes('$$') ? displayMathSpans(source) : []),
    ...(single ? { variant: 'inline' } : {}),
  };
}

/** Math inside text, with the number of dollars it was written with (`data.dollars`). */
interface CountedInlineMath extends InlineMath {
  data?: (InlineMath['data'] & { dollars?: number }) | undefined;
}

/** Records how many dollars open math inside text, on its node. */
const dollarsFromMarkdown: MdastExtension = {
  enter: {
    mathTextSequence(token) {
      // The node is under the buffer its value is read into.
      let node: CountedInlineMath | undefined;
      for (let index = this.stack.length - 1; index >= 0 && !node; index--) {
        const each = this.stack[index];
        if (each?.type === 'inlineMath') node = each;
      }
      if (node && node.data?.dollars === undefined) {
        node.data = { ...node.data, dollars: token.end.offset - token.start.offset };
      }
    },
  },
};

/**
 * Write math inside text with as many dollars as it was written with: with single dollars on,
 * `mathToMarkdown` writes `$$x$$` as `$x$`.
 */
function keepDollars(base: ToMarkdownExtension): ToMarkdownExtension {
  const write = base.handlers?.inlineMath;
  if (!write) return base;
  return {
    ...base,
    handlers: {
      ...base.handlers,
      inlineMath(node: CountedInlineMath, parent, state, info) {
        const written = write(node, parent, state, info);
        const wanted = node.data?.dollars ?? 0;
        const used = /^\$*/.exec(written)?.[0].length ?? 0;
        if (wanted <= used || node.value.includes('$')) return written;
        const more = '$'.repeat(wanted - used);
        return `${more}${written}${more}`;
      },
    },
  };
}

/**
 * TeX between single dollars, by Pandoc's rules (the opener is followed by a non-space, the
 * closer preceded by one and followed by no digit or letter; not `${`, a template's
 * placeholder in JavaScript or a shell), that looks like math: a command
 * (`\alpha`), a sub- or superscript, braces or an equals sign, or a lone letter (`$x$`).
 */
const inlineTex = /(?<![\\$\w])\$(?=[^\s${])((?:\\.|[^$\\\n])+?)(?<=[^\s\\])\$(?![\w$])/g;
const looksLikeTex = /\\[A-Za-z]|[\^_{}=]|^[A-Za-z]$/;

/**
 * Whether a document's prose (outside code) shows math between single dollars: two such spans
 * of TeX, or one with a command, or one in a document with display math.
 *
 * @param source
 *   The document.
 * @returns
 *   Whether it does.
 */
export function showsInlineTex(source: SourceText): boolean {
  if (!source.text.includes('$')) return false;
  let found = 0;
  for (const match of source.once(proseOutsideCode).matchAll(inlineTex)) {
    const tex = match[1] as string;
    if (!looksLikeTex.test(tex)) continue;
    if (/\\[A-Za-z]/.test(tex) || ++found >= 2) return true;
  }
  return found === 1 && source.text.includes('$$') && source.once(pairedDollarLines);
}

/** A line of TeX that ends with a closing `$$`. */
const closesLastLine = /\S\$\$[ \t]*$/;

/** A line that is display math on its own: `$$ … $$`. */
const oneLineMath = /^\$\$.*\S.*\$\$[ \t]*$/;

/**
 * Whether a document has `$$` lines that pair (outside fenced code), a `$$` line closed at the
 * end of a later line (`\end{cases}$$`), or a line with `$$ … $$`.
 *
 * @param source
 *   The document.
 * @returns
 *   Whether it shows display math.
 */
export function pairedDollarLines(source: SourceText): boolean {
  let open = false;
  for (const line of source.lines()) {
    if (line.code) continue;
    // (A line of TeX that ends with the closer: `\end{cases}$$`.)
    if (!line.text.startsWith('$$')) {
      if (open && closesLastLine.test(line.text)) return true;
      continue;
    }
    if (oneLineMath.test(line.text) || open) return true;
    open = true;
  }
  return false;
}

/**
 * The stretches of display math: from a `$$` line (outside fenced code) to the next one, or to
 * the end of the document when none closes it. A line with `$$ … $$` is math of its own line.
 *
 * @param source
 *   The document.
 * @returns
 *   `[start, end]` of each, in order.
 */
export function displayMathSpans(source: SourceText): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let open: number | undefined;
  for (const line of source.lines()) {
    if (line.code || !line.text.startsWith('$$')) continue;
    if (open !== undefined) {
      spans.push([open, line.end]);
      open = undefined;
    } else if (!oneLineMath.test(line.text)) open = line.start;
  }
  if (open !== undefined) spans.push([open, source.text.length]);
  return spans;
}
