import type { Extension as MdastExtension } from 'mdast-util-from-markdown';
import type { Math as DisplayMath } from 'mdast-util-math';
import type { Options as ToMarkdownExtension } from 'mdast-util-to-markdown';
import type {
  Code,
  Construct,
  Effects,
  Extension,
  State,
  TokenizeContext,
} from 'micromark-util-types';

/**
 * Display math whose closing `$$` line carries a label, as MyST writes an equation's label
 * (and Pandoc and Quarto its attributes, `$$ {#eq-energy}`):
 *
 * ```markdown
 * $$
 * e = mc^2
 * $$ (eq-energy)
 * ```
 *
 * `micromark-extension-math` takes only `$$` alone for a closer, so such math ran on to the end of
 * its container or the document (over a directive's closing fence too). This construct, tried
 * before it, reads the block up to the labelled closer and makes the same `math` node, with the
 * label kept in `data.closingLabel` and written back after the closing `$$`.
 *
 * It reads math whose closer is indented four columns or more too (QuantEcon's lectures close
 * an aligned equation with `     $$` under its last line, and MyST reads that as the closer):
 * `micromark-extension-math` reads such a line as math, and the math ran on to the next `$$`,
 * the opener of the next equation, so every equation after it paired the wrong way. A `$$` is
 * no LaTeX inside display math, so the line can only be meant to close it.
 *
 * It reads only math whose first closer is labelled or indented so: any other math (closed by a
 * bare `$$` three columns in at most, or never closed) is left to `micromark-extension-math`,
 * unchanged.
 */

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    mathFlowFenceLabel: 'mathFlowFenceLabel';
    mathFlowFenceAfterValue: 'mathFlowFenceAfterValue';
  }
}

/** What the label is kept in, on the `math` node's `data`, and where the closer was. */
interface LabelData {
  closingLabel?: string | undefined;
  /** The closing `$$` ended the math's last line of TeX (`\end{cases}$$`). */
  closesLastLine?: boolean | undefined;
}

const DOLLAR = 36;
const LEFT_PAREN = 40;
const RIGHT_PAREN = 41;
const LEFT_BRACE = 123;
const RIGHT_BRACE = 125;

/** Whether a code ends a line (or the document). */
function lineEnds(code: Code): boolean {
  return code === null || code === -5 || code === -4 || code === -3;
}

/** Whether a code is a space or a tab (virtual spaces of a tab included). */
function space(code: Code): boolean {
  return code === 32 || code === 9 || code === -2 || code === -1;
}

/** A line ending that starts a line of the same container (not a lazy line). */
const nextLine: Construct = {
  partial: true,
  tokenize(this: TokenizeContext, effects: Effects, ok: State, nok: State): State {
    return (code) => {
      effects.enter('lineEnding');
      effects.consume(code);
      effects.exit('lineEnding');
      return (after) => (this.parser.lazy[this.now().line] ? nok(after) : ok(after));
    };
  },
};

/**
 * The state that reads the spaces at `code` as one `whitespace` token, then goes on to `next`;
 * straight to `next` when there are none.
 */
function whitespaceThen(effects: Effects, next: State): State {
  const inside: State = (code) => {
    if (space(code)) {
      effects.consume(code);
      return inside;
    }
    effects.exit('whitespace');
    return next(code);
  };
  return (code) => {
    if (!space(code)) return next(code);
    effects.enter('whitespace');
    return inside(code);
  };
}

/**
 * The micromark extension: a flow construct at `$`, tried before `micromark-extension-math`'s.
 *
 * @returns
 *   The extension.
 */
export function mathLabelSyntax(): Extension {
  return {
    flow: {
      [DOLLAR]: { name: 'mathFlowLabelled', tokenize: tokenizeLabelledMath, concrete: true },
    },
  };
}

