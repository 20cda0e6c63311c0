import { parseArgs } from 'node:util';
import { type SyntaxName, syntaxNames } from '../syntax.js';
import { UsageError } from './errors.js';
import { applyRuleFlag, type PlainRules } from './rules.js';
import { parseShard, type Shard } from './shard.js';
import { isTokenName, type TokenName, tokenNames } from './tokens.js';

/** Output formats of `--format`. */
export const outputFormats = ['jsonl', 'json', 'text'] as const;

/** An output format. */
export type OutputFormat = (typeof outputFormats)[number];

/** Library options as plain data, as flags or a config file give them (no functions). */
export interface SplitSettings {
  chunkSize?: number | undefined;
  maxOverflowRatio?: number | undefined;
  maxRawSize?: number | undefined;
  overlap?: number | undefined;
  minChunkSize?: number | undefined;
  rules?: PlainRules | undefined;
  /** Give every chunk `embedText` (title › breadcrumbs, a blank line, the text). */
  context?: boolean | undefined;
  /** Section parents (`--parents N`): every chunk gets a `parentId`, parents are written too. */
  parents?: { maxSize: number } | undefined;
  /** Size in tokens of this encoding instead of characters. */
  tokens?: TokenName | undefined;
  /**
   * Size in the tokens of this Hugging Face `tokenizer.json` (a path) instead of characters,
   * counting the special tokens and {@link SplitSettings.prefix} once per chunk in the raw size.
   */
  tokenizer?: string | undefined;
  /** What the model embeds documents with before the text (`passage: `); with `tokenizer`. */
  prefix?: string | undefined;
  /**
   * Docs dialects: `'auto'` (each where a file shows it; `.mdx` files are MDX), `'none'`
   * (CommonMark + GFM only), or the dialects to read every file with.
   */
  syntax?: SyntaxSetting | undefined;
  /**
   * The path (absolute) of the `--config` module whose syntax extensions every file is read
   * with, besides the dialects of `syntax` (each thread loads them from it).
   */
  extensions?: string | undefined;
}

/** The dialects `--syntax` names: every built-in one. */
export const syntaxFlagNames: readonly SyntaxName[] = syntaxNames;

/** What `--syntax` (or `syntax` in a config file) asks for. */
export type SyntaxSetting = 'auto' | 'none' | SyntaxName[];

/**
 * Parse the value of `--syntax`: `auto`, `none`, or a comma-separated list of dialects.
 *
 * @param raw The value as typed.
 * @param name What to call it in the message (`--syntax`).
 * @returns The setting.
 * @throws {UsageError} Naming the accepted values.
 */
export function parseSyntax(raw: string, name = '--syntax'): SyntaxSetting {
  const value = raw.trim();
  if (value === 'auto' || value === 'none') return value;
  const names = value.split(',').map((part) => part.trim());
  const unknown = names.find((part) => !(syntaxFlagNames as readonly string[]).includes(part));
  if (unknown !== undefined || names.length === 0) {
    throw new UsageError(
      `${name} must be auto, none or a comma-separated list of ${syntaxFlagNames.join(', ')}, not ${shown(raw)}`,
    );
  }
  return [...new Set(names)] as SyntaxName[];
}

/** What the command line asks for. */
export interface CommandLine {
  /** Files, folders and globs, in the order given; empty means stdin. */
  paths: string[];
  /** Library options given as flags. */
  split: SplitSettings;
  /** `--config` path. */
  config: string | undefined;
  /** `--format`, when given. */
  format: OutputFormat | undefined;
  /** `--out` path. */
  out: string | undefined;
  /** `--ignore` globs. */
  ignore: string[];
  /** `--jobs`, when given. */
  jobs: number | undefined;
  /** `--shard I/N`, when given. */
  shard: Shard | undefined;
  /** `--previous` path: the JSONL of an earlier run, for index sync. */
  previous: string | undefined;
  report: boolean;
  help: boolean;
  version: boolean;
}

