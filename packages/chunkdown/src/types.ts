import type {
  Blockquote,
  Code,
  Delete,
  Emphasis,
  FootnoteDefinition,
  Heading,
  Html,
  Image,
  ImageReference,
  InlineCode,
  Link,
  LinkReference,
  List,
  Nodes,
  Parent,
  Root,
  Strong,
  Table,
} from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Math as DisplayMath } from 'mdast-util-math';
import type { MdxJsxFlowElement } from 'mdast-util-mdx';

/**
 * How a node may be split when it is larger than the chunk limit.
 *
 * - `'never-split'`: keep the node whole, even when it overflows the limit;
 * - `'allow-split'`: split it into its smaller units when it does not fit;
 * - `{ rule: 'size-split', size }`: keep it whole while its content size is at most `size`.
 */
export type SplitRule =
  | 'never-split'
  | 'allow-split'
  | { rule: 'never-split' }
  | { rule: 'allow-split' }
  | { rule: 'size-split'; size: number };

/**
 * How reference-style links and images are written in chunks.
 *
 * - `'inline'`: `[a][b]` becomes `[a](url)` and definitions are dropped;
 * - `'preserve'`: references stay as written, and every chunk that uses a definition carries it.
 */
export type ReferenceStyle = 'inline' | 'preserve';

/** What a transform receives beside the node: where the node sits in the parsed tree. */
export interface TransformContext {
  /** Parent of the node in the parsed tree (`undefined` for the root). */
  parent: Parent | undefined;
  /** Index of the node in `parent.children` (`undefined` for the root). */
  index: number | undefined;
  /** Root of the parsed tree. */
  root: Root;
}

/**
 * Replace (return a node), remove (return `null`) or keep (return `undefined`) a node before
 * splitting. Runs once over the parsed tree. `T` is the node type the rule key receives
 * (`image` → `Image | ImageReference`, `code` → `Code`, …; see {@link NodeRules}).
 */
// Written as a method and looked up, so that a transform of one node type is still a
// `NodeTransform` of all nodes (method parameters are bivariant): the rules record holds one per key.
export type NodeTransform<T extends Nodes = Nodes> = {
  transform(node: T, context: TransformContext): Nodes | null | undefined;
}['transform'];

/**
 * Rule for one node type: `T` is the node its transform receives (`never` for the `word` rule:
 * words are not nodes, and `chunkdown` refuses a transform there).
 */
export interface NodeRule<T extends Nodes = Nodes> {
  /** When the node may be split. */
  split?: SplitRule | undefined;
  /** Reference style (links and images only). */
  style?: ReferenceStyle | undefined;
  /** Transform applied once before splitting. */
  transform?: NodeTransform<T> | undefined;
}

/**
 * Rules keyed by node type. Given rules are merged over {@link defaultNodeRules} key by key.
 * Each key's transform receives the nodes that key governs.
 */
