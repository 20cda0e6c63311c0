import type { Nodes, Parent, Root } from 'mdast';
import type { ChunkdownOptions, Container, Syntax, SyntaxExtension, SyntaxName } from '../types.js';
import { type ContainerSyntax, containerSyntax } from './containers.js';
import { type Dialect, type DialectParser, defineSyntax } from './dialect.js';

/**
 * The names a {@link SyntaxExtension} may not take: the built-in dialects' (a test keeps this list
 * in step with `chunkdown/syntax`) and the other kinds of containers chunks report.
 */
export const reservedNames: readonly string[] = Object.freeze([
  'mdx',
  'directive',
  'math',
  'mkdocs',
  'template',
  'docfx',
  'myst',
  'obsidian',
  'mdc',
  'admonition',
  'tab',
  'jsx',
  'alert',
]);

/** The `syntax` option's path of a value: `options.syntax`, `options.syntax[1]`, … */
type Path = string;

/**
 * Turn the syntax extensions of the `syntax` option into dialects that are always on, checked
 * up front (an error names the field: `options.syntax[1].micromark`); dialects of
 * `chunkdown/syntax` and anything else are left as they are for `resolveSyntax`.
 *
 * @param syntax
 *   The `syntax` option as given.
 * @returns
 *   The option with every extension made a dialect.
 * @throws {TypeError | RangeError}
 *   On an extension whose name, `micromark`, `fromMarkdown`, `toMarkdown` or `container` is not
 *   what it should be, or whose name another extension or a built-in dialect has.
 */
export function withExtensions(syntax: ChunkdownOptions['syntax']): ChunkdownOptions['syntax'] {
  const names = new Set<string>();
  const convert = (value: unknown, path: Path, depth: number): unknown => {
    if (Array.isArray(value) && depth < 2) {
      return value.map((item, index) => convert(item, `${path}[${index}]`, depth + 1));
    }
    if (!isExtensionLike(value)) return value;
    const made = extensionDialect(value, path);
    if (names.has(made.name)) {
      throw new RangeError(
        `Expected one syntax extension per name in \`options.syntax\`, but \`${path}.name\` repeats \`${JSON.stringify(made.name)}\``,
      );
    }
    names.add(made.name);
    return made;
  };
  return convert(syntax, 'options.syntax', 0) as ChunkdownOptions['syntax'];
}

/** Whether a value is an object that is no dialect of `chunkdown/syntax` (so an extension). */
function isExtensionLike(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const { when, parser } = value as { when?: unknown; parser?: unknown };
  return !(typeof when === 'string' && parser !== undefined);
}

/**
 * Check a syntax extension and make it a dialect that is always on.
 *
 * @param extension
 *   The extension as given.
 * @param path
 *   Where it is in the option, for messages.
 * @returns
 *   The dialect.
 */
export function extensionDialect(extension: Record<string, unknown>, path: Path): Syntax {
  const name = extensionName(extension.name, `${path}.name`);
  const micromark = extensionList(extension.micromark, `${path}.micromark`, micromarkShape, false);
  const mdast = extensionList(
    extension.fromMarkdown,
    `${path}.fromMarkdown`,
    fromMarkdownShape,
    true,
  );
  const toMarkdown =
    extension.toMarkdown === undefined
      ? []
      : extensionList(extension.toMarkdown, `${path}.toMarkdown`, toMarkdownShape, true);
  const container = extension.container;
  if (container !== undefined && typeof container !== 'function') {
    throw new TypeError(
      `Expected a function (node => boolean or { name, title, attributes }) for \`${path}.container\`, not ${describe(container)}`,
    );
  }
  const parser: DialectParser = {
    micromark: micromark as DialectParser['micromark'],
    mdast: mdast as DialectParser['mdast'],
    toMarkdown: toMarkdown as DialectParser['toMarkdown'],
    detect: () => true,
    verbatim: true,
    container: container
      ? (node) =>
          containerOf(node, container as NonNullable<SyntaxExtension['container']>, name, path)
      : undefined,
  };
  // A user extension's name is no `SyntaxName`: dialects carry it as a string from here on.
  return defineSyntax(name as SyntaxName, 'always', parser);
}