const flags = {
  'chunk-size': { type: 'string', short: 's' },
  'max-overflow-ratio': { type: 'string', short: 'r' },
  'max-raw-size': { type: 'string' },
  overlap: { type: 'string' },
  'min-chunk-size': { type: 'string' },
  context: { type: 'boolean' },
  parents: { type: 'string' },
  tokens: { type: 'string', short: 't' },
  tokenizer: { type: 'string' },
  prefix: { type: 'string' },
  syntax: { type: 'string' },
  rule: { type: 'string', multiple: true },
  config: { type: 'string', short: 'c' },
  format: { type: 'string', short: 'f' },
  out: { type: 'string', short: 'o' },
  ignore: { type: 'string', multiple: true },
  jobs: { type: 'string', short: 'j' },
  shard: { type: 'string' },
  previous: { type: 'string' },
  report: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

/** Long names of every flag, for suggestions. */
export const flagNames: readonly string[] = Object.keys(flags);

interface NumberSpec {
  /** Smallest accepted value. */
  min: number;
  /** Whether `min` itself is excluded. */
  exclusive?: boolean;
  integer?: boolean;
}

/**
 * Parse a flag's numeric value.
 *
 * @param flag Flag name without dashes, for the message.
 * @param raw The value as typed.
 * @param spec Accepted range.
 * @returns The number.
 * @throws {UsageError} Naming the flag and the accepted values.
 */
export function parseNumberFlag(flag: string, raw: string, spec: NumberSpec): number {
  const kind = spec.integer ? 'an integer' : 'a number';
  const bound = spec.exclusive ? `above ${spec.min}` : `of ${spec.min} or more`;
  const value = /^\s*-?\d+(\.\d+)?\s*$/.test(raw) ? Number(raw) : Number.NaN;
  if (
    !Number.isFinite(value) ||
    (spec.integer && !Number.isInteger(value)) ||
    value < spec.min ||
    (spec.exclusive && value === spec.min)
  ) {
    throw new UsageError(`--${flag} must be ${kind} ${bound}, not ${shown(raw)}`);
  }
  return value;
}

/**
 * A value as typed, for a message: bare when it is one word, quoted when it is empty or has
 * spaces.
 *
 * @param raw The value.
 * @returns How to show it.
 */
export function shown(raw: string): string {
  return /^\S+$/.test(raw) ? raw : JSON.stringify(raw);
}

/** Flags that take a number: a negative one after them (`--chunk-size -5`) is their value. */
const numericFlags = new Set(
  Object.entries(flags)
    .filter(([name]) =>
      [
        'chunk-size',
        'max-overflow-ratio',
        'max-raw-size',
        'overlap',
        'min-chunk-size',
        'parents',
        'jobs',
      ].includes(name),
    )
    .flatMap(([name, spec]) => [`--${name}`, ...('short' in spec ? [`-${spec.short}`] : [])]),
);

/**
 * Join a numeric flag and a negative number after it (`--chunk-size -5` → `--chunk-size=-5`),
 * which `util.parseArgs` would read as a flag of its own: the number is then checked, and the
 * message says what is wrong with it.
 *
 * @param argv Arguments as given.
 * @returns The same arguments, negative numbers joined to their flags.
 */
function joinNegativeNumbers(argv: readonly string[]): string[] {
  const joined: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string;
    if (argument === '--') {
      joined.push(...argv.slice(index));
      break;
    }
    const next = argv[index + 1];
    if (numericFlags.has(argument) && next !== undefined && /^-\.?\d/.test(next)) {
      joined.push(argument.startsWith('--') ? `${argument}=${next}` : `${argument}${next}`);
      index++;
    } else joined.push(argument);
  }
  return joined;
}

