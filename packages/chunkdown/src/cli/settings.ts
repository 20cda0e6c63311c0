import { dirname, isAbsolute, join } from 'node:path';
import { parseSyntax, type SplitSettings } from './args.js';
import { UsageError } from './errors.js';
import { checkRules, isPlainObject, mergeRules } from './rules.js';
import { isTokenName, type TokenName, tokenNames } from './tokens.js';

/** Default `chunkSize` in characters; about the same text as {@link defaultTokenChunkSize}. */
export const defaultChunkSize = 1000;
/** Default `chunkSize` when sizing in tokens. */
export const defaultTokenChunkSize = 250;

/** Settings with the chunk size decided: what every worker builds its splitter from. */
export interface ResolvedSettings extends SplitSettings {
  chunkSize: number;
}

const numericKeys = [
  'chunkSize',
  'maxOverflowRatio',
  'maxRawSize',
  'overlap',
  'minChunkSize',
] as const;
const configKeys = [
  ...numericKeys,
  'context',
  'parents',
  'rules',
  'tokens',
  'tokenizer',
  'prefix',
  'syntax',
];

/**
 * Read the text of a `--config` file: a JSON object with library options
 * (`chunkSize`, `maxOverflowRatio`, `maxRawSize`, `overlap`, `minChunkSize`, `context`, `rules`,
 * `parents`: a number, the `maxSize`, or `{ "maxSize": N }`),
 * `tokens`, `tokenizer` (a path to a `tokenizer.json`, relative to the config file), `prefix` and
 * `syntax` (`"auto"`, `"none"`, or a list of dialects). Ranges are left to the library, whose
 * errors name the option.
 *
 * @param text File contents.
 * @param path File path, for messages.
 * @returns The settings it holds.
 * @throws {UsageError} On bad JSON, unknown keys or values of the wrong type.
 */
export function parseConfig(text: string, path: string): SplitSettings {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${path} is not valid JSON: ${reason}`);
  }
  if (!isPlainObject(value)) throw new UsageError(`${path} must hold a JSON object of options`);
  return parseConfigObject(value, path);
}

/**
 * Check the options of a config file or module (see {@link parseConfig}).
 *
 * @param value The options.
 * @param path The file's path, for messages.
 * @returns The settings they hold.
 * @throws {UsageError} On unknown keys or values of the wrong type.
 */
export function parseConfigObject(value: Record<string, unknown>, path: string): SplitSettings {
  const settings: SplitSettings = {};
  for (const [key, option] of Object.entries(value)) {
    if ((numericKeys as readonly string[]).includes(key)) {
      if (typeof option !== 'number') {
        throw new UsageError(`${path}: \`${key}\` must be a number, got ${JSON.stringify(option)}`);
      }
      settings[key as (typeof numericKeys)[number]] = option;
    } else if (key === 'context') {
      if (typeof option !== 'boolean') {
        throw new UsageError(
          `${path}: \`context\` must be true or false, got ${JSON.stringify(option)}`,
        );
      }
      settings.context = option;
    } else if (key === 'parents') {
      const maxSize =
        typeof option === 'number'
          ? option
          : isPlainObject(option) && Object.keys(option).join() === 'maxSize'
            ? option.maxSize
            : undefined;
      if (typeof maxSize !== 'number') {
        throw new UsageError(
          `${path}: \`parents\` must be a number (the largest parent) or { "maxSize": N }, got ${JSON.stringify(option)}`,
        );
      }
      settings.parents = { maxSize };
    } else if (key === 'syntax') {
      if (
        typeof option !== 'string' &&
        !(Array.isArray(option) && option.every((item) => typeof item === 'string'))
      ) {
        throw new UsageError(
          `${path}: \`syntax\` must be "auto", "none" or a list of dialects, got ${JSON.stringify(option)}`,
        );
      }
      settings.syntax = parseSyntax(
        Array.isArray(option) ? option.join(',') : option,
        `${path}: \`syntax\``,
      );
    } else if (key === 'rules') {
      settings.rules = checkRules(option, `${path}: rules`);
    } else if (key === 'tokens') {
      if (!isTokenName(option)) {
        throw new UsageError(
          `${path}: \`tokens\` must be ${tokenNames.map((name) => `"${name}"`).join(' or ')}, got ${JSON.stringify(option)}`,
        );
      }
      settings.tokens = option;
    } else if (key === 'tokenizer') {
      if (typeof option !== 'string' || option === '') {
        throw new UsageError(
          `${path}: \`tokenizer\` must be the path of a tokenizer.json, got ${JSON.stringify(option)}`,
        );
      }
      // Relative to the config file, wherever the command runs.
      settings.tokenizer = isAbsolute(option) ? option : join(dirname(path), option);
    } else if (key === 'prefix') {
      if (typeof option !== 'string') {
        throw new UsageError(`${path}: \`prefix\` must be a string, got ${JSON.stringify(option)}`);
      }
      settings.prefix = option;
    } else {
      throw new UsageError(
        `${path}: unknown option \`${key}\`, expected ${configKeys.map((name) => `\`${name}\``).join(', ')}`,
      );
    }
  }
  if (settings.tokens !== undefined && settings.tokenizer !== undefined) {
    throw new UsageError(`${path}: \`tokens\` and \`tokenizer\` are two size units: give one`);
  }
  return settings;
}

