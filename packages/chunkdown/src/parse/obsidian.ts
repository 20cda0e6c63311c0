import type {
  Code,
  Construct,
  Effects,
  Extension,
  State,
  TokenizeContext,
} from 'micromark-util-types';
import { type AtomNode, atomNode } from './atom-node.js';
import type { DialectParser } from './dialect.js';
import { proseOutsideCode } from './source-text.js';

/**
 * The Obsidian dialect: wikilinks and embeds (`[[Page]]`, `[[Page#Heading|alias]]`, `![[file.png]]`)
 * and block ids (`^abc123` at the end of a line). A wikilink is an atom whose content is what a
 * reader sees (the alias, or the page name); a block id is markup that stays with its line.
 */

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    obsidianLink: 'obsidianLink';
    obsidianBlockId: 'obsidianBlockId';
  }
}

/** A wikilink or embed: `[[Page|alias]]`, `![[file.png]]`; `raw` is the link as written. */
export type ObsidianLink = AtomNode<'obsidianLink', 'raw'> & {
  /** What a reader sees: the alias, or the page (and heading) linked. */
  value: string;
  /** Whether it is an embed (`![[…]]`). */
  embed: boolean;
};

/** A block id at the end of a line: `^abc123`; `raw` is the id as written, with its caret. */
export type ObsidianBlockId = AtomNode<'obsidianBlockId', 'raw'> & {
  /** The id, without its caret. */
  id: string;
};

declare module 'mdast' {
  interface PhrasingContentMap {
    obsidianLink: ObsidianLink;
    obsidianBlockId: ObsidianBlockId;
  }
  interface RootContentMap {
    obsidianLink: ObsidianLink;
    obsidianBlockId: ObsidianBlockId;
  }
}

/** The longest wikilink read. */
const MAX_LINK = 1000;

const EXCLAMATION = 33;
const LEFT_BRACKET = 91;
const RIGHT_BRACKET = 93;
const CARET = 94;

/**
 * The Obsidian dialect's parser.
 *
 * @returns
 *   The parser.
 */
export function obsidianParser(): DialectParser {
  return {
    micromark: [obsidianSyntax()],
    mdast: [linkNode.fromMarkdown, blockIdNode.fromMarkdown],
    toMarkdown: [linkNode.toMarkdown, blockIdNode.toMarkdown],
    detect: (source) =>
      source.text.includes('[[') &&
      wikilink.test(source.text) &&
      wikilink.test(source.once(proseOutsideCode)),
  };
}

/** A wikilink on one line (`[[Page]]`, `![[a.png|200]]`), what detection looks for. */
const wikilink = /!?\[\[[^[\]\n]*[A-Za-z][^[\]\n]*\]\](?![([])/;

const linkConstruct: Construct = { name: 'obsidianLink', tokenize: tokenizeLink, add: 'before' };
const blockIdConstruct: Construct = {
  name: 'obsidianBlockId',
  tokenize: tokenizeBlockId,
  previous: (code) => code === null || code === 32 || code === 9 || code < 0,
};

/**
 * The micromark extension: wikilinks and embeds, and block ids, inside text.
 *
 * @returns
 *   The extension.
 */
export function obsidianSyntax(): Extension {
  return {
    text: {
      [LEFT_BRACKET]: linkConstruct,
      [EXCLAMATION]: linkConstruct,
      [CARET]: blockIdConstruct,
    },
  };
}

function tokenizeLink(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let size = 0;
  let content = false;
  return start;

  function start(code: Code): State | undefined {
    effects.enter('obsidianLink');
    if (code === EXCLAMATION) {
      effects.consume(code);
      return first;
    }
    return first(code);
  }

  function first(code: Code): State | undefined {
    if (code !== LEFT_BRACKET) return nok(code);
    effects.consume(code);
    return second;
  }

  function second(code: Code): State | undefined {
    if (code !== LEFT_BRACKET) return nok(code);
    effects.consume(code);
    return inside;
  }

  function inside(code: Code): State | undefined {
    if (code === null || code < 0 || code === LEFT_BRACKET || size++ > MAX_LINK) return nok(code);
    if (code === RIGHT_BRACKET) {
      if (!content) return nok(code);
      effects.consume(code);
      return closing;
    }
    if (code !== 32 && code !== 9) content = true;
    effects.consume(code);
    return inside;
  }

  function closing(code: Code): State | undefined {
    if (code !== RIGHT_BRACKET) return nok(code);
    effects.consume(code);
    return after;
  }

  // `[[1]](url)` and `[[a]][b]` are links (whose text is in brackets), not wikilinks.
  function after(code: Code): State | undefined {
    if (code === 40 || code === LEFT_BRACKET) return nok(code);
    effects.exit('obsidianLink');
    return ok(code);
  }
}

function tokenizeBlockId(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let size = 0;
  return start;

  function start(code: Code): State | undefined {
    effects.enter('obsidianBlockId');
    effects.consume(code);
    return id;
  }

  function id(code: Code): State | undefined {
    const word =
      code !== null &&
      ((code >= 48 && code <= 57) ||
        (code >= 65 && code <= 90) ||
        (code >= 97 && code <= 122) ||
        code === 45);
    if (word && size < 64) {
      size++;
      effects.consume(code);
      return id;
    }
    // Only at the end of its line.
    if (size === 0 || (code !== null && code >= 0 && code !== 32 && code !== 9)) return nok(code);
    return end(code);
  }

  function end(code: Code): State | undefined {
    effects.exit('obsidianBlockId');
    return ok(code);
  }
}

/** How a wikilink token becomes a node, and how the node is written: as it was. */
const linkNode = atomNode('obsidianLink', 'raw', (raw) => ({
  value: linkText(raw),
  embed: raw.startsWith('!'),
}));

/** How a block id token becomes a node, and how the node is written: as it was. */
const blockIdNode = atomNode('obsidianBlockId', 'raw', (raw) => ({ id: raw.slice(1) }));

/**
 * What a reader sees of a wikilink: its alias (`[[Page|alias]]`), else the page and heading
 * linked (`Page › Heading`), else the block's page; an embed of a file shows its name.
 *
 * @param raw
 *   The wikilink as written.
 * @returns
 *   Its text.
 */
export function linkText(raw: string): string {
  const inner = raw.slice(raw.startsWith('!') ? 3 : 2, -2);
  const bar = inner.indexOf('|');
  if (bar !== -1) {
    const alias = inner.slice(bar + 1).trim();
    // An embed's `|200` is a size, not an alias.
    if (alias && !/^\d+(x\d+)?$/.test(alias)) return alias;
  }
  const target = (bar === -1 ? inner : inner.slice(0, bar)).trim();
  const [page = '', ...rest] = target.split('#');
  const heading = rest.join('#').replace(/^\^.*/, '').trim();
  return heading ? `${page.trim()} › ${heading}` : page.trim() || heading;
}
