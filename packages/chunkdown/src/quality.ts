export { unbalancedContainers, unindentBodies } from './quality/containers.js';
export { type ChunkQuality, type InspectOptions, inspectChunk } from './quality/inspect.js';
export {
  type ChunkIssue,
  chunkIssues,
  describeIssue,
  type IssueInput,
  type IssueKind,
  plural,
} from './quality/issues.js';
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