function tokenizeLabelledMath(
  this: TokenizeContext,
  effects: Effects,
  ok: State,
  nok: State,
): State {
  const self = this;
  const tail = self.events[self.events.length - 1];
  // The opener's indentation: as much is taken off each line of the math.
  const indent =
    tail && tail[1].type === 'linePrefix' ? tail[2].sliceSerialize(tail[1], true).length : 0;
  let sizeOpen = 0;
  // Set when a line closes the math without a label: then it is not this construct's.
  let bareClose = false;

  const closer: Construct = {
    partial: true,
    tokenize(effects: Effects, ok: State, nok: State): State {
      let prefix = 0;
      let size = 0;
      let labelSize = 0;
      // `(` for MyST's `(eq-energy)`, `{` for Pandoc's and Quarto's `{#eq-energy}`.
      let opening: Code = null;
      return before;

      function before(code: Code): State | undefined {
        // Any indentation: four columns in, `$$` alone still closes (see above).
        if (space(code)) {
          if (prefix === 0) effects.enter('linePrefix');
          prefix++;
          effects.consume(code);
          return before;
        }
        if (prefix > 0) effects.exit('linePrefix');
        if (code !== DOLLAR) return nok(code);
        effects.enter('mathFlowFence');
        effects.enter('mathFlowFenceSequence');
        return sequence(code);
      }

      function sequence(code: Code): State | undefined {
        if (code === DOLLAR) {
          size++;
          effects.consume(code);
          return sequence;
        }
        if (size < sizeOpen) return nok(code);
        effects.exit('mathFlowFenceSequence');
        return whitespaceThen(effects, labelStart)(code);
      }

      function labelStart(code: Code): State | undefined {
        if (lineEnds(code)) {
          // Indented four columns or more, a bare closer is this construct's.
          if (prefix > 3) return afterLabel(code);
          bareClose = true;
        }
        if (code !== LEFT_PAREN && code !== LEFT_BRACE) return nok(code);
        opening = code;
        effects.enter('mathFlowFenceLabel');
        effects.consume(code);
        return label;
      }

      function label(code: Code): State | undefined {
        const closing = opening === LEFT_PAREN ? RIGHT_PAREN : RIGHT_BRACE;
        if (code === closing && labelSize > 0) {
          effects.consume(code);
          effects.exit('mathFlowFenceLabel');
          return afterLabel;
        }
        // (Pandoc's attributes may hold spaces: `{#eq-a .unnumbered}`.)
        if (
          lineEnds(code) ||
          (space(code) && opening === LEFT_PAREN) ||
          code === opening ||
          code === closing
        ) {
          return nok(code);
        }
        labelSize++;
        effects.consume(code);
        return label;
      }

      function afterLabel(code: Code): State | undefined {
        return whitespaceThen(effects, lineEnd)(code);
      }

      function lineEnd(code: Code): State | undefined {
        if (!lineEnds(code)) return nok(code);
        effects.exit('mathFlowFence');
        return ok(code);
      }
    },
  };

  /**
   * A line of TeX that ends with the closing `$$` (`\end{cases}$$`), as MyST, Pandoc and MathJax
   * close display math opened with TeX on its line (`$$\begin{cases}`): the TeX is a line of the
   * math, the `$$` its closer.
   */
  const valueThenCloser: Construct = {
    partial: true,
    tokenize(effects: Effects, ok: State, nok: State): State {
      let prefix = 0;
      return before;

      function before(code: Code): State | undefined {
        if (space(code)) {
          if (prefix === 0) effects.enter('linePrefix');
          prefix++;
          effects.consume(code);
          return before;
        }
        if (prefix > 0) effects.exit('linePrefix');
        if (lineEnds(code) || code === DOLLAR) return nok(code);
        effects.enter('mathFlowValue');
        return tex(code);
      }

      // (At least one character of TeX: `before` takes no `$` or line end.)
      function tex(code: Code): State | undefined {
        if (lineEnds(code)) return nok(code);
        if (code === DOLLAR) return effects.check(fenceAtEnd, closing, texDollar)(code);
        effects.consume(code);
        return tex;
      }

      function texDollar(code: Code): State | undefined {
        effects.consume(code);
        return tex;
      }

      function closing(code: Code): State | undefined {
        effects.exit('mathFlowValue');
        effects.enter('mathFlowFence');
        effects.enter('mathFlowFenceAfterValue');
        return sequence(code);
      }

      // (`fenceAtEnd` checked that enough dollars, then spaces, end the line.)
      function sequence(code: Code): State | undefined {
        if (code === DOLLAR) {
          effects.consume(code);
          return sequence;
        }
        effects.exit('mathFlowFenceAfterValue');
        return whitespaceThen(effects, end)(code);
      }

      function end(code: Code): State | undefined {
        effects.exit('mathFlowFence');
        return ok(code);
      }
    },
  };

  /** At a `$`: dollars to the end of the line (spaces after them aside). */
  const fenceAtEnd: Construct = {
    partial: true,
    tokenize(effects: Effects, ok: State, nok: State): State {
      let dollars = 0;
      return run;

      function run(code: Code): State | undefined {
        if (code === DOLLAR) {
          dollars++;
          effects.consume(code);
          return run;
        }
        return rest(code);
      }

      function rest(code: Code): State | undefined {
        if (space(code)) {
          effects.consume(code);
          return rest;
        }
        return lineEnds(code) && dollars >= sizeOpen ? ok(code) : nok(code);
      }
    },
  };

  return start;

  function start(code: Code): State | undefined {
    effects.enter('mathFlow');
    effects.enter('mathFlowFence');
    effects.enter('mathFlowFenceSequence');
    return openSequence(code);
  }

  function openSequence(code: Code): State | undefined {
    if (code === DOLLAR) {
      sizeOpen++;
      effects.consume(code);
      return openSequence;
    }
    if (sizeOpen < 2) return nok(code);
    effects.exit('mathFlowFenceSequence');
    return whitespaceThen(effects, metaStart)(code);
  }

  function metaStart(code: Code): State | undefined {
    if (lineEnds(code)) return openEnd(code);
    effects.enter('mathFlowFenceMeta');
    effects.enter('chunkString', { contentType: 'string' });
    return meta(code);
  }

  function meta(code: Code): State | undefined {
    if (lineEnds(code)) {
      effects.exit('chunkString');
      effects.exit('mathFlowFenceMeta');
      return openEnd(code);
    }
    // As `micromark-extension-math`: a dollar in the info makes no math.
    if (code === DOLLAR) return nok(code);
    effects.consume(code);
    return meta;
  }

  function openEnd(code: Code): State | undefined {
    effects.exit('mathFlowFence');
    // Interrupting a paragraph, only the opening line counts (as for the math it falls back to).
    if (self.interrupt) return ok(code);
    return lineEnd(code);
  }

  /** At the end of a line: the next line closes the math, or is a line of it. */
  function lineEnd(code: Code): State | undefined {
    // Never closed with a label (the document or its container ends): not this construct's.
    if (code === null) return nok(code);
    return effects.attempt(nextLine, lineStart, nok)(code);
  }

  function lineStart(code: Code): State | undefined {
    return effects.attempt(closer, done, notCloser)(code);
  }

  function notCloser(code: Code): State | undefined {
    if (bareClose) return nok(code);
    return effects.attempt(valueThenCloser, done, lineOfMath)(code);
  }

  function lineOfMath(code: Code): State | undefined {
    if (indent > 0 && space(code)) {
      effects.enter('linePrefix');
      return prefix(0)(code);
    }
    return content(code);
  }

  function prefix(taken: number): State {
    return (code) => {
      if (space(code) && taken < indent) {
        effects.consume(code);
        return prefix(taken + 1);
      }
      effects.exit('linePrefix');
      return content(code);
    };
  }

  function content(code: Code): State | undefined {
    if (lineEnds(code)) return lineEnd(code);
    effects.enter('mathFlowValue');
    return value(code);
  }

  function value(code: Code): State | undefined {
    if (lineEnds(code)) {
      effects.exit('mathFlowValue');
      return lineEnd(code);
    }
    effects.consume(code);
    return value;
  }

  function done(code: Code): State | undefined {
    effects.exit('mathFlow');
    return ok(code);
  }
}