export interface NodeRules {
  /**
   * Links. The transform receives a `Link`, or a `LinkReference` where references are kept
   * (`style: 'preserve'`; with the default `'inline'` style every reference has become a link).
   */
  link?: NodeRule<Link | LinkReference> | undefined;
  /**
   * Images. The transform receives an `Image`, or an `ImageReference` where references are kept
   * (`style: 'preserve'`; with the default `'inline'` style every reference has become an image).
   */
  image?: NodeRule<Image | ImageReference> | undefined;
  inlineCode?: NodeRule<InlineCode> | undefined;
  code?: NodeRule<Code> | undefined;
  strong?: NodeRule<Strong> | undefined;
  emphasis?: NodeRule<Emphasis> | undefined;
  delete?: NodeRule<Delete> | undefined;
  /** Fallback for `strong`, `emphasis` and `delete` (field by field, when theirs is not given). */
  formatting?: NodeRule<Strong | Emphasis | Delete> | undefined;
  list?: NodeRule<List> | undefined;
  table?: NodeRule<Table> | undefined;
  blockquote?: NodeRule<Blockquote> | undefined;
  heading?: NodeRule<Heading> | undefined;
  /**
   * Raw HTML blocks (also MDX/JSX components, comments): by default split only where every piece
   * re-parses as HTML; `'never-split'` keeps them whole. The transform receives an `Html`.
   */
  html?: NodeRule<Html> | undefined;
  /**
   * Docs-dialect containers (`chunkdown/syntax`): directives (`:::note[Title]`, `::: tip`),
   * MkDocs admonitions and tabs (`!!! note`, `=== "Tab"`), MDX components with content
   * (`<Tabs>`, `<TabItem value="npm">`). By default split at their children when they do not fit,
   * each piece reopened with the container's opener and closed with its closer. `names` overrides
   * the rule for containers of one name (`{ danger: { split: 'never-split' } }`).
   */
  container?: ContainerRule | undefined;
  /**
   * Display math (`$$ … $$`, `chunkdown/syntax`'s `math()`): atomic like a word by default (only
   * `maxRawSize` cuts it, at its `\\` line ends); `'allow-split'` lets it split there.
   */
  math?: NodeRule<DisplayMath> | undefined;
  /**
   * Footnotes. `style: 'carry'` (the default): a chunk that cites `[^x]` and does not hold its
   * definition ends with a copy of it (counted in `rawSize`, not in `contentSize`; a definition
   * larger than the chunk size, or than a quarter of `maxRawSize`, is carried as its first
   * sentence, see {@link CarriedFootnote}); `'preserve'` leaves the citation alone. `split` and the
   * transform apply to footnote definitions (split at their blocks by default).
   */
  footnote?: FootnoteRule | undefined;
  /**
   * Words: `'never-split'` keeps every word whole; `'allow-split'` lets a too-long word split.
   * Words are not nodes: a transform here is refused (`RangeError`).
   */
  word?: NodeRule<never> | undefined;
}

/** What a chunk does with the footnotes it cites: carry their definitions, or leave them. */
export type FootnoteStyle = 'carry' | 'preserve';

/** The rule of footnotes (see {@link NodeRules.footnote}). */
export interface FootnoteRule extends Omit<NodeRule<FootnoteDefinition>, 'style'> {
  /** `'carry'` (default) or `'preserve'`. */
  style?: FootnoteStyle | undefined;
}

/** A footnote definition a chunk ends with because it cites the footnote (`rules.footnote`). */
export interface CarriedFootnote {
  /** The footnote's label, as its definition writes it (`1` for `[^1]`). */
  label: string;
  /**
   * `true` when the definition was larger than the chunk size (or a quarter of `maxRawSize`):
   * the chunk carries its first sentence only, cut at a word and ended with `…` if that is still
   * larger.
   */
  truncated: boolean;
}

/** A container node of a docs dialect: a directive (also MkDocs admonitions and tabs) or a JSX element. */
export type ContainerNode = ContainerDirective | MdxJsxFlowElement;

/** The rule of docs-dialect containers, with overrides by container name. */
export interface ContainerRule extends NodeRule<ContainerNode> {
  /** Rules for the containers of one name (`note`, `danger`, `TabItem`), over this one. */
  names?: Record<string, NodeRule<ContainerNode>> | undefined;
}

/** A docs dialect chunkdown can parse beyond CommonMark + GFM. */
export type SyntaxName =
  | 'directive'
  | 'math'
  | 'mdx'
  | 'mkdocs'
  | 'template'
  | 'obsidian'
  | 'myst'
  | 'docfx'
  | 'mdc';

/**
 * A docs dialect to parse, made by `chunkdown/syntax`: `directive()`, `math()`, `mdx()`,
 * `mkdocs()`, each on for every document, or (`auto()`, or `{ when: 'detected' }`) only for the
 * documents that show it. Pass it (or a list) as the `syntax` option.
 */
export interface Syntax {
  /** The dialect. */
  readonly name: SyntaxName;
  /** Whether it is on for every document, or only where the document shows it. */
  readonly when: 'always' | 'detected';
  /** How chunkdown parses it (internal: made by `chunkdown/syntax`). */
  readonly parser: unknown;
}

/**
 * A syntax of your own, the unified way: the extensions a `micromark-extension-*` package and its
 * `mdast-util-*` package export (each field takes one extension or a list), under a name. Pass it
 * in the `syntax` option beside the dialects (`[auto(), { name: 'wiki-link', micromark:
 * wikiLink(), fromMarkdown: wikiLinkFromMarkdown(), toMarkdown: wikiLinkToMarkdown() }]`); it is
 * always on. The nodes it makes are never cut: those it marks as containers split at their
 * children like directive containers (the opener repeated, the closer added, in `containers`);
 * any other is kept whole (inline, or as a block) and written as the source wrote it.
 *
 * The extension fields are typed as objects, so that packages typed against older versions of
 * micromark and mdast fit; they are checked when the splitter is made.
 */
