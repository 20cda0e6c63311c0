import {
  type ChunkdownOptions,
  chunkdown,
  type NodeRule,
  type NodeRules,
  type RuleKey,
  ruleKeys,
  type SplitRule,
  type Syntax,
  type SyntaxName,
} from 'chunkdown';
import * as syntaxModule from 'chunkdown/syntax';
import { syntaxNames } from 'chunkdown/syntax';

export type { RuleKey } from 'chunkdown';

/** How a docs dialect is read: where a document shows it, always, or never. */
export const DIALECT_CHOICES = ['auto', 'on', 'off'] as const;
/** A dialect choice. */
export type DialectChoice = (typeof DIALECT_CHOICES)[number];

/** The dialects the visualizer offers a control for: the library's own list. */
export const DIALECTS: readonly SyntaxName[] = syntaxNames;

/** Size units the visualizer offers. */
export const SIZE_UNITS = ['characters', 'cl100k', 'tokenizer'] as const;
/**
 * A size unit: characters, OpenAI's cl100k tokens, or the tokens of a `tokenizer.json` loaded from
 * disk (the file stays in the page, it is not part of a link).
 */
export type SizeUnit = (typeof SIZE_UNITS)[number];

/**
 * Node types whose rule has a reference style (`style: 'inline' | 'preserve'`); the library
 * refuses a style on any other rule.
 */
export const STYLE_KEYS = ['link', 'image'] as const satisfies readonly RuleKey[];

/** Split choices of a rule control; `'default'` leaves the library default in place. */
export const SPLIT_CHOICES = ['default', 'never-split', 'allow-split', 'size-split'] as const;
/** A split choice. */
export type SplitChoice = (typeof SPLIT_CHOICES)[number];

/** Style choices of a link/image control; `'default'` leaves the library default in place. */
export const STYLE_CHOICES = ['default', 'inline', 'preserve'] as const;
/** Style choices of the footnote control: carry the definitions a chunk cites, or leave them. */
export const FOOTNOTE_STYLE_CHOICES = ['default', 'carry', 'preserve'] as const;
/** A style choice. */
export type StyleChoice = (typeof STYLE_CHOICES)[number] | (typeof FOOTNOTE_STYLE_CHOICES)[number];

/** The style choices of a rule, or `null` for a rule without a style. */
export function styleChoicesOf(key: RuleKey): readonly StyleChoice[] | null {
  if (isStyleKey(key)) return STYLE_CHOICES;
  return key === 'footnote' ? FOOTNOTE_STYLE_CHOICES : null;
}

/** The controls of one rule: a split choice for every rule, a style choice where it has one. */
export interface RuleControl {
  key: RuleKey;
  split: readonly SplitChoice[];
  /** `null` for a rule without a reference style. */
  style: readonly StyleChoice[] | null;
}

/**
 * The rule controls, one per key of the library's `ruleKeys` and in its order, so a rule the
 * library gains gets a control without an edit here. Transforms are functions: no control.
 */
export const RULE_CONTROLS: readonly RuleControl[] = Object.freeze(
  ruleKeys.map((key) => ({
    key,
    split: SPLIT_CHOICES,
    style: styleChoicesOf(key),
  })),
);

/** What the controls of one node type hold. */
export interface RuleSetting {
  split: SplitChoice;
  /** Size for `'size-split'`. */
  size: number;
  style: StyleChoice;
}

/** Every option of the splitter, as the controls hold it. */
export interface Settings {
  chunkSize: number;
  maxOverflowRatio: number;
  /** `null` when there is no cap. */
  maxRawSize: number | null;
  unit: SizeUnit;
  /**
   * With the `tokenizer` unit: what the model embeds documents with before the text
   * (`passage: `), counted once per chunk in the raw size.
   */
  prefix: string;
  overlap: number;
  minChunkSize: number;
  /** Add `embedText` (title › breadcrumbs + text) to each chunk, where the library has `context`. */
  context: boolean;
  /** Only the node types whose controls differ from the defaults. */
  rules: Partial<Record<RuleKey, RuleSetting>>;
  /** Docs dialects, each detected (`auto`, as the command line does), always on or off. */
  syntax: Record<SyntaxName, DialectChoice>;
}