/**
 * The `mdast-util-from-markdown` extension: the label goes on the `math` node (the tokens
 * around it are those of `micromark-extension-math`, which `mdast-util-math` turns into the node).
 *
 * @returns
 *   The extension.
 */
export function mathLabelFromMarkdown(): MdastExtension {
  return {
    exit: {
      mathFlowFenceAfterValue() {
        markMath(this.stack, { closesLastLine: true });
      },
      mathFlowFenceLabel(token) {
        markMath(this.stack, { closingLabel: this.sliceSerialize(token) });
      },
    },
  };
}

/** Add to the `data` of the math node being read (it is under the buffer its value is gathered in). */
function markMath(stack: readonly { type: string; data?: unknown }[], data: LabelData): void {
  for (let index = stack.length - 1; index >= 0; index--) {
    const node = stack[index];
    if (node?.type === 'math') {
      node.data = { ...(node.data as object | undefined), ...data } as never;
      return;
    }
  }
}

/**
 * The `mdast-util-to-markdown` extension: display math written by `mdast-util-math`'s handler,
 * and its label after the closing `$$`.
 *
 * @param base
 *   `mdast-util-math`'s serializer extension.
 * @returns
 *   The extension (a `math` handler over the base one).
 */
export function mathLabelToMarkdown(base: ToMarkdownExtension): ToMarkdownExtension {
  const write = base.handlers?.math as
    | ((node: DisplayMath, ...rest: never[]) => string)
    | undefined;
  if (!write) return {};
  return {
    handlers: {
      math(node: DisplayMath, ...rest: never[]): string {
        let written = write(node, ...rest);
        const data = node.data as LabelData | undefined;
        // The closing `$$` back at the end of the last line of TeX, where it was.
        if (data?.closesLastLine) written = written.replace(/\r?\n(\$+)$/, '$1');
        return data?.closingLabel ? `${written} ${data.closingLabel}` : written;
      },
    } as never,
  };
}
