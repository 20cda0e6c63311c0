import type {
  ChunkdownOptions,
  ContainerRule,
  FootnoteRule,
  LengthFunction,
  ModelLengthFunction,
  NodeRule,
  NodeRules,
  SplitRule,
  Syntax,
} from './types.js';

/** The default rules: links, images, inline code, headings and words are kept whole. */
export const defaultNodeRules: Readonly<NodeRules> = Object.freeze({
  link: Object.freeze({ split: 'never-split', style: 'inline' }),
  image: Object.freeze({ split: 'never-split', style: 'inline' }),
  inlineCode: Object.freeze({ split: 'never-split' }),
  heading: Object.freeze({ split: 'never-split' }),
  math: Object.freeze({ split: 'never-split' }),
  footnote: Object.freeze({ style: 'carry' }),
  word: Object.freeze({ split: 'never-split' }),
} satisfies NodeRules);

/**
 * The node types that `options.rules` takes, in the order the README documents them (frozen).
 * Build on it (controls, help texts, config checks) and a new rule shows up there by itself.
 */
export const ruleKeys = Object.freeze([
  'link',
  'image',
  'inlineCode',
  'code',
  'strong',
  'emphasis',
  'delete',
  'formatting',
  'list',
  'table',
  'blockquote',
  'heading',
  'html',
  'container',
  'math',
  'footnote',
  'word',
] as const satisfies ReadonlyArray<keyof NodeRules>);

/** A node type that `options.rules` takes: one of {@link ruleKeys}. */
export type RuleKey = (typeof ruleKeys)[number];

/** A split rule reduced to what the splitter asks: keep whole up to `size` (Infinity = never split). */
export interface ResolvedSplit {
  /** The node is kept whole while its content size is at most this. */
  keepWholeUpTo: number;
}

/** A rule after merging and validation. */
export interface ResolvedRule {
  split: ResolvedSplit;
  /** `'inline'` or `'preserve'` for links and images, `'carry'` or `'preserve'` for footnotes. */
  style: 'inline' | 'preserve' | 'carry';
  transform: NodeRule['transform'];
  /** The rules of containers by name, over this one (`container` only). */
  names?: ReadonlyMap<string, ResolvedRule> | undefined;
}

/** Options after validation, with defaults filled in. */
export interface ResolvedOptions {
  chunkSize: number;
  maxOverflowRatio: number;
  /** `chunkSize × maxOverflowRatio`. */
  maxSize: number;
  /** The cap on what the model sees of a chunk (measured with `rawLength`). */
  maxRawSize: number | undefined;
  /**
   * Room for a chunk's text under the cap, in `lengthFunction`'s unit: `maxRawSize − reserve`.
   * What the split plans with; each chunk is then checked with `rawLength` against `maxRawSize`.
   */
  rawBudget: number | undefined;
  /** Content sizes: a text alone. */
  lengthFunction: LengthFunction;
  /** Raw sizes: a chunk as the model sees it (`lengthFunction` unless it has a `modelLength`). */
  rawLength: LengthFunction;
  /** What the model adds to every chunk (a `ModelLengthFunction`'s `reserve`; else 0). */
  reserve: number;
  /** Whether `lengthFunction` is the built-in character count. */
  countsCharacters: boolean;
  overlap: number;
  minChunkSize: number;
  /** Whether chunks get `embedText`. */
  context: boolean;
  rules: Record<RuleKey, ResolvedRule>;
  /** The docs dialects to read documents with, one per dialect (the first given wins). */
  syntax: readonly Syntax[];
  /** Section parents (`parents.maxSize`), when asked for. */
  parents: { maxSize: number } | undefined;
}

const optionKeys = new Set([
  'chunkSize',
  'maxOverflowRatio',
  'maxRawSize',
  'rules',
  'lengthFunction',
  'overlap',
  'minChunkSize',
  'context',
  'syntax',
  'parents',
]);
const ruleFields = new Set(['split', 'style', 'transform']);
const splitNames = "'never-split', 'allow-split', { rule: 'size-split', size }";

