import { type RuleKey, ruleKeys } from '../index.js';
import type { SplitRule } from '../types.js';
import { UsageError } from './errors.js';

/** Node types that take a rule, in the order the help lists them (the library's own list). */
export const ruleTypes = ruleKeys;

/** A node type that takes a rule. */
export type RuleType = RuleKey;

/** Node types whose rule has a `style`, and the styles each takes. */
const styles: Partial<Record<RuleType, readonly string[]>> = {
  link: ['inline', 'preserve'],
  image: ['inline', 'preserve'],
  footnote: ['carry', 'preserve'],
};
const splitNames = ['never-split', 'allow-split', 'size-split:N'];

/** One rule as plain data. */
export interface PlainRule {
  split?: SplitRule;
  style?: 'inline' | 'preserve';
  /** Rules of containers by name (`container` only, from a config file). */
  names?: Record<string, { split?: SplitRule }>;
}

/** The footnote rule as plain data. */
export interface PlainFootnoteRule {
  split?: SplitRule;
  style?: 'carry' | 'preserve';
}

/** Rules as plain data: what a config file or `--rule` can express (no transforms). */
export type PlainRules = { [K in RuleType]?: K extends 'footnote' ? PlainFootnoteRule : PlainRule };

function isRuleType(value: string): value is RuleType {
  return (ruleTypes as readonly string[]).includes(value);
}

const list = (values: readonly string[]) => values.map((value) => `\`${value}\``).join(', ');

/**
 * Parse the value of one `--rule` flag and merge it into `rules`.
 *
 * Accepted forms: `TYPE=SPLIT` or `TYPE.split=SPLIT` with SPLIT one of `never-split`,
 * `allow-split`, `size-split:N`; and `TYPE.style=inline|preserve` for `link` and `image`.
 *
 * @param rules Rules so far (not modified).
 * @param flag The flag's value, such as `list=size-split:200`.
 * @returns New rules with the flag applied over `rules`.
 * @throws {UsageError} When the flag is malformed, naming what is accepted.
 */
export function applyRuleFlag(rules: PlainRules, flag: string): PlainRules {
  const match = /^([A-Za-z]+)(?:\.([A-Za-z]+))?=(.*)$/.exec(flag.trim());
  if (!match) {
    throw new UsageError(
      `--rule expects TYPE=RULE or TYPE.style=STYLE (for example link=allow-split), got "${flag}"`,
    );
  }
  const [, type = '', field = 'split', value = ''] = match;
  if (!isRuleType(type)) {
    throw new UsageError(
      `--rule "${flag}": unknown node type \`${type}\`, expected one of ${list(ruleTypes)}`,
    );
  }
  const current = rules[type] ?? {};
  if (field === 'split') {
    return { ...rules, [type]: { ...current, split: parseSplit(value, `--rule "${flag}"`) } };
  }
  if (field === 'style') {
    return { ...rules, [type]: { ...current, style: parseStyle(type, value, `--rule "${flag}"`) } };
  }
  throw new UsageError(
    `--rule "${flag}": unknown field \`${field}\`, expected \`split\` or \`style\``,
  );
}

/** Parse a split rule written as `never-split`, `allow-split` or `size-split:N`. */
function parseSplit(value: string, where: string): SplitRule {
  if (value === 'never-split' || value === 'allow-split') return value;
  const sized = /^size-split:(\d+(?:\.\d+)?)$/.exec(value);
  if (sized) return { rule: 'size-split', size: Number(sized[1]) };
  throw new UsageError(`${where}: unknown split rule "${value}", expected ${list(splitNames)}`);
}

function parseStyle(type: RuleType, value: unknown, where: string): never {
  const names = styles[type];
  if (!names) {
    throw new UsageError(
      `${where}: \`style\` applies only to \`link\`, \`image\` and \`footnote\`, not \`${type}\``,
    );
  }
  // The style of `type`: `inline` or `preserve` for links and images, `carry` or `preserve` for
  // footnotes (typed by the caller's key).
  if (typeof value === 'string' && names.includes(value)) return value as never;
  throw new UsageError(`${where}: unknown style "${String(value)}", expected ${list(names)}`);
}

/**
 * Check rules read from a config file: known node types, known fields, valid values.
 *
 * @param value The `rules` value of the config file.
 * @param where Where the value comes from, for messages (`config.json: rules`).
 * @returns The rules, typed.
 * @throws {UsageError} When anything is unknown or malformed.
 */
export function checkRules(value: unknown, where: string): PlainRules {
  if (!isPlainObject(value)) throw new UsageError(`${where} must be an object keyed by node type`);
  let rules: PlainRules = {};
  for (const [type, rule] of Object.entries(value)) {
    if (!isRuleType(type)) {
      throw new UsageError(
        `${where}: unknown node type \`${type}\`, expected one of ${list(ruleTypes)}`,
      );
    }
    const at = `${where}.${type}`;
    if (!isPlainObject(rule))
      throw new UsageError(`${at} must be an object with \`split\` and/or \`style\``);
    const checked: PlainRule = {};
    for (const [field, fieldValue] of Object.entries(rule)) {
      if (field === 'split') checked.split = checkSplit(fieldValue, `${at}.split`);
      else if (field === 'style') checked.style = parseStyle(type, fieldValue, at);
      else if (field === 'names' && type === 'container')
        checked.names = checkNames(fieldValue, `${at}.names`);
      else
        throw new UsageError(`${at}: unknown field \`${field}\`, expected \`split\` or \`style\``);
    }
    rules = { ...rules, [type]: checked };
  }
  return rules;
}

/** Check the rules of containers by name: `{ "danger": { "split": "never-split" } }`. */
function checkNames(value: unknown, where: string): Record<string, { split?: SplitRule }> {
  if (!isPlainObject(value))
    throw new UsageError(`${where} must be an object keyed by container name`);
  const names: Record<string, { split?: SplitRule }> = {};
  for (const [name, rule] of Object.entries(value)) {
    if (!isPlainObject(rule) || Object.keys(rule).some((field) => field !== 'split')) {
      throw new UsageError(`${where}.${name} must be an object with \`split\``);
    }
    names[name] =
      rule.split === undefined ? {} : { split: checkSplit(rule.split, `${where}.${name}.split`) };
  }
  return names;
}

/** Check a split rule from JSON: a string form or an object form. */
function checkSplit(value: unknown, where: string): SplitRule {
  if (typeof value === 'string') return parseSplit(value, where);
  if (isPlainObject(value)) {
    const { rule, size } = value;
    if ((rule === 'never-split' || rule === 'allow-split') && size === undefined) return { rule };
    if (rule === 'size-split' && typeof size === 'number' && Number.isFinite(size) && size >= 0) {
      return { rule, size };
    }
  }
  throw new UsageError(
    `${where} must be "never-split", "allow-split", "size-split:N" or { "rule": "size-split", "size": N }`,
  );
}

/**
 * Merge rules field by field: for each node type, fields in `over` win.
 *
 * @param base Rules to start from.
 * @param over Rules that take precedence.
 * @returns The merged rules.
 */
export function mergeRules(base: PlainRules, over: PlainRules): PlainRules {
  const merged: PlainRules = { ...base };
  for (const type of ruleTypes) {
    const rule = over[type];
    if (rule) (merged as Record<RuleType, object>)[type] = { ...base[type], ...rule };
  }
  return merged;
}

/**
 * Whether `value` is a plain object (not null, not an array).
 *
 * @param value Value to check.
 * @returns `true` for `{}`-like values.
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
