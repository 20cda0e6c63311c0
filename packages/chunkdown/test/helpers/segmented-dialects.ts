import type { Root } from 'mdast';
import { dialectsFor } from '../../src/parse/dialect.js';
import { parseDialects } from '../../src/parse/read-dialects.js';
import { sourceText } from '../../src/parse/source-text.js';
import type { Syntax } from '../../src/types.js';

/**
 * A document read with one dialect twice: in segments cut at every cut the dialect allows (the
 * smallest size), and whole. A test expects the two trees to be equal: no segment ends inside
 * one of the dialect's constructs.
 *
 * @param markdown The document.
 * @param syntax The dialect.
 * @returns Both parses.
 */
export function readSegmentedAndWhole(
  markdown: string,
  syntax: Syntax,
): { segmented: { tree: Root }; whole: { tree: Root } } {
  const dialects = dialectsFor([syntax], sourceText(markdown));
  const segmented = parseDialects(sourceText(markdown), dialects, undefined, {
    segmentAbove: 0,
    size: 1,
  });
  const whole = parseDialects(sourceText(markdown), dialects, undefined, {
    segmentAbove: Number.POSITIVE_INFINITY,
  });
  return { segmented, whole };
}