/** Counts UTF-16 code units, the default size unit. */
export const characterLength: LengthFunction = (text) => text.length;

/**
 * Validate options and fill in defaults.
 *
 * @param options
 *   Options given to `chunkdown`.
 * @returns
 *   Resolved options.
 * @throws {TypeError | RangeError}
 *   When an option is missing, of the wrong type or out of range; the message names it.
 */
export function resolveOptions(options: ChunkdownOptions): ResolvedOptions {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(
      'Expected an options object such as `{ chunkSize: 500 }` for `chunkdown(options)`',
    );
  }
  for (const key of Object.keys(options)) {
    if (!optionKeys.has(key)) {
      throw new RangeError(
        `Unknown option \`${key}\`, expected one of ${[...optionKeys].map((k) => `\`${k}\``).join(', ')}`,
      );
    }
  }

  if (options.chunkSize === undefined) {
    throw new TypeError(`Missing required option \`chunkSize\`: expected ${positive.expected}`);
  }
  const chunkSize = numberOption(options.chunkSize, 'chunkSize', positive);
  const maxOverflowRatio =
    options.maxOverflowRatio === undefined
      ? 1
      : numberOption(options.maxOverflowRatio, 'maxOverflowRatio', atLeastOne);
  const maxRawSize =
    options.maxRawSize === undefined
      ? undefined
      : numberOption(options.maxRawSize, 'maxRawSize', positiveInteger);

  const lengthFunction = options.lengthFunction ?? characterLength;
  if (typeof lengthFunction !== 'function') {
    throw new TypeError(
      `Expected a function \`(text: string) => number\` for \`options.lengthFunction\`, not ${describe(lengthFunction)}`,
    );
  }
  const { rawLength, reserve } = modelSizing(lengthFunction);
  if (maxRawSize !== undefined && maxRawSize <= reserve) {
    throw new RangeError(
      `Expected \`options.maxRawSize\` to be larger than the ${reserve} the model adds to every chunk (prefix and special tokens, \`lengthFunction.reserve\`), not ${maxRawSize}`,
    );
  }

  const overlap =
    options.overlap === undefined ? 0 : numberOption(options.overlap, 'overlap', nonNegative);
  if (overlap >= chunkSize) {
    throw new RangeError(
      `Expected \`options.overlap\` to be smaller than \`chunkSize\` (${chunkSize}), not ${overlap}`,
    );
  }
  const minChunkSize =
    options.minChunkSize === undefined
      ? 0
      : numberOption(options.minChunkSize, 'minChunkSize', nonNegative);
  if (minChunkSize > chunkSize) {
    throw new RangeError(
      `Expected \`options.minChunkSize\` to be at most \`chunkSize\` (${chunkSize}), not ${minChunkSize}`,
    );
  }

  const context = options.context ?? false;
  if (typeof context !== 'boolean') {
    throw new TypeError(
      `Expected \`true\` or \`false\` for \`options.context\`, not ${describe(context)}`,
    );
  }

  return {
    chunkSize,
    maxOverflowRatio,
    maxSize: chunkSize * maxOverflowRatio,
    maxRawSize,
    rawBudget: maxRawSize === undefined ? undefined : maxRawSize - reserve,
    lengthFunction,
    rawLength,
    reserve,
    countsCharacters: lengthFunction === characterLength,
    overlap,
    minChunkSize,
    context,
    rules: resolveRules(options.rules),
    syntax: resolveSyntax(options.syntax),
    parents: resolveParents(options.parents, chunkSize),
  };
}

/**
 * Whether the `parents` option asks for parents: `undefined` and `false` do not.
 *
 * @param parents
 *   The option as given.
 * @returns
 *   Whether the split gives parents (when the option is valid).
 */
export function wantsParents(parents: ChunkdownOptions['parents']): boolean {
  return parents !== undefined && parents !== false;
}

/**
 * Validate the `parents` option: `{ maxSize }`, a finite number ≥ `chunkSize`.
 *
 * @param parents
 *   The option as given.
 * @param chunkSize
 *   The resolved `chunkSize`.
 * @returns
 *   The parents setting, or `undefined` when parents are off.
 */
