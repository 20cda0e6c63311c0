export { chunkdown } from './chunkdown.js';
export { defaultNodeRules } from './options.js';
export type {
  Breadcrumb,
  Chunk,
  Chunkdown,
  ChunkdownOptions,
  Frontmatter,
  LengthFunction,
  NodeRule,
  NodeRules,
  NodeTransform,
  Overflow,
  OverflowReason,
  ReferenceStyle,
  SplitResult,
  SplitRule,
  TransformContext,
} from './types.js';