export interface SyntaxExtension {
  /** What it is called (`wiki-link`): a letter, then letters, digits, `-` or `_`; not a dialect's name. */
  readonly name: string;
  /** The micromark syntax extension(s) that read it (micromark's `Extension`). */
  readonly micromark: object | readonly object[];
  /**
   * The `mdast-util-from-markdown` extension(s) that turn its tokens into nodes (`[]` when it
   * makes no tokens of its own: the text of tokens no extension turns into nodes is lost).
   */
  readonly fromMarkdown: object | readonly object[];
  /**
   * The `mdast-util-to-markdown` extension(s) (`Options`) that write its nodes: used for a node
   * the source did not write (chunks write the others as the source wrote them).
   */
  readonly toMarkdown?: object | readonly object[] | undefined;
  /**
   * Which of its nodes are containers (hold blocks that may go to different chunks): truthy for
   * one (named by its `name` field, else its type), or what the chunks in it report.
   */
  readonly container?:
    | ((node: Nodes) => boolean | Omit<Container, 'kind'> | null | undefined)
    | undefined;
}

/**
 * A docs-dialect container a chunk sits in (SPEC §3 `containers`): a directive (`:::note`,
 * `::: tip`), an MkDocs admonition (`!!! note`) or content tab (`=== "Tab"`), a JSX element with
 * content (`<TabItem value="npm">`), a GitHub alert / Obsidian callout (`> [!NOTE]`), or a paired
 * template block (`{% hint style="info" %}`, `{{< note >}}`), a MyST directive whose body is markdown
 * (`:::{note}`, ```` ```{tab-item} Python ````: its argument is the title, its options the attributes),
 * or a DocFX zone, moniker, row, column, complex image or tab (`::: zone pivot="x"`,
 * `# [Bash](#tab/bash)`).
 */
export interface Container {
  /** What made it (for a container of a {@link SyntaxExtension}: the extension's name). */
  kind:
    | 'directive'
    | 'admonition'
    | 'tab'
    | 'jsx'
    | 'alert'
    | 'template'
    | 'myst'
    | 'docfx'
    | 'mdc'
    | (string & {});
  /** Its name: `note`, `tip`, `TabItem`, `NOTE` (as written, lower-cased for directives, admonitions and alerts). */
  name: string;
  /** Its title, when it has one (`:::note[Before you start]`, `!!! tip "Title"`, a tab's label). */
  title?: string;
  /** Its attributes, when it has any (`{ value: 'npm' }`). */
  attributes?: Record<string, string>;
}

/** Something the split reports about how it read the document. */
export interface Diagnostic {
  /** The dialect it concerns. */
  syntax: SyntaxName;
  /** Line (1-based) where it happened. */
  line: number;
  /** Column (1-based) where it happened. */
  column: number;
  /**
   * What happened, on one line: for MDX that does not parse, the parser's reason, after which the
   * block that holds it (`lines`) was read without MDX (as CommonMark, with the other dialects);
   * the rest of the document keeps MDX.
   */
  reason: string;
  /** The first and last line (1-based) read without the dialect. */
  lines?: [number, number];
}

/** Measures text in the size unit (characters by default, tokens when a tokenizer is plugged in). */
export type LengthFunction = (text: string) => number;

/**
 * A size unit that knows what a model adds to every chunk it embeds: a prefix (`passage: `) and
 * the special tokens of its post-processor (`[CLS]` … `[SEP]`). `fromTokenizerJson` of
 * `chunkdown/tokenizers` makes one; any function with these two fields is one.
 *
 * Called as a function, it counts a text alone: content sizes (`chunkSize`, `overlap`,
 * `minChunkSize`, `contentSize`) are text tokens only. `rawSize` is `modelLength(text)`, and
 * `maxRawSize` bounds `modelLength` of every chunk's `text` (of its `embedText` with `context`):
 * what the model sees, prefix and special tokens included, counted once per chunk.
 */