export function resolveParents(
  parents: ChunkdownOptions['parents'],
  chunkSize: number,
): { maxSize: number } | undefined {
  if (!wantsParents(parents)) return undefined;
  if (parents === null || typeof parents !== 'object' || Array.isArray(parents)) {
    throw new TypeError(
      `Expected an object such as \`{ maxSize: ${chunkSize * 4} }\` (or \`false\`) for \`options.parents\`, not ${describe(parents)}`,
    );
  }
  for (const key of Object.keys(parents)) {
    if (key !== 'maxSize') {
      throw new RangeError(`Unknown field \`parents.${key}\`, expected \`maxSize\``);
    }
  }
  if (parents.maxSize === undefined) {
    throw new TypeError(
      `Missing \`parents.maxSize\`: expected a finite number ≥ \`chunkSize\` (${chunkSize})`,
    );
  }
  const maxSize = numberOption(parents.maxSize, 'parents.maxSize', positive);
  if (maxSize < chunkSize) {
    throw new RangeError(
      `Expected \`options.parents.maxSize\` to be at least \`chunkSize\` (${chunkSize}), not ${maxSize}`,
    );
  }
  return { maxSize };
}

/**
 * What a length function says about the model's view of a chunk: its `modelLength` and
 * `reserve` when it is a `ModelLengthFunction`, else the function itself and nothing reserved.
 */
function modelSizing(lengthFunction: LengthFunction): {
  rawLength: LengthFunction;
  reserve: number;
} {
  const { modelLength, reserve } = lengthFunction as Partial<ModelLengthFunction>;
  if (modelLength === undefined && reserve === undefined) {
    return { rawLength: lengthFunction, reserve: 0 };
  }
  if (typeof modelLength !== 'function') {
    throw new TypeError(
      `Expected a function \`(text: string) => number\` for \`options.lengthFunction.modelLength\` (a length function with a \`reserve\` needs one), not ${describe(modelLength)}`,
    );
  }
  if (typeof reserve !== 'number' || !Number.isInteger(reserve) || reserve < 0) {
    throw new TypeError(
      `Expected an integer ≥ 0 for \`options.lengthFunction.reserve\`, not ${describe(reserve)}`,
    );
  }
  return { rawLength: modelLength, reserve };
}

const syntaxExpected =
  'dialects from `chunkdown/syntax` (`directive()`, `math()`, `mdx()`, `mkdocs()`, `auto()`) or syntax extensions (`{ name, micromark, fromMarkdown, toMarkdown }`), or a list of them';

/**
 * Validate the `syntax` option: a dialect or a list of them (lists may nest: `[mdx(), auto()]`),
 * one per dialect, the first given winning (so `mdx()` before `auto()` makes MDX always on).
 *
 * @param syntax
 *   The option as given.
 * @returns
 *   The dialects, in order.
 */
export function resolveSyntax(syntax: ChunkdownOptions['syntax']): readonly Syntax[] {
  if (syntax === undefined) return [];
  const resolved: Syntax[] = [];
  const add = (value: unknown, depth: number) => {
    if (Array.isArray(value) && depth < 2) {
      for (const item of value) add(item, depth + 1);
      return;
    }
    if (!isSyntax(value)) {
      throw new TypeError(
        `Expected ${syntaxExpected} for \`options.syntax\`, not ${describe(value)}`,
      );
    }
    if (!resolved.some((each) => each.name === value.name)) resolved.push(value);
  };
  add(syntax, 0);
  return resolved;
}

/**
 * Merge given rules over the defaults (key by key, then field by field) and validate them.
 *
 * @param rules
 *   Rules given by the user.
 * @returns
 *   A resolved rule for every key.
 */
