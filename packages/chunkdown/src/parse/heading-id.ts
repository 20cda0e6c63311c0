import type { Code, Effects, Extension, State, TokenizeContext } from 'micromark-util-types';
import { type AtomNode, atomNode } from './atom-node.js';

/**
 * Heading ids as Docusaurus writes them in MDX (`## Install {#install}`), read as atoms.
 * Docusaurus takes them out before MDX reads the page; to MDX they are expressions that do not
 * parse (`#install` is no JavaScript), so every block with one was read without MDX, with a
 * diagnostic. `{#…}` with no space or brace inside is never an expression, so anywhere in text
 * it becomes one `mdxHeadingId` node that holds it as written: never cut, never escaped, and of
 * no content size (a reader sees no id).
 */

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    mdxHeadingId: 'mdxHeadingId';
  }
}

/** A heading id in MDX: `{#install}`; `raw` is the id as written, braces included. */
export type MdxHeadingId = AtomNode<'mdxHeadingId', 'raw'>;

declare module 'mdast' {
  interface PhrasingContentMap {
    mdxHeadingId: MdxHeadingId;
  }
  interface RootContentMap {
    mdxHeadingId: MdxHeadingId;
  }
}

const LEFT_BRACE = 123;
const RIGHT_BRACE = 125;
const NUMBER_SIGN = 35;
/** The longest id read. */
const MAX_ID = 200;

/**
 * The micromark extension: a text construct at `{`, before MDX's expressions.
 *
 * @returns
 *   The extension.
 */
export function headingIdSyntax(): Extension {
  return {
    text: {
      [LEFT_BRACE]: { name: 'mdxHeadingId', tokenize: tokenizeHeadingId, add: 'before' },
    },
  };
}

function tokenizeHeadingId(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let size = 0;
  return start;

  function start(code: Code): State | undefined {
    effects.enter('mdxHeadingId');
    effects.consume(code);
    return hash;
  }

  function hash(code: Code): State | undefined {
    if (code !== NUMBER_SIGN) return nok(code);
    effects.consume(code);
    return id;
  }

  function id(code: Code): State | undefined {
    if (code === RIGHT_BRACE && size > 0) {
      effects.consume(code);
      effects.exit('mdxHeadingId');
      return ok;
    }
    // (Spaces, line endings and the end: negative codes or below `!`.)
    if (code === null || code < 33 || code === LEFT_BRACE || code === RIGHT_BRACE || size >= MAX_ID)
      return nok(code);
    size++;
    effects.consume(code);
    return id;
  }
}

/** How an `mdxHeadingId` token becomes a node, and how the node is written: as it was. */
export const headingIdNode = atomNode('mdxHeadingId', 'raw');