/** The whole state of the page: the document and the options. */
export interface AppState {
  text: string;
  /** Id of the bundled example the text came from, while it is unchanged. */
  example: string | null;
  settings: Settings;
}

/** Settings a fresh page starts with. */
export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  chunkSize: 500,
  // The library's and the command line's default: the chunks shown are the ones they give.
  maxOverflowRatio: 1,
  maxRawSize: null,
  unit: 'characters',
  prefix: '',
  overlap: 0,
  minChunkSize: 0,
  context: false,
  rules: {},
  syntax: Object.freeze(Object.fromEntries(DIALECTS.map((name) => [name, 'auto']))) as Record<
    SyntaxName,
    DialectChoice
  >,
});

/** Controls of a node type that leave the library default alone. */
export const DEFAULT_RULE: Readonly<RuleSetting> = Object.freeze({
  split: 'default',
  size: 200,
  style: 'default',
});

/**
 * Copy of `settings` with a new rule for `key`; a rule equal to {@link DEFAULT_RULE} is dropped.
 *
 * @param settings Current settings.
 * @param key Node type.
 * @param rule New rule for it.
 * @returns New settings.
 */
export function withRule(settings: Settings, key: RuleKey, rule: RuleSetting): Settings {
  const rules = { ...settings.rules };
  if (rule.split === 'default' && rule.style === 'default') delete rules[key];
  else rules[key] = rule;
  return { ...settings, rules };
}

/**
 * Turn the controls into options for `chunkdown()` (without the size unit, which the worker adds).
 * Values are passed through unvalidated: the library reports bad ones itself.
 *
 * @param settings Settings from the controls.
 * @returns Options for `chunkdown()`.
 */
export function toChunkdownOptions(settings: Settings): Omit<ChunkdownOptions, 'lengthFunction'> {
  const options: Omit<ChunkdownOptions, 'lengthFunction'> = {
    chunkSize: settings.chunkSize,
    maxOverflowRatio: settings.maxOverflowRatio,
    overlap: settings.overlap,
    minChunkSize: settings.minChunkSize,
  };
  if (settings.maxRawSize !== null) options.maxRawSize = settings.maxRawSize;
  // Only when on: a library without the option rejects it by name.
  if (settings.context) Object.assign(options, { context: true });
  // Each rule as its key's type (the footnote rule's style is not a link's): built loosely here.
  const rules: Record<string, NodeRule> = {};
  let any = false;
  for (const key of ruleKeys) {
    const setting = settings.rules[key];
    if (!setting) continue;
    const rule: NodeRule = {};
    const split = toSplitRule(setting);
    if (split) rule.split = split;
    if (setting.style !== 'default' && styleChoicesOf(key)?.includes(setting.style)) {
      (rule as { style?: string }).style = setting.style;
    }
    if (rule.split || rule.style) {
      rules[key] = rule;
      any = true;
    }
  }
  if (any) options.rules = rules as NodeRules;
  const syntax = dialectsOf(settings.syntax);
  if (syntax.length > 0) options.syntax = syntax;
  return options;
}

/**
 * The `syntax` option of the dialect controls: `auto` dialects detected per document, `on` ones
 * always read, `off` ones left out. (Made in the worker: the objects hold functions.)
 *
 * @param choices The dialect controls.
 * @returns The dialects for `chunkdown()`.
 */