export function resolveRules(rules: NodeRules | undefined): Record<RuleKey, ResolvedRule> {
  if (
    rules !== undefined &&
    (rules === null || typeof rules !== 'object' || Array.isArray(rules))
  ) {
    throw new TypeError(
      `Expected an object keyed by node type for \`options.rules\`, not ${describe(rules)}`,
    );
  }
  const given: NodeRules = rules ?? {};
  for (const key of Object.keys(given)) {
    if (!(ruleKeys as readonly string[]).includes(key)) {
      throw new RangeError(
        `Unknown rule \`${key}\` in \`options.rules\`, expected one of ${ruleKeys.map((k) => `\`${k}\``).join(', ')}`,
      );
    }
    validateRule(key as RuleKey, given[key as RuleKey]);
  }

  const resolved = {} as Record<RuleKey, ResolvedRule>;
  for (const key of ruleKeys) {
    const formattingFallback =
      key === 'strong' || key === 'emphasis' || key === 'delete'
        ? [given.formatting, defaultNodeRules.formatting]
        : [];
    // Own rule first, then the formatting fallback, then the defaults.
    const layers = [given[key], ...formattingFallback, defaultNodeRules[key]];
    const pick = <F extends keyof NodeRule>(field: F): NodeRule[F] => {
      for (const layer of layers) {
        const value = (layer as NodeRule | undefined)?.[field];
        if (value !== undefined) return value;
      }
      return undefined;
    };
    resolved[key] = {
      split: resolveSplit(pick('split')),
      style: (pick('style') as ResolvedRule['style'] | undefined) ?? 'inline',
      transform:
        given[key]?.transform ??
        (formattingFallback.length > 0 ? given.formatting?.transform : undefined),
    };
  }
  const names = given.container?.names;
  if (names !== undefined) {
    const base = resolved.container;
    resolved.container = {
      ...base,
      names: new Map(
        Object.entries(names).map(([name, rule]) => [
          name,
          {
            split: rule?.split === undefined ? base.split : resolveSplit(rule.split),
            style: base.style,
            transform: rule?.transform ?? base.transform,
          },
        ]),
      ),
    };
  }
  return resolved;
}

function validateRule(
  key: RuleKey,
  rule: NodeRule | FootnoteRule | undefined,
  name = `options.rules.${key}`,
): void {
  if (rule === undefined) return;
  if (rule === null || typeof rule !== 'object' || Array.isArray(rule)) {
    throw new TypeError(
      `Expected an object \`{ split?, style?, transform? }\` for \`${name}\`, not ${describe(rule)}`,
    );
  }
  const names = key === 'container' && !name.includes('.names.');
  for (const field of Object.keys(rule)) {
    if (names && field === 'names') continue;
    if (!ruleFields.has(field)) {
      throw new RangeError(
        `Unknown field \`${field}\` in \`${name}\`, expected \`split\`, \`style\`${names ? ', `transform` or `names`' : ' or `transform`'}`,
      );
    }
  }
  if (names) validateNames((rule as ContainerRule).names, `${name}.names`);
  if (rule.split !== undefined) validateSplit(rule.split, `${name}.split`);
  if (rule.style !== undefined) {
    if (key === 'footnote') {
      const style: unknown = rule.style;
      if (style !== 'carry' && style !== 'preserve') {
        throw new RangeError(
          `Expected \`'carry'\` or \`'preserve'\` for \`${name}.style\`, not ${describe(style)}`,
        );
      }
    } else if (key !== 'link' && key !== 'image') {
      throw new RangeError(
        `\`${name}.style\` is not supported: only \`link\`, \`image\` and \`footnote\` have a style`,
      );
    } else if (rule.style !== 'inline' && rule.style !== 'preserve') {
      throw new RangeError(
        `Expected \`'inline'\` or \`'preserve'\` for \`${name}.style\`, not ${describe(rule.style)}`,
      );
    }
  }
  if (rule.transform !== undefined) {
    if (key === 'word') {
      throw new RangeError(`\`${name}.transform\` is not supported: words are not nodes`);
    }
    if (typeof rule.transform !== 'function') {
      throw new TypeError(
        `Expected a function for \`${name}.transform\`, not ${describe(rule.transform)}`,
      );
    }
  }
}

