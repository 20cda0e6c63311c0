export { chunkdown } from './chunkdown.js';
export { defaultNodeRules, type RuleKey, ruleKeys } from './options.js';
export type {
  Breadcrumb,
  Chunk,
  Chunkdown,
  ChunkdownOptions,
  DocumentKind,
  Frontmatter,
  LengthFunction,
  NodeRule,
  NodeRules,
  NodeTransform,
  Overflow,
  OverflowReason,
  ParsedFrontmatter,
  ReferenceStyle,
  SplitResult,
  SplitRule,
  TransformContext,
  UnparsedFrontmatter,
} from './types.js';