export function dialectsOf(choices: Settings['syntax']): Syntax[] {
  // Each dialect of the library's list is made by the export of its name (`mdx()`, …).
  const made = syntaxModule as unknown as Record<string, (options: { when: string }) => Syntax>;
  const dialects: Syntax[] = [];
  for (const name of DIALECTS) {
    const choice = choices[name] ?? 'auto';
    const make = made[name];
    if (choice !== 'off' && make) {
      dialects.push(make({ when: choice === 'on' ? 'always' : 'detected' }));
    }
  }
  return dialects;
}

function toSplitRule(setting: RuleSetting): SplitRule | undefined {
  switch (setting.split) {
    case 'default':
      return undefined;
    case 'size-split':
      return { rule: 'size-split', size: setting.size };
    default:
      return setting.split;
  }
}

/**
 * Whether a node type takes a reference style.
 *
 * @param key Node type.
 * @returns `true` for `link` and `image`.
 */
export function isStyleKey(key: RuleKey): key is (typeof STYLE_KEYS)[number] {
  return (STYLE_KEYS as readonly string[]).includes(key);
}

/**
 * The overflow limit, `chunkSize × maxOverflowRatio`, or `null` when those options are invalid
 * (the library rejects them).
 *
 * @param settings Settings.
 * @returns The limit.
 */
export function overflowLimit(settings: Settings): number | null {
  const { chunkSize, maxOverflowRatio } = settings;
  if (!(chunkSize > 0 && maxOverflowRatio >= 1)) return null;
  const limit = chunkSize * maxOverflowRatio;
  return Number.isFinite(limit) ? limit : null;
}

/**
 * Read settings from untrusted data (a shared URL), keeping only well-typed values and falling
 * back to the defaults for the rest.
 *
 * @param value Parsed JSON.
 * @returns Settings.
 */
export function sanitizeSettings(value: unknown): Settings {
  const input = isRecord(value) ? value : {};
  const settings: Settings = {
    ...DEFAULT_SETTINGS,
    rules: {},
    syntax: { ...DEFAULT_SETTINGS.syntax },
  };
  settings.chunkSize = finite(input.chunkSize, DEFAULT_SETTINGS.chunkSize);
  settings.maxOverflowRatio = finite(input.maxOverflowRatio, DEFAULT_SETTINGS.maxOverflowRatio);
  settings.maxRawSize = input.maxRawSize === null ? null : finiteOrNull(input.maxRawSize);
  settings.unit = oneOf(input.unit, SIZE_UNITS);
  settings.prefix = typeof input.prefix === 'string' ? input.prefix : '';
  settings.overlap = finite(input.overlap, DEFAULT_SETTINGS.overlap);
  settings.minChunkSize = finite(input.minChunkSize, DEFAULT_SETTINGS.minChunkSize);
  settings.context = input.context === true;
  const syntax = isRecord(input.syntax) ? input.syntax : {};
  for (const name of DIALECTS) settings.syntax[name] = oneOf(syntax[name], DIALECT_CHOICES);
  const rules = isRecord(input.rules) ? input.rules : {};
  for (const key of ruleKeys) {
    const rule = rules[key];
    if (!isRecord(rule)) continue;
    const split = oneOf(rule.split, SPLIT_CHOICES);
    const choices = styleChoicesOf(key);
    const style = choices ? oneOf(rule.style, choices) : 'default';
    const size = finite(rule.size, DEFAULT_RULE.size);
    Object.assign(settings, withRule(settings, key, { split, size, style }));
  }
  return settings;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function finite(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function finiteOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function oneOf<T extends string>(value: unknown, choices: readonly T[]): T {
  const first = choices[0] as T;
  return typeof value === 'string' && (choices as readonly string[]).includes(value)
    ? (value as T)
    : first;
}

/**
 * Whether this version of the library has the `context` option (`embedText` on every chunk).
 *
 * @returns `true` when `chunkdown({ chunkSize: 1, context: true })` is accepted.
 */
export function hasContextOption(): boolean {
  try {
    chunkdown({ chunkSize: 1, context: true } as ChunkdownOptions);
    return true;
  } catch {
    return false;
  }
}
