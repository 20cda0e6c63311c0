/**
 * A syntax extension written the way `micromark-extension-*` and `mdast-util-*` packages are, for
 * tests of containers of one's own: `%%% name` on a line, markdown blocks, `%%%` on a line (an
 * unclosed one runs to the end). Its node, `callout`, holds the body's blocks, read by
 * `mdast-util-from-markdown` (positions moved into the document).
 */
import type { Nodes, Parent, RootContent } from 'mdast';
import {
  type CompileContext,
  type Extension as FromMarkdownExtension,
  fromMarkdown,
  type Token,
} from 'mdast-util-from-markdown';
import type { SyntaxExtension } from '../../src/types.js';

type Code = number | null;
type State = (code: Code) => State | undefined;
interface Effects {
  enter(type: string): void;
  exit(type: string): void;
  consume(code: Code): void;
  attempt(construct: unknown, ok: State, nok: State): State;
}

const PERCENT = 37;
const isLineEnding = (code: Code) => code !== null && code < -2;

/** The closing line: `%%%` (three or more) alone on its line. */
const closing = {
  partial: true,
  tokenize(effects: Effects, ok: State, nok: State): State {
    let size = 0;
    const rest: State = (code) => {
      if (code === PERCENT) {
        size++;
        effects.consume(code);
        return rest;
      }
      if (size < 3 || (code !== null && !isLineEnding(code))) return nok(code);
      effects.exit('calloutClose');
      return ok(code);
    };
    return (code) => {
      if (code !== PERCENT) return nok(code);
      effects.enter('calloutClose');
      return rest(code);
    };
  },
};

function tokenize(effects: Effects, ok: State, nok: State): State {
  let size = 0;
  const open: State = (code) => {
    if (code === PERCENT) {
      size++;
      effects.consume(code);
      return open;
    }
    if (size < 3) return nok(code);
    effects.enter('calloutName');
    return name(code);
  };
  const name: State = (code) => {
    if (code === null || isLineEnding(code)) {
      effects.exit('calloutName');
      effects.exit('calloutOpen');
      return code === null ? done(code) : lineEnding(code);
    }
    effects.consume(code);
    return name;
  };
  const lineEnding: State = (code) => {
    effects.enter('lineEnding');
    effects.consume(code);
    effects.exit('lineEnding');
    return effects.attempt(closing, done, body);
  };
  const body: State = (code) => {
    if (code === null) return done(code);
    if (isLineEnding(code)) return lineEnding(code);
    effects.enter('calloutLine');
    return line(code);
  };
  const line: State = (code) => {
    if (code === null || isLineEnding(code)) {
      effects.exit('calloutLine');
      return body(code);
    }
    effects.consume(code);
    return line;
  };
  const done: State = (code) => {
    effects.exit('callout');
    return ok(code);
  };
  return (code) => {
    if (code !== PERCENT) return nok(code);
    effects.enter('callout');
    effects.enter('calloutOpen');
    return open(code);
  };
}

/** The micromark extension (what a `micromark-extension-*` package's function returns). */
export function calloutSyntax() {
  return { flow: { [PERCENT]: { name: 'callout', tokenize, concrete: true } } } as never;
}

/** The `mdast-util-from-markdown` extension: a `callout` node whose children are the body's blocks. */
export function calloutFromMarkdown(): FromMarkdownExtension {
  return {
    enter: {
      callout(this: CompileContext, token: Token) {
        this.enter({ type: 'callout', name: '', children: [] } as never, token);
      },
    },
    exit: {
      calloutName(this: CompileContext, token: Token) {
        const node = this.stack[this.stack.length - 1] as unknown as { name: string };
        node.name = this.sliceSerialize(token).trim();
      },
      callout(this: CompileContext, token: Token) {
        const node = this.stack[this.stack.length - 1] as unknown as Parent;
        const text = this.sliceSerialize(token);
        const firstLineEnd = text.search(/\r?\n|\r/);
        if (firstLineEnd >= 0) {
          const bodyStart = text.indexOf('\n', firstLineEnd) + 1;
          const closed = /(?:^|\n)%{3,}[ \t]*$/.exec(text.slice(bodyStart));
          const body = text.slice(bodyStart, closed ? bodyStart + closed.index : text.length);
          const tree = fromMarkdown(body);
          const shift = (child: Nodes) => {
            for (const point of [child.position?.start, child.position?.end]) {
              if (!point) continue;
              point.offset = (point.offset ?? 0) + token.start.offset + bodyStart;
              point.line += token.start.line;
            }
            if ('children' in child) for (const each of child.children as Nodes[]) shift(each);
          };
          for (const child of tree.children) shift(child);
          node.children = tree.children as RootContent[];
        }
        this.exit(token);
      },
    },
  };
}

/** The `mdast-util-to-markdown` extension. */
export function calloutToMarkdown(): object {
  return {
    handlers: {
      // (A node type of its own, which `Handlers` does not list.)
      ...({} as object),
      callout: ((node: Parent & { name: string }, _parent: unknown, state: never, info: never) =>
        `%%% ${node.name}\n${(state as { containerFlow: (n: unknown, i: unknown) => string }).containerFlow(node, info)}\n%%%`) as never,
    },
  };
}

/** The whole extension, its callouts containers. */
export function callout(): SyntaxExtension {
  return {
    name: 'callout',
    micromark: calloutSyntax(),
    fromMarkdown: calloutFromMarkdown(),
    toMarkdown: calloutToMarkdown(),
    container: (node) => node.type === ('callout' as string),
  };
}