export interface ModelLengthFunction extends LengthFunction {
  /**
   * Size of a chunk as the model sees it: the prefix and the text measured together (a prefix
   * that ends in a space may merge with the first word), plus the special tokens.
   */
  readonly modelLength: LengthFunction;
  /**
   * What the model adds to every chunk, in the size unit: the prefix alone plus the special
   * tokens. The splitter plans chunks within `maxRawSize − reserve`, then checks each with
   * `modelLength`. An integer ≥ 0, smaller than `maxRawSize`.
   */
  readonly reserve: number;
}

/** Options of {@link chunkdown}. */
export interface ChunkdownOptions {
  /** Target content size of a chunk, in the size unit. Required; finite, > 0. */
  chunkSize: number;
  /** A chunk may grow to `chunkSize × maxOverflowRatio` to keep a unit whole. Default 1; ≥ 1. */
  maxOverflowRatio?: number | undefined;
  /** Hard cap on the serialized markdown of every chunk, in the size unit. Integer > 0. */
  maxRawSize?: number | undefined;
  /** Per-node-type rules, merged over {@link defaultNodeRules}. */
  rules?: NodeRules | undefined;
  /**
   * The size unit. Default: `text => text.length`. A {@link ModelLengthFunction} (from
   * `fromTokenizerJson`) also counts the prefix and special tokens the model adds, once per chunk,
   * in `rawSize` and `maxRawSize`.
   */
  lengthFunction?: LengthFunction | ModelLengthFunction | undefined;
  /**
   * Content repeated from the end of the previous chunk at the start of a chunk that continues
   * its section, up to this much in the size unit: cut at the strongest boundary that fits
   * (block, item, line, sentence, clause, phrase, word), never inside a word or a link, never
   * across a section boundary; list items, quotes, code lines and table rows keep their markup.
   * It comes on top of the chunk's own content and counts in `maxRawSize`. Default 0.
   */
  overlap?: number | undefined;
  /** Chunks smaller than this are merged into a neighbour when the merge fits. Default 0. */
  minChunkSize?: number | undefined;
  /**
   * Give every chunk an `embedText`: a one-line header (the document's title › the chunk's
   * breadcrumbs), a blank line, then `text`; the text to embed. `maxRawSize` then holds for
   * `embedText`. Default `false`.
   */
  context?: boolean | undefined;
  /**
   * Docs dialects to parse beyond CommonMark + GFM, from `chunkdown/syntax` (`[directive(),
   * math()]`, `auto()`), and syntax extensions of your own ({@link SyntaxExtension}). Default:
   * none (the tree `remark-parse` + `remark-gfm` build).
   */
  syntax?:
    | Syntax
    | SyntaxExtension
    | readonly (Syntax | SyntaxExtension | readonly (Syntax | SyntaxExtension)[])[]
    | undefined;
  /**
   * Section parents (embed the chunk, return its parent): every chunk gets a `parentId`, and the
   * result a `parents` list. A chunk's parent is the largest section around it (heading included)
   * whose content is at most `maxSize` (the most to read within the budget); where even the
   * chunk's own section is larger, the run of chunks
   * around it up to `maxSize`, cut where the splitter would cut. Default: none.
   */
  parents?: ParentsOptions | false | undefined;
}

/** The `parents` option of {@link ChunkdownOptions}. */
export interface ParentsOptions {
  /**
   * Largest content size of a parent, in the size unit; a finite number ≥ `chunkSize`. A parent
   * exceeds it only when one of its chunks alone does. `maxRawSize` does not apply to parents:
   * they are returned to a reader, not embedded.
   */
  maxSize: number;
}

/**
 * A section parent (option `parents`): the whole section a chunk belongs to, to return to a reader
 * when the chunk is retrieved. A parent is a run of whole, consecutive chunks; every chunk belongs
 * to exactly one parent (its `parentId`).
 */
export interface ChunkParent {
  /**
   * Stable id: 16 hex digits of the SHA-256 of `JSON.stringify(['parent', breadcrumbs.map((c) =>
   * [c.depth, c.text]), text])` (UTF-8); the n-th repeat of an identical parent in one document
   * gets `-n` appended (n ≥ 2). Never equal to a chunk id.
   */
  id: string;
  /** Its chunks' `text`s in order, joined by a blank line: each piece valid markdown on its own. */
  text: string;
  /** Ancestor headings of the parent's content that are not in its own text (those of its first chunk). */
  breadcrumbs: Breadcrumb[];
  /** Offset (UTF-16) in the input where its first chunk's source starts. */
  start: number;
  /** Offset (UTF-16) in the input where its last chunk's source ends (exclusive). */
  end: number;
  /** The sum of its chunks' `contentSize`. */
  contentSize: number;
}