function extensionName(name: unknown, path: Path): string {
  if (typeof name !== 'string' || !/^[A-Za-z][\w-]*$/.test(name)) {
    throw new TypeError(
      `Expected a name (a letter, then letters, digits, \`-\` or \`_\`) for \`${path}\`, not ${describe(name)}`,
    );
  }
  if (reservedNames.includes(name)) {
    throw new RangeError(
      `Expected a name of its own for \`${path}\`, not \`${JSON.stringify(name)}\`: a built-in dialect or container kind has it (${reservedNames.map((each) => `\`${each}\``).join(', ')})`,
    );
  }
  return name;
}

/** The fields an extension of one kind may have, and what it is called in messages. */
interface Shape {
  what: string;
  fields: readonly string[];
  /** Fields that hold functions by key (a map of handlers). */
  handlerMaps: readonly string[];
}

const micromarkShape: Shape = {
  what: 'a micromark extension (an object of constructs by `document`, `flow`, `text`, …, as `micromark-extension-*` packages make)',
  fields: [
    'document',
    'contentInitial',
    'flowInitial',
    'flow',
    'string',
    'text',
    'insideSpan',
    'attentionMarkers',
    'disable',
  ],
  handlerMaps: [],
};
const fromMarkdownShape: Shape = {
  what: 'an `mdast-util-from-markdown` extension (an object of `enter`, `exit`, `transforms`, `canContainEols`, as `mdast-util-*` packages make)',
  fields: ['canContainEols', 'enter', 'exit', 'transforms'],
  handlerMaps: ['enter', 'exit'],
};
const toMarkdownShape: Shape = {
  what: 'an `mdast-util-to-markdown` extension (an object of `handlers`, `unsafe`, `join`, …, as `mdast-util-*` packages make)',
  fields: [
    'handlers',
    'unsafe',
    'join',
    'extensions',
    'bullet',
    'bulletOther',
    'bulletOrdered',
    'closeAtx',
    'emphasis',
    'fence',
    'fences',
    'incrementListMarker',
    'listItemIndent',
    'quote',
    'resourceLink',
    'rule',
    'ruleRepetition',
    'ruleSpaces',
    'setext',
    'strong',
    'tightDefinitions',
  ],
  handlerMaps: ['handlers'],
};

/** One extension or a list of them (empty only when `emptyOk`), checked; always a list. */
function extensionList(value: unknown, path: Path, shape: Shape, emptyOk: boolean): object[] {
  if (
    value === undefined ||
    value === null ||
    (Array.isArray(value) && value.length === 0 && !emptyOk)
  ) {
    throw new TypeError(
      `Expected ${shape.what}, or a list of them, for \`${path}\`, not ${describe(value)}`,
    );
  }
  const list: unknown[] = Array.isArray(value) ? value : [value];
  list.forEach((item, index) => {
    checkExtension(item, Array.isArray(value) ? `${path}[${index}]` : path, shape);
  });
  return list as object[];
}

function checkExtension(value: unknown, path: Path, shape: Shape): void {
  const expected = `Expected ${shape.what}, or a list of them, for \`${path}\``;
  if (typeof value === 'function') {
    throw new TypeError(
      `${expected}, not a function: call it (\`${path.slice(path.lastIndexOf('.') + 1).replace(/\[\d+\]$/, '')}: ${value.name || 'extension'}()\`)`,
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(`${expected}, not ${describe(value)}`);
  }
  const keys = Object.keys(value);
  const unknown = keys.find((key) => !shape.fields.includes(key));
  if (unknown !== undefined || keys.length === 0) {
    throw new TypeError(
      `${expected}, not an object with ${unknown === undefined ? 'no fields' : `\`${unknown}\``}`,
    );
  }
  for (const field of shape.handlerMaps) {
    const map = (value as Record<string, unknown>)[field];
    if (map === undefined) continue;
    const bad =
      map === null || typeof map !== 'object'
        ? field
        : Object.keys(map).find(
            (key) => typeof (map as Record<string, unknown>)[key] !== 'function',
          );
    if (bad !== undefined) {
      throw new TypeError(
        `${expected}: \`${path}.${field}${bad === field ? '' : `.${bad}`}\` must be ${bad === field ? 'an object of functions by token or node type' : 'a function'}`,
      );
    }
  }
}

/** What the extension's `container` says of a node: the container it is, or none. */
function containerOf(
  node: Nodes,
  container: NonNullable<SyntaxExtension['container']>,
  kind: string,
  path: Path,
): Container | undefined {
  const said = container(node);
  if (!said) return undefined;
  const fallback = 'name' in node && typeof node.name === 'string' ? node.name : node.type;
  if (typeof said !== 'object') return { kind, name: fallback };
  const { name, title, attributes } = said as Partial<Container>;
  const strings =
    attributes === undefined ||
    (attributes !== null &&
      typeof attributes === 'object' &&
      Object.values(attributes).every((each) => typeof each === 'string'));
  if (
    (name !== undefined && typeof name !== 'string') ||
    (title !== undefined && typeof title !== 'string') ||
    !strings
  ) {
    throw new TypeError(
      `Expected \`${path}.container\` to return true, false or { name?: string, title?: string, attributes?: Record<string, string> } for a \`${node.type}\` node, not ${describe(said)}`,
    );
  }
  const found: Container = { kind, name: name ?? fallback };
  if (title) found.title = title;
  if (attributes && Object.keys(attributes).length > 0) found.attributes = { ...attributes };
  return found;
}

/**
 * The node types CommonMark, GFM, front matter and the built-in dialects make: an extension's
 * `container` is asked about the others only (those its extensions make), so that it never turns
 * a list or a block quote into a container of its own.
 */
