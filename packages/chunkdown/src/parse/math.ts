import { mathFromMarkdown, mathToMarkdown } from 'mdast-util-math';
import { math as mathSyntax } from 'micromark-extension-math';
import type { DialectParser } from './dialect.js';
import { mathLabelFromMarkdown, mathLabelSyntax, mathLabelToMarkdown } from './math-label.js';
import type { SourceText } from './source-text.js';

/** Options of the math dialect. */
export interface MathOptions {
  /**
   * Also read inline math between single dollars (`$x$`). Default `false`: prices (`$5 and $10`)
   * would turn into math. `$$x$$` inside text is read either way.
   */
  inline?: boolean | undefined;
}

/**
 * The math dialect, as `micromark-extension-math` reads it: display math (`$$` lines around
 * TeX, `math` nodes) and math between double dollars inside text (`inlineMath`); single dollars
 * only when asked for. Math is kept as written: no escapes added or removed. A closing `$$`
 * line may carry a label, as MyST writes an equation's (`$$ (eq-energy)`): it closes the math
 * and is kept on it (`math-label.ts`).
 *
 * @param options
 *   Whether single dollars make math.
 * @returns
 *   The parser.
 */
export function mathParser(options: MathOptions = {}): DialectParser {
  const toMarkdown = mathToMarkdown({ singleDollarTextMath: options.inline === true });
  return {
    // Later extensions' constructs are tried first: the labelled math before the rest.
    micromark: [mathSyntax({ singleDollarTextMath: options.inline === true }), mathLabelSyntax()],
    mdast: [mathFromMarkdown(), mathLabelFromMarkdown()],
    toMarkdown: [toMarkdown, mathLabelToMarkdown(toMarkdown)],
    detect: (source) => source.text.includes('$$') && pairedDollarLines(source),
    spans: (source) => (source.text.includes('$$') ? displayMathSpans(source) : []),
  };
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