/**
 * Parse the command line (without `node` and the script path).
 *
 * @param argv Arguments as given.
 * @returns What was asked for, with every value checked.
 * @throws {UsageError} On an unknown flag, a missing or bad value.
 */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  let parsed: ReturnType<typeof parseWithNode>;
  try {
    parsed = parseWithNode(joinNegativeNumbers(argv));
  } catch (error) {
    throw new UsageError(explainParseError(error));
  }
  const { values, positionals } = parsed;
  const number = (flag: keyof typeof flags, spec: NumberSpec) => {
    const raw = values[flag];
    return typeof raw === 'string' ? parseNumberFlag(flag, raw, spec) : undefined;
  };

  const split: SplitSettings = {
    chunkSize: number('chunk-size', { min: 0, exclusive: true }),
    maxOverflowRatio: number('max-overflow-ratio', { min: 1 }),
    maxRawSize: number('max-raw-size', { min: 1, integer: true }),
    overlap: number('overlap', { min: 0 }),
    minChunkSize: number('min-chunk-size', { min: 0 }),
  };
  if (values.context) split.context = true;
  const parents = number('parents', { min: 0, exclusive: true });
  if (parents !== undefined) split.parents = { maxSize: parents };
  if (values.tokens !== undefined) {
    if (!isTokenName(values.tokens)) {
      throw new UsageError(
        `--tokens must be ${tokenNames.join(' or ')}, not ${shown(values.tokens)}`,
      );
    }
    split.tokens = values.tokens;
  }
  if (values.tokenizer !== undefined) {
    if (values.tokenizer === '') throw new UsageError('--tokenizer must be a file path, not ""');
    if (split.tokens !== undefined) {
      throw new UsageError(
        '--tokens and --tokenizer are two size units: give one (--tokenizer FILE for a Hugging Face tokenizer.json)',
      );
    }
    split.tokenizer = values.tokenizer;
  }
  if (values.prefix !== undefined) split.prefix = values.prefix;
  if (values.syntax !== undefined) split.syntax = parseSyntax(values.syntax);
  if (values.rule) {
    let rules: PlainRules = {};
    for (const rule of values.rule) rules = applyRuleFlag(rules, rule);
    split.rules = rules;
  }

  let format: OutputFormat | undefined;
  if (values.format !== undefined) {
    const given = values.format;
    format = outputFormats.find((known) => known === given);
    if (!format) {
      throw new UsageError(
        `--format must be ${outputFormats.join(', ').replace(/, ([^,]*)$/, ' or $1')}, not ${shown(given)}`,
      );
    }
  }
  for (const flag of ['out', 'config', 'previous'] as const) {
    if (values[flag] === '') throw new UsageError(`--${flag} must be a file path, not ""`);
  }

  return {
    paths: positionals,
    split,
    config: values.config,
    format,
    out: values.out,
    ignore: values.ignore ?? [],
    jobs: number('jobs', { min: 1, integer: true }),
    shard: values.shard === undefined ? undefined : parseShard(values.shard),
    previous: values.previous,
    report: values.report ?? false,
    help: values.help ?? false,
    version: values.version ?? false,
  };
}

function parseWithNode(argv: readonly string[]) {
  return parseArgs({ args: [...argv], options: flags, allowPositionals: true, strict: true });
}

/** Rewrite the errors of `util.parseArgs` as short messages, with a suggestion for typos. */
function explainParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : '';
  const named = /'(?:-\w, )?(--?[\w-]+)/.exec(message)?.[1] ?? '';
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const suggestion = suggestFlag(named);
    return `unknown option ${named}${suggestion ? ` (did you mean --${suggestion}?)` : ''}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    if (message.includes('does not take an argument')) return `option ${named} takes no value`;
    return `option ${named} needs a value (write ${named}=VALUE for a value that starts with "-")`;
  }
  return message.split('\n')[0] ?? message;
}

/**
 * The known flag closest to a mistyped one, when it is close enough to be a typo.
 *
 * @param typed The unknown flag as typed (`--chunksize`, `-x`).
 * @returns A long flag name without dashes, or `undefined`.
 */
export function suggestFlag(typed: string): string | undefined {
  const name = typed.replace(/^-+/, '').toLowerCase();
  if (name.length < 2) return undefined;
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const known of flagNames) {
    const distance = editDistance(name, known);
    if (distance < bestDistance) {
      best = known;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(name.length / 4)) ? best : undefined;
}

/** Levenshtein distance between two short strings. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
