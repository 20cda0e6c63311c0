/**
 * The one internal entry: what the CLI, `chunkdown/quality` and the benchmarks use beyond the
 * public API (`index.ts`). Not part of the published API and not covered by semver; everything
 * else outside `src/<stage>/` reaches the stages through `index.ts` or this file.
 */
export { headerOf } from './chunk/context.js';
export { type BodyParser, createSplitter, type InternalSplitter } from './chunkdown.js';
export type { Dialect } from './parse/dialect.js';
export { readKey } from './parse/dialect.js';
export { opensPandocDiv } from './parse/directive.js';
export { withExtensions } from './parse/extension.js';
export { takeFrontmatter } from './parse/frontmatter.js';
export { guessLabels, type KnownLabels, wrongAnswers } from './parse/labels.js';
export { defaultParseSettings, parse, parseSegment } from './parse/parse.js';
export { dialectSegmentParser, plannedDialectSegments } from './parse/read-dialects.js';
export {
  documentLines,
  plannedSegments,
  type SegmentParse,
  type SegmentParser,
} from './parse/segmented.js';
export type { SegmentSource } from './pipeline.js';