const builtinTypes: ReadonlySet<string> = new Set([
  'root',
  'paragraph',
  'heading',
  'thematicBreak',
  'blockquote',
  'list',
  'listItem',
  'html',
  'code',
  'definition',
  'footnoteDefinition',
  'table',
  'tableRow',
  'tableCell',
  'yaml',
  'toml',
  'math',
  'containerDirective',
  'leafDirective',
  'mdxJsxFlowElement',
  'mdxFlowExpression',
  'mdxjsEsm',
]);

/** Nodes whose children are phrasing content (or table rows): no container is in one. */
const phrasingParents: ReadonlySet<string> = new Set([
  'paragraph',
  'heading',
  'table',
  'tableRow',
  'tableCell',
]);

/**
 * Give the containers of the syntax extensions their container syntax (`data.chunkdownContainer`,
 * as the built-in dialects' containers have it): the opening line as written, the closing line
 * (none when the source has none), the blocks between them. A node whose `container` says it is
 * one but whose opener or closer shares a line with its blocks, or whose blocks' lines are
 * prefixed with more than spaces, stays a block kept whole. Changes `tree` (the parse's own).
 *
 * @param tree
 *   The parsed tree.
 * @param markdown
 *   The text its positions point into.
 * @param dialects
 *   The dialects it was read with (those with a `container` are asked).
 */
export function annotateExtensionContainers(
  tree: Root,
  markdown: string,
  dialects: readonly Dialect[],
): void {
  const asked = dialects.flatMap((dialect) =>
    dialect.parser.container ? [dialect.parser.container] : [],
  );
  if (asked.length === 0) return;
  const visit = (node: Nodes) => {
    if (!('children' in node) || phrasingParents.has(node.type)) return;
    if (!builtinTypes.has(node.type) && !containerSyntax(node)) {
      for (const container of asked) {
        const found = container(node);
        const syntax = found && extensionSyntax(node, markdown, found);
        if (syntax) {
          node.data = { ...node.data, chunkdownContainer: syntax } as never;
          break;
        }
      }
    }
    for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
}

/**
 * How a container of a syntax extension is written, read off the source: its opening line, the
 * closing line after its last block (or none), blank lines between them and the blocks, and how
 * much further in than the opener its blocks start. `undefined` when that cannot be repeated
 * around a piece (see {@link annotateExtensionContainers}).
 */
function extensionSyntax(
  node: Parent,
  markdown: string,
  container: Container,
): ContainerSyntax | undefined {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  const from = node.children[0]?.position?.start.offset;
  const to = node.children[node.children.length - 1]?.position?.end.offset;
  if (start === undefined || end === undefined || from === undefined || to === undefined)
    return undefined;
  const openEnd = lineEndAt(markdown, start);
  const bodyLine = lineStartAt(markdown, from);
  const prefix = markdown.slice(bodyLine, from);
  // The opener alone on its line, the blocks starting on a later one, indented by spaces only.
  if (openEnd >= bodyLine || !/^ *$/.test(prefix)) return undefined;
  const opener = markdown.slice(start, openEnd).trimEnd();
  if (markdown.slice(openEnd, bodyLine).trim() !== '') return undefined;
  const startColumn = start - lineStartAt(markdown, start);
  const deeper = prefix.length - startColumn;
  const lastLineEnd = lineEndAt(markdown, to);
  let closer = '';
  if (end > lastLineEnd) {
    const closeLine = lineStartAt(markdown, end);
    closer = markdown.slice(closeLine, end).trim();
    if (closer === '' || closeLine <= lastLineEnd) return undefined;
    if (markdown.slice(to, closeLine).trim() !== '') return undefined;
  } else if (markdown.slice(to, end).trim() !== '') {
    return undefined;
  }
  const blank = (a: number, b: number) => /\n[ \t]*\r?\n/.test(markdown.slice(a, b));
  const syntax: ContainerSyntax = {
    container,
    opener,
    closer,
    indent: deeper > 0 ? ' '.repeat(deeper) : '',
    separator: blank(openEnd, from) ? '\n\n' : '\n',
    closeSeparator: closer && blank(to, lineStartAt(markdown, end)) ? '\n\n' : '\n',
  };
  if (!closer) syntax.unclosed = true;
  return syntax;
}

/** The start of the line `offset` is on. */
function lineStartAt(text: string, offset: number): number {
  let at = offset;
  while (at > 0 && text.charCodeAt(at - 1) !== 10 && text.charCodeAt(at - 1) !== 13) at--;
  return at;
}

/** The end of the line `offset` is on (before its line ending). */
function lineEndAt(text: string, offset: number): number {
  let at = offset;
  while (at < text.length && text.charCodeAt(at) !== 10 && text.charCodeAt(at) !== 13) at++;
  return at;
}

/** Describe a value for an error message. */
function describe(value: unknown): string {
  if (typeof value === 'string') return `\`${JSON.stringify(value)}\``;
  if (typeof value === 'number' || typeof value === 'boolean' || value == null)
    return `\`${String(value)}\``;
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return 'an array';
  try {
    return `\`${JSON.stringify(value)}\``;
  } catch {
    return 'an object';
  }
}