/** An ancestor heading of a chunk's content. */
export interface Breadcrumb {
  /** Rendered text of the heading. */
  text: string;
  /** Heading rank, 1–6. */
  depth: number;
}

/**
 * Why a chunk is larger than `chunkSize × maxOverflowRatio`:
 * - `'never-split'`: a node whose rule keeps it whole (`nodeType` says which);
 * - `'word'`: a single word longer than the limit (and the `word` rule keeps words whole);
 * - `'heading'`: headings kept with the start of their content pushed it over;
 * - `'overlap'`: the carried overlap pushed it over;
 * - `'estimate'`: per-node size estimates (non-additive size units such as tokens) undercounted.
 */
export type OverflowReason = 'never-split' | 'word' | 'heading' | 'overlap' | 'estimate';

/** Why a chunk overflows the limit. */
export interface Overflow {
  reason: OverflowReason;
  /** The mdast type of the node kept whole (`'text'` for a word). */
  nodeType: string;
  /** Content size of that node, in the size unit. */
  size: number;
}

/** A chunk with what a retrieval pipeline needs to store, cite and highlight it. */
export interface Chunk {
  /**
   * Stable id: 16 hex digits of the SHA-256 of the heading path and the embedded text
   * (`JSON.stringify([breadcrumbs.map((c) => [c.depth, c.text]), embedText ?? text])`, UTF-8).
   * The same chunk under the same headings has the same id in every run, on every machine, so a
   * re-ingest embeds only chunks whose id is new. The n-th repeat of an identical chunk in one
   * document gets `-n` appended (n ≥ 2).
   */
  id: string;
  /** Normalized markdown of the chunk (exactly what `splitText` returns). */
  text: string;
  /**
   * With `context: true` only: the text to embed, the chunk's header (the document's title ›
   * its breadcrumbs, on one line), a blank line, then `text`; just `text` when there is no
   * header. Within `maxRawSize` when the cap is set.
   */
  embedText?: string;
  /** Ancestor headings of the chunk's content that are not in its own text, outermost first. */
  breadcrumbs: Breadcrumb[];
  /** Offset (UTF-16) in the input where the chunk's source starts. */
  start: number;
  /** Offset (UTF-16) in the input where the chunk's source ends (exclusive). */
  end: number;
  /**
   * Content size: the rendered text (what a reader sees: no URLs or markup), repeated table
   * header rows, carried container context and the `context` header excluded, in the size unit.
   */
  contentSize: number;
  /**
   * Size of `text` (the serialized markdown, markup included), in the size unit; with a
   * {@link ModelLengthFunction}, as the model sees it: with the prefix and the special tokens.
   * `embedText` is not counted: with `context`, `maxRawSize` bounds the size of `embedText`,
   * which is larger.
   */
  rawSize: number;
  /** Column headers of the tables in the chunk, in order, without repeats. */
  tableHeaders: string[];
  /** The docs-dialect containers the chunk sits in, outermost first (none: `[]`). */
  containers: Container[];
  /** Why the chunk is larger than the limit, or `null` when it is not. */
  overflow: Overflow | null;
  /**
   * Whether `maxRawSize` cut this chunk out of something: a construct that alone exceeded the cap
   * (cut as text), or a word that could not fit with the markup around it (cut between graphemes).
   */
  cut: boolean;
  /** Set when the document could not be parsed structurally and was split as plain text. */
  fallback: 'plain-text' | null;
  /** With the `parents` option only: the id of the chunk's {@link ChunkParent}. */
  parentId?: string;
  /**
   * The footnote definitions the chunk ends with because it cites them (`rules.footnote`,
   * `'carry'`), in order; absent when it carries none.
   */
  footnotes?: CarriedFootnote[];
}

/**
 * Front matter found at the top of a document: YAML between `---` lines, or TOML between `+++`
 * lines. It is never chunk text. When it parses, `data` holds the mapping; when it does not (a
 * Hugo or Jekyll template such as `title: {{ .Title }}`, an unterminated string), `data` is
 * absent and `error` says why.
 */