function validateNames(names: ContainerRule['names'], name: string): void {
  if (names === undefined) return;
  if (names === null || typeof names !== 'object' || Array.isArray(names)) {
    throw new TypeError(
      `Expected an object keyed by container name (\`{ danger: { split: 'never-split' } }\`) for \`${name}\`, not ${describe(names)}`,
    );
  }
  for (const [container, rule] of Object.entries(names)) {
    validateRule('container', rule, `${name}.${container}`);
  }
}

function validateSplit(split: unknown, name: string): void {
  if (split === 'never-split' || split === 'allow-split') return;
  if (split !== null && typeof split === 'object' && !Array.isArray(split)) {
    const { rule, size, ...rest } = split as { rule?: unknown; size?: unknown };
    const extra = Object.keys(rest)[0];
    if (extra !== undefined) {
      throw new RangeError(
        `Unknown field \`${extra}\` in \`${name}\`, expected \`rule\` (and \`size\`)`,
      );
    }
    if (rule === 'never-split' || rule === 'allow-split') {
      if (size !== undefined) {
        throw new RangeError(`\`${name}.size\` only applies to \`{ rule: 'size-split', size }\``);
      }
      return;
    }
    if (rule === 'size-split') {
      if (typeof size !== 'number' || !nonNegative.accepts(size)) {
        throw new RangeError(
          `Expected ${nonNegative.expected} for \`${name}.size\`, not ${describe(size)}`,
        );
      }
      return;
    }
  }
  throw new RangeError(`Expected one of ${splitNames} for \`${name}\`, not ${describe(split)}`);
}

function resolveSplit(split: SplitRule | undefined): ResolvedSplit {
  if (split === undefined || split === 'allow-split') return { keepWholeUpTo: 0 };
  if (split === 'never-split') return { keepWholeUpTo: Number.POSITIVE_INFINITY };
  if (split.rule === 'never-split') return { keepWholeUpTo: Number.POSITIVE_INFINITY };
  if (split.rule === 'allow-split') return { keepWholeUpTo: 0 };
  return { keepWholeUpTo: split.size };
}

/** What a numeric option accepts, and how its error message says so. */
interface NumberRule {
  expected: string;
  accepts(value: number): boolean;
}

const positive: NumberRule = {
  expected: 'a finite number > 0',
  accepts: (value) => Number.isFinite(value) && value > 0,
};
const atLeastOne: NumberRule = {
  expected: 'a finite number ≥ 1',
  accepts: (value) => Number.isFinite(value) && value >= 1,
};
const positiveInteger: NumberRule = {
  expected: 'an integer > 0',
  accepts: (value) => Number.isInteger(value) && value > 0,
};
const nonNegative: NumberRule = {
  expected: 'a finite number ≥ 0',
  accepts: (value) => Number.isFinite(value) && value >= 0,
};

/** Whether a value is a dialect made by `chunkdown/syntax` (a name, when it is on, its parser). */
function isSyntax(value: unknown): value is Syntax {
  if (value === null || typeof value !== 'object') return false;
  const { name, when, parser } = value as Partial<Syntax>;
  return (
    typeof name === 'string' &&
    (when === 'always' || when === 'detected') &&
    parser !== null &&
    typeof parser === 'object'
  );
}

/** A numeric option: a `TypeError` when it is not a number, a `RangeError` when out of range. */
function numberOption(value: unknown, name: string, rule: NumberRule): number {
  const message = () => `Expected ${rule.expected} for \`options.${name}\`, not ${describe(value)}`;
  if (typeof value !== 'number') throw new TypeError(message());
  if (!rule.accepts(value)) throw new RangeError(message());
  return value;
}

/** Describe a value for an error message. */
function describe(value: unknown): string {
  if (typeof value === 'string') return `\`${JSON.stringify(value)}\``;
  if (typeof value === 'number' || typeof value === 'boolean' || value == null)
    return `\`${String(value)}\``;
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'bigint') return `\`${value}n\` (a BigInt)`;
  if (typeof value === 'symbol') return 'a symbol';
  if (Array.isArray(value)) return 'an array';
  try {
    return `\`${JSON.stringify(value)}\``;
  } catch {
    // A BigInt inside, or a cycle: say what it is, not why it cannot be printed.
    return 'an object';
  }
}