/**
 * Combine flags over the config file and fill in the default chunk size.
 *
 * @param flags Settings given as flags (they win).
 * @param config Settings from the config file, if any.
 * @returns The settings to split with.
 */
export function resolveSettings(
  flags: SplitSettings,
  config: SplitSettings = {},
): ResolvedSettings {
  // The size unit comes from one place: the flags when they name one, else the config file.
  const unit = flags.tokens !== undefined || flags.tokenizer !== undefined ? flags : config;
  const tokens: TokenName | undefined = unit.tokens;
  const tokenizer = unit.tokenizer;
  const prefix = flags.prefix ?? config.prefix;
  if (prefix !== undefined && tokenizer === undefined) {
    throw new UsageError(
      '--prefix needs --tokenizer: the prefix is counted in the tokens of the model that embeds with it',
    );
  }
  const resolved: ResolvedSettings = {
    chunkSize:
      flags.chunkSize ??
      config.chunkSize ??
      (tokens === undefined && tokenizer === undefined ? defaultChunkSize : defaultTokenChunkSize),
  };
  for (const key of numericKeys) {
    const value = flags[key] ?? config[key];
    if (value !== undefined) resolved[key] = value;
  }
  const context = flags.context ?? config.context;
  if (context !== undefined) resolved.context = context;
  const parents = flags.parents ?? config.parents;
  if (parents !== undefined) resolved.parents = parents;
  if (tokens !== undefined) resolved.tokens = tokens;
  if (tokenizer !== undefined) resolved.tokenizer = tokenizer;
  if (prefix !== undefined) resolved.prefix = prefix;
  const syntax = flags.syntax ?? config.syntax;
  if (syntax !== undefined) resolved.syntax = syntax;
  // Syntax extensions come from the config module alone, whatever `--syntax` says.
  if (config.extensions !== undefined) resolved.extensions = config.extensions;
  if (config.rules || flags.rules)
    resolved.rules = mergeRules(config.rules ?? {}, flags.rules ?? {});
  return resolved;
}

const flagOf: Record<(typeof numericKeys)[number] | 'parents', string> = {
  chunkSize: '--chunk-size',
  maxOverflowRatio: '--max-overflow-ratio',
  maxRawSize: '--max-raw-size',
  overlap: '--overlap',
  minChunkSize: '--min-chunk-size',
  parents: '--parents',
};

/**
 * Say a rejected option in the terms the user gave it: the library names `options.overlap` and
 * `chunkSize`, the user typed `--overlap`, wrote `overlap` in the config file, or left the chunk
 * size at its default. `Expected … for \`options.x\`, not v` and `Expected \`options.x\` to be
 * …, not v` become `x must be …, not v`, every option in them named as the user set it: a flag as
 * the flag, a config key as the key (the message then starts with the file), a default as
 * `the default --chunk-size`. A message never names a flag beside an option name.
 *
 * @param message The library's error message.
 * @param flags Settings given as flags.
 * @param configPath The `--config` path, if any.
 * @param config Settings read from the config file.
 * @returns The message, in the terms of flags and config keys.
 */
export function attributeOptionError(
  message: string,
  flags: SplitSettings,
  configPath: string | undefined,
  config: SplitSettings = {},
): string {
  const known = (key: string): key is keyof typeof flagOf => Object.hasOwn(flagOf, key);
  let fromConfig = false;
  const name = (key: string, subject: boolean): string | undefined => {
    if (!known(key)) return undefined;
    if (flags[key] !== undefined) return flagOf[key];
    if (configPath !== undefined && config[key] !== undefined) {
      fromConfig = true;
      return key;
    }
    // Only the chunk size has a default another option is checked against.
    return subject ? undefined : `the default ${flagOf[key]}`;
  };
  const reworded =
    /^Expected (.+) for `options\.([\w.]+)`, not (.+)$/.exec(message) ??
    /^Expected `options\.([\w.]+)` to be (.+), not (.+)$/.exec(message);
  if (reworded) {
    const [, first = '', second = '', value = ''] = reworded;
    const [key, expected] = message.startsWith('Expected `') ? [first, second] : [second, first];
    const subject = name(key.replace(/\.maxSize$/, ''), true);
    if (subject !== undefined) {
      const terms = expected
        .replace(/`(\w+)`/g, (whole, other: string) => name(other, false) ?? whole)
        .replace(
          / \(prefix and special tokens, `lengthFunction\.reserve`\)/,
          ': --prefix and the special tokens of --tokenizer',
        );
      const text = `${subject} must be ${terms}, not ${value}`;
      return fromConfig && configPath !== undefined ? `${configPath}: ${text}` : text;
    }
  }
  return configPath === undefined ? message : `${configPath}: ${message}`;
}