export type Frontmatter = ParsedFrontmatter | UnparsedFrontmatter;

/** Front matter that parsed to a mapping. */
export interface ParsedFrontmatter {
  /** `'yaml'` for `---` fences, `'toml'` for `+++` fences. */
  format: 'yaml' | 'toml';
  /** The text between the fences. */
  raw: string;
  /** The mapping it holds. */
  data: Record<string, unknown>;
  error?: undefined;
}

/** Front matter that did not parse: still front matter, never chunk text. */
export interface UnparsedFrontmatter {
  /** `'yaml'` for `---` fences, `'toml'` for `+++` fences. */
  format: 'yaml' | 'toml';
  /** The text between the fences. */
  raw: string;
  data?: undefined;
  /** Why it did not parse, on one line (`Missing closing "quote at line 1, column 8`). */
  error: string;
}

/** Result of {@link Chunkdown.split}. */
export interface SplitResult {
  chunks: Chunk[];
  frontmatter: Frontmatter | undefined;
  /**
   * What kind of document it is: `'record-list'` when most of it is a list of records (releases
   * of a changelog, entries of an API reference, FAQ or ticket exports, items of an awesome list),
   * whose split pieces then share chunks with no other record; else `'prose'`.
   */
  kind: DocumentKind;
  /**
   * The dialects the document was read with, and the {@link SyntaxExtension}s by name (with the
   * `syntax` option only).
   */
  syntax?: string[];
  /** What the split reports about reading the document (MDX that did not parse), when anything. */
  diagnostics?: Diagnostic[];
  /** With the `parents` option only: the chunks' parents, in document order. */
  parents?: ChunkParent[];
}

/**
 * What changed between two results of one splitter, by chunk id: exactly the difference of their
 * id sets (see {@link Chunkdown.update}).
 */
export interface ChangeSet {
  /** The chunks whose id the earlier result does not have, in document order: embed these. */
  added: Chunk[];
  /** The ids of the earlier result that are gone, in its order: delete these. */
  removed: string[];
  /** The ids both results have, in document order: their embeddings stay. */
  kept: string[];
  /** With the `parents` option only: the same difference for the parents' ids. */
  parents?: ParentChangeSet;
}

/** What changed between the parents of two results, by parent id (option `parents`). */
export interface ParentChangeSet {
  /** The parents whose id the earlier result does not have, in document order: store these. */
  added: ChunkParent[];
  /** The parent ids of the earlier result that are gone, in its order: delete these. */
  removed: string[];
  /** The parent ids both results have, in document order. */
  kept: string[];
  /**
   * The kept chunks (in `kept` of the chunks' change set) whose `parentId` is not what it was,
   * in document order: their embeddings stay, the parent id stored with them changes. Without
   * this, a kept chunk could point at a parent in `removed`.
   */
  reparented: Array<{ id: string; parentId: string }>;
}

/** The result of {@link Chunkdown.update}: what `split` returns, and what changed. */
export interface UpdateResult extends SplitResult {
  changes: ChangeSet;
}

/** What kind of document a split found (see {@link SplitResult.kind}). */
export type DocumentKind = 'record-list' | 'prose';

/** A configured splitter. */
export interface Chunkdown {
  /** Split markdown into chunk texts. */
  splitText(text: string): string[];
  /** Split markdown into chunks with metadata, and return the front matter beside them. */
  split(text: string): SplitResult;
  /**
   * Split an edited document, reusing what an earlier split of this splitter did where the
   * document did not change, and say what changed. The result is what `split(text)` returns,
   * with `changes` beside it.
   *
   * @param previous
   *   An earlier result of this splitter's `split` or `update` (any result with chunk ids works;
   *   one this splitter made recently is reused).
   * @param text
   *   The document as it is now.
   * @returns
   *   The new result and its change set against `previous`.
   * @throws {TypeError}
   *   When `previous` is no result or `text` no string.
   */
  update(previous: SplitResult, text: string): UpdateResult;
  /** The target content size. */
  readonly chunkSize: number;
  /** The overflow ratio. */
  readonly maxOverflowRatio: number;
  /** The raw size cap, if any. */
  readonly maxRawSize: number | undefined;
}
