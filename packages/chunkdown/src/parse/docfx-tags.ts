import type { Code, Effects, Extension, State, TokenizeContext } from 'micromark-util-types';
import { type AtomNode, atomNode } from './atom-node.js';

/**
 * DocFX tags inside text, read as atoms: `[!INCLUDE [title](path)]` and its kin
 * (`[!code-csharp[](path)]`, `[!div class="nextstepaction"]`, `[!VIDEO https://…]`) and the
 * one-line colon tags (`:::image type="content" source="a.png" alt-text="A.":::`,
 * `:::code language="cs" source="a.cs":::`, `:::no-loc text="x":::`, an unpaired `:::row:::`).
 * A tag becomes one `docfxTag` node that holds it as written: never cut, never escaped, and of
 * no content size (it is markup: what a reader sees is what the site puts in its place). A
 * GitHub alert (`[!NOTE]`) is no tag: the name is followed by `]`.
 */

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    docfxTag: 'docfxTag';
  }
}

/** A DocFX tag inside text: `[!INCLUDE [x](y)]`, `:::image …:::`; `tag` is the tag as written. */
export type DocfxTag = AtomNode<'docfxTag', 'tag'>;

declare module 'mdast' {
  interface PhrasingContentMap {
    docfxTag: DocfxTag;
  }
  interface RootContentMap {
    docfxTag: DocfxTag;
  }
}

/** The longest tag read (a tag that never closes is text, and reading stops there). */
const MAX_TAG = 2000;

const LEFT_BRACKET = 91;
const RIGHT_BRACKET = 93;
const LEFT_PAREN = 40;
const RIGHT_PAREN = 41;
const COLON = 58;
const EXCLAMATION = 33;
const SPACE = 32;
const TAB = 9;

/**
 * The micromark extension.
 *
 * @returns
 *   The extension (text constructs at `[` and `:`).
 */
export function docfxTagSyntax(): Extension {
  return {
    text: {
      [LEFT_BRACKET]: { name: 'docfxInclude', tokenize: tokenizeInclude },
      [COLON]: { name: 'docfxColonTag', tokenize: tokenizeColonTag },
    },
  };
}

function isNameStart(code: Code): boolean {
  return code !== null && ((code >= 65 && code <= 90) || (code >= 97 && code <= 122));
}

function isNameChar(code: Code): boolean {
  return (
    isNameStart(code) ||
    (code !== null && ((code >= 48 && code <= 57) || code === 45 || code === 95))
  );
}

/** `[!NAME [label](destination)]`, `[!NAME[label](destination)]`, `[!div key="value"]`. */
function tokenizeInclude(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let size = 0;
  // What the arguments of the `[!div class="x"]` form hold: it is a tag only with `=` or `://`.
  let argument = '';
  return start;

  function start(code: Code): State | undefined {
    effects.enter('docfxTag');
    effects.consume(code);
    return bang;
  }

  function bang(code: Code): State | undefined {
    if (code !== EXCLAMATION) return nok(code);
    effects.consume(code);
    return nameStart;
  }

  function nameStart(code: Code): State | undefined {
    if (!isNameStart(code)) return nok(code);
    effects.consume(code);
    return name;
  }

  function name(code: Code): State | undefined {
    if (isNameChar(code)) {
      effects.consume(code);
      return name;
    }
    if (code === SPACE || code === TAB) {
      effects.consume(code);
      return afterSpace;
    }
    return labelStart(code);
  }

  function afterSpace(code: Code): State | undefined {
    if (code === SPACE || code === TAB) {
      effects.consume(code);
      return afterSpace;
    }
    if (code === LEFT_BRACKET) return labelStart(code);
    return attributes(code);
  }

  function attributes(code: Code): State | undefined {
    if (code === null || code < 0 || size++ > MAX_TAG || code === LEFT_BRACKET) return nok(code);
    if (code === RIGHT_BRACKET) {
      if (!(argument.includes('=') || argument.includes('://'))) return nok(code);
      effects.consume(code);
      effects.exit('docfxTag');
      return ok;
    }
    argument += String.fromCharCode(code);
    effects.consume(code);
    return attributes;
  }

  function labelStart(code: Code): State | undefined {
    if (code !== LEFT_BRACKET) return nok(code);
    effects.consume(code);
    return balanced(LEFT_BRACKET, RIGHT_BRACKET, destinationStart);
  }

  function destinationStart(code: Code): State | undefined {
    if (code !== LEFT_PAREN) return nok(code);
    effects.consume(code);
    return balanced(LEFT_PAREN, RIGHT_PAREN, end);
  }

  /** Up to the `close` that balances the `open` just taken (`[label]`, `(destination)`), then `next`. */
  function balanced(open: number, close: number, next: State): State {
    let depth = 0;
    const inside: State = (code) => {
      if (code === null || code < 0 || size++ > MAX_TAG) return nok(code);
      if (code === open) depth++;
      effects.consume(code);
      if (code !== close) return inside;
      if (depth === 0) return next;
      depth--;
      return inside;
    };
    return inside;
  }

  function end(code: Code): State | undefined {
    if (code === SPACE || code === TAB) {
      effects.consume(code);
      return end;
    }
    if (code !== RIGHT_BRACKET) return nok(code);
    effects.consume(code);
    effects.exit('docfxTag');
    return ok;
  }
}

/** `:::name attributes:::` or `:::name:::` on one line. */
function tokenizeColonTag(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
  let colons = 0;
  let size = 0;
  return start;

  function start(code: Code): State | undefined {
    effects.enter('docfxTag');
    return opening(code);
  }

  function opening(code: Code): State | undefined {
    if (code === COLON && colons < 3) {
      colons++;
      effects.consume(code);
      return opening;
    }
    if (colons < 3 || !isNameStart(code)) return nok(code);
    effects.consume(code);
    return name;
  }

  function name(code: Code): State | undefined {
    if (isNameChar(code)) {
      effects.consume(code);
      return name;
    }
    if (code === COLON) {
      colons = 0;
      return closing(code);
    }
    if (code !== SPACE && code !== TAB) return nok(code);
    effects.consume(code);
    return inside;
  }

  function inside(code: Code): State | undefined {
    if (code === null || code < 0 || size++ > MAX_TAG) return nok(code);
    if (code === COLON) {
      colons = 0;
      return closing(code);
    }
    effects.consume(code);
    return inside;
  }

  function closing(code: Code): State | undefined {
    if (code === COLON) {
      colons++;
      effects.consume(code);
      if (colons === 3) {
        effects.exit('docfxTag');
        return ok;
      }
      return closing;
    }
    return inside(code);
  }
}

/**
 * How a `docfxTag` token becomes a `docfxTag` node (`fromMarkdown`), and how the node is written:
 * as it was (`toMarkdown`).
 */
export const docfxTagNode = atomNode('docfxTag', 'tag');
