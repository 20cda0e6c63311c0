export { type ChunkQuality, inspectChunk } from './quality/inspect.js';
export { type OutlineSection, outline } from './quality/outline.js';
export {
  type ChunkLocation,
  type ChunkSummary,
  type Finding,
  type HistogramBucket,
  histogram,
  type LargeChunk,
  median,
  type OverflowGroup,
  type Report,
  ReportBuilder,
  type ReportSettings,
  type SizeSummary,
  summarize,
  tinyChunkChars,
} from './quality/report.js';
export { cutsWord, isWordBoundary } from './quality/word-cut.js';
