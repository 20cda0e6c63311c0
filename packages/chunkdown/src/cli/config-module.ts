import { pathToFileURL } from 'node:url';
import { withExtensions } from '../internal.js';
import type { SyntaxExtension } from '../types.js';
import { describeError, UsageError } from './errors.js';
import { isPlainObject } from './rules.js';

/** A `--config` path that names a JavaScript module rather than a JSON file. */
export const moduleConfigPattern = /\.(?:mjs|cjs|js)$/i;

/** What a config module gives: the settings it holds, and its syntax extensions. */
export interface ConfigModule {
  /** Its options, as a JSON config file would give them (`syntax`: the built-in dialects only). */
  options: Record<string, unknown>;
  /** Its syntax extensions (`{ name, micromark, fromMarkdown, toMarkdown, container }`). */
  extensions: SyntaxExtension[];
}

/**
 * Load a `--config` module: its default export is an object of options (those of a JSON config
 * file, where `syntax` may also list syntax extensions beside the names of the built-in dialects:
 * `syntax: ['auto', { name: 'wiki-link', micromark: … }]`), or the syntax itself (an extension or
 * a list); a named `syntax` export gives the syntax too. The extensions are checked by the
 * library when the splitter is made.
 *
 * @param path The module's absolute path.
 * @param name The path as given, for messages.
 * @returns Its options and extensions.
 * @throws {UsageError} When it cannot be loaded, or gives neither options nor a syntax.
 */
export async function loadConfigModule(path: string, name: string): Promise<ConfigModule> {
  let exports: Record<string, unknown>;
  try {
    exports = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(`cannot load --config ${name}: ${describeError(error)}`);
  }
  const given = exports.default;
  const asSyntax = Array.isArray(given) || (isPlainObject(given) && 'micromark' in given);
  const options: Record<string, unknown> = asSyntax
    ? { syntax: given }
    : isPlainObject(given)
      ? { ...given }
      : {};
  if (given !== undefined && !asSyntax && !isPlainObject(given)) {
    throw new UsageError(
      `${name}: the default export must be an object of options, a syntax extension or a list of them, not ${typeof given}`,
    );
  }
  if (exports.syntax !== undefined) {
    if (options.syntax !== undefined) {
      throw new UsageError(
        `${name}: give the syntax once (a named \`syntax\` export, or in the default export)`,
      );
    }
    options.syntax = exports.syntax;
  }
  if (given === undefined && exports.syntax === undefined) {
    throw new UsageError(
      `${name}: a config module exports its options as default, or its syntax as \`syntax\``,
    );
  }
  const found = splitSyntax(options, name);
  checkExtensions(found, name);
  return found;
}

/**
 * Check the extensions as the library will (a splitter cannot be made with a bad one), the
 * message naming the item of the module's `syntax`.
 */
function checkExtensions(found: ConfigModule & { at: number[] }, name: string): void {
  try {
    withExtensions(found.extensions);
  } catch (error) {
    if (!(error instanceof TypeError || error instanceof RangeError)) throw error;
    throw new UsageError(
      `${name}: ${error.message.replace(/`options\.syntax\[(\d+)\]/g, (_, index: string) => `\`syntax[${found.at[Number(index)]}]`)}`,
    );
  }
}

/** Take the syntax extensions out of the options' `syntax`, leaving the built-in dialects' names. */
function splitSyntax(
  options: Record<string, unknown>,
  name: string,
): ConfigModule & { at: number[] } {
  const syntax = options.syntax;
  if (syntax === undefined || typeof syntax === 'string')
    return { options, extensions: [], at: [] };
  const list: unknown[] = Array.isArray(syntax) ? syntax : [syntax];
  const names = list.filter((item) => typeof item === 'string');
  const extensions = list.filter((item) => typeof item !== 'string');
  // Where each extension is in the module's list, for messages.
  const at = list.flatMap((item, index) => (typeof item === 'string' ? [] : [index]));
  for (const [index, item] of extensions.entries()) {
    if (!isPlainObject(item)) {
      throw new UsageError(
        `${name}: \`syntax\` lists dialects by name and syntax extensions (objects), not ${describeItem(item)} (item ${index + 1})`,
      );
    }
  }
  const rest: Record<string, unknown> = { ...options };
  // The built-in dialects by name; none named: the command line's default (auto).
  if (names.length > 0) rest.syntax = names.length === 1 ? names[0] : names;
  else delete rest.syntax;
  return { options: rest, extensions: extensions as SyntaxExtension[], at };
}

function describeItem(item: unknown): string {
  if (Array.isArray(item)) return 'a list';
  if (typeof item === 'function') return 'a function';
  return String(item);
}

/**
 * The syntax extensions of a config module (what a worker thread loads again: functions do not
 * travel between threads).
 *
 * @param path The module's absolute path (`settings.extensions`).
 * @returns Its extensions.
 */
export async function loadExtensions(path: string): Promise<SyntaxExtension[]> {
  return (await loadConfigModule(path, path)).extensions;
}
