import { mathFromMarkdown, mathToMarkdown } from 'mdast-util-math';
import { math as mathSyntax } from 'micromark-extension-math';
import type { DialectParser } from './dialect.js';
import { sourceLines } from './source-lines.js';

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
 * only when asked for. Math is kept as written: no escapes added or removed.
 *
 * @param options
 *   Whether single dollars make math.
 * @returns
 *   The parser.
 */
export function mathParser(options: MathOptions = {}): DialectParser {
  return {
    micromark: [mathSyntax({ singleDollarTextMath: options.inline === true })],
    mdast: [mathFromMarkdown()],
    toMarkdown: [mathToMarkdown({ singleDollarTextMath: options.inline === true })],
    detect: (markdown) => markdown.includes('$$') && pairedDollarLines(markdown),
  };
}

/**
 * Whether a document has `$$` lines that pair (outside fenced code), or a line with `$$ … $$`.
 *
 * @param markdown
 *   The document.
 * @returns
 *   Whether it shows display math.
 */
export function pairedDollarLines(markdown: string): boolean {
  let open = false;
  for (const line of sourceLines(markdown)) {
    if (line.code || !line.text.startsWith('$$')) continue;
    if (/^\$\$.*\S.*\$\$[ \t]*$/.test(line.text) || open) return true;
    open = true;
  }
  return false;
}
