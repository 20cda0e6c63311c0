import type { Code, Effects, Extension, State, TokenizeContext } from 'micromark-util-types';
import { type AtomNode, atomNode } from './atom-node.js';

/**
 * MDC's inline components, read as atoms: a colon, a name, then a label and attributes, in either
 * order, at least one of them (`:badge[v4.3]`, `:read-more{to="/docs/api"}`,
 * `:video-accordion{title="Watch a video" videoId="x"}`, `:button-link{.bold}[Go]`), and a
 * component of two colons that no closer ends (`::read-more{to="/x"}`, as Nuxt writes a link
 * card). One `mdcInline` node holds it as written: never cut (a title in its attributes has
 * spaces), never escaped, and of no content size (what a reader sees is what the component
 * renders). A colon after a letter, digit or colon is none (`12:45`, `note:[x]`), nor a name
 * alone (`:smile:`), nor a label that is a link's text (`:x[text](url)`).
 */

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    mdcInline: 'mdcInline';
  }
}

/** An inline MDC component: `:badge[v4.3]`, `:read-more{to="/x"}`; `raw` is it as written. */
export type MdcInline = AtomNode<'mdcInline', 'raw'>;

declare module 'mdast' {
  interface PhrasingContentMap {
    mdcInline: MdcInline;
  }
  interface RootContentMap {
    mdcInline: MdcInline;
  }
}

/** The longest label or attributes read (one that never closes is text). */
const MAX_PART = 2000;

const COLON = 58;
const LEFT_BRACKET = 91;
const RIGHT_BRACKET = 93;
const LEFT_BRACE = 123;
const RIGHT_BRACE = 125;
const LEFT_PAREN = 40;
const QUOTE = 34;
const APOSTROPHE = 39;

/**
 * The micromark extension.
 *
 * @returns
 *   The extension (a text construct at `:`).
 */
export function mdcInlineSyntax(): Extension {
  return { text: { [COLON]: { name: 'mdcInline', tokenize: tokenizeMdcInline } } };
}

function isNameStart(code: Code): boolean {
  return (
    code !== null && ((code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 36)
  );
}

function isNameChar(code: Code): boolean {
  return (
    isNameStart(code) ||
    (code !== null && ((code >= 48 && code <= 57) || code === 45 || code === 95))
  );
}

/** Whether a character before the colon lets it start a component: none, or no word character. */
function startsAfter(code: Code): boolean {
  return code === null || !(isNameChar(code) || code === COLON || code > 127);
}

function tokenizeMdcInline(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let colons = 0;
  let hasLabel = false;
  let hasAttributes = false;
  let size = 0;
  // Inside attributes: the quote open, if any.
  let quote: Code = null;
  const previous = this.previous;
  return start;

  function start(code: Code): State | undefined {
    if (!startsAfter(previous)) return nok(code);
    effects.enter('mdcInline');
    return colon(code);
  }

  function colon(code: Code): State | undefined {
    if (code === COLON && colons < 2) {
      colons++;
      effects.consume(code);
      return colon;
    }
    if (!isNameStart(code)) return nok(code);
    effects.consume(code);
    return name;
  }

  function name(code: Code): State | undefined {
    if (isNameChar(code)) {
      effects.consume(code);
      return name;
    }
    return part(code);
  }

  function part(code: Code): State | undefined {
    if (code === LEFT_BRACKET && !hasLabel) {
      hasLabel = true;
      size = 0;
      effects.consume(code);
      return label;
    }
    if (code === LEFT_BRACE && !hasAttributes) {
      hasAttributes = true;
      size = 0;
      effects.consume(code);
      return attributes;
    }
    // A label followed by `(` is a link's text.
    if (!(hasLabel || hasAttributes) || code === LEFT_PAREN) return nok(code);
    effects.exit('mdcInline');
    return ok(code);
  }

  function label(code: Code): State | undefined {
    if (code === null || code < 0 || size++ > MAX_PART || code === LEFT_BRACKET) return nok(code);
    effects.consume(code);
    return code === RIGHT_BRACKET ? part : label;
  }

  function attributes(code: Code): State | undefined {
    if (code === null || code < 0 || size++ > MAX_PART) return nok(code);
    effects.consume(code);
    if (quote !== null) {
      if (code === quote) quote = null;
      return attributes;
    }
    if (code === QUOTE || code === APOSTROPHE) {
      quote = code;
      return attributes;
    }
    return code === RIGHT_BRACE ? part : attributes;
  }
}

/**
 * How an `mdcInline` token becomes an `mdcInline` node (`fromMarkdown`), and how the node is
 * written: as it was (`toMarkdown`).
 */
export const mdcInlineNode = atomNode('mdcInline', 'raw');
