import type { Code, Effects, Extension, State, TokenizeContext } from 'micromark-util-types';
import { type AtomNode, atomNode } from './atom-node.js';

/**
 * Template tags inside text, read as atoms: `{% … %}` and `{%- … -%}` (Liquid, Jekyll, GitBook,
 * Nunjucks, Jinja), `{{ … }}` (their output tags) and Hugo's `{{< … >}}` and `{{% … %}}`. A tag
 * becomes one `templateTag` node that holds it as written: never cut, never escaped, and of no
 * content size (it is markup: what a reader and a model see is what the site renders in its
 * place). A tag line that pairs with another (a block) is read by the line scanner instead
 * (`template.ts`); this reads the rest.
 */

declare module 'micromark-util-types' {
  interface TokenTypeMap {
    templateTag: 'templateTag';
    templateTagData: 'templateTagData';
  }
}

/**
 * A template tag inside text: `{{ page.title }}`, `{% include "x.md" %}`, `{{< ref "a" >}}`; `tag`
 * is the tag as written.
 */
export type TemplateTag = AtomNode<'templateTag', 'tag'>;

declare module 'mdast' {
  interface PhrasingContentMap {
    templateTag: TemplateTag;
  }
  interface RootContentMap {
    templateTag: TemplateTag;
  }
}

/** The longest tag read (a `{{` that never closes is text, and reading stops there). */
const MAX_TAG = 2000;

const LEFT_BRACE = 123;
const PERCENT = 37;
const LESS_THAN = 60;

/**
 * The micromark extension.
 *
 * @returns
 *   The extension (a text construct at `{`).
 */
export function templateTagSyntax(): Extension {
  return { text: { [LEFT_BRACE]: { name: 'templateTag', tokenize: tokenizeTemplateTag } } };
}

function tokenizeTemplateTag(
  this: TokenizeContext,
  effects: Effects,
  ok: State,
  nok: State,
): State {
  // What closes the tag: `%}`, `}}`, `>}}` or `%}}`, as its opening said.
  let close = '';
  let size = 0;
  let matched = 0;
  let content = false;
  // Whether a `templateTagData` token is open.
  let data = false;
  return start;

  function start(code: Code): State | undefined {
    effects.enter('templateTag');
    effects.consume(code);
    return second;
  }

  function second(code: Code): State | undefined {
    if (code === PERCENT) {
      close = '%}';
      effects.consume(code);
      return inside;
    }
    if (code === LEFT_BRACE) {
      close = '}}';
      effects.consume(code);
      return third;
    }
    return nok(code);
  }

  function third(code: Code): State | undefined {
    if (code === LESS_THAN || code === PERCENT) {
      close = code === LESS_THAN ? '>}}' : '%}}';
      effects.consume(code);
      return inside;
    }
    return inside(code);
  }

  function inside(code: Code): State | undefined {
    if (code === null || size++ > MAX_TAG) return nok(code);
    // A line ending is a token of its own (as in code spans): a tag may run over lines.
    if (code === -5 || code === -4 || code === -3) {
      if (data) effects.exit('templateTagData');
      data = false;
      effects.enter('lineEnding');
      effects.consume(code);
      effects.exit('lineEnding');
      matched = 0;
      return inside;
    }
    if (!data) effects.enter('templateTagData');
    data = true;
    if (code === close.charCodeAt(matched)) {
      matched++;
      effects.consume(code);
      if (matched < close.length) return inside;
      if (!content) return nok;
      effects.exit('templateTagData');
      effects.exit('templateTag');
      return ok;
    }
    // What partly matched the closer is content (`{{ a > b }}`), and a match may start over.
    if (matched > 0) content = true;
    matched = code === close.charCodeAt(0) ? 1 : 0;
    // Whitespace and whitespace control (`-`) are no content.
    if (matched === 0 && code !== 32 && code !== 9 && code !== -2 && code !== -1 && code !== 45) {
      content = true;
    }
    effects.consume(code);
    return inside;
  }
}

/**
 * How a `templateTag` token becomes a `templateTag` node (`fromMarkdown`), and how the node is
 * written: as it was (`toMarkdown`).
 */
export const templateTagNode = atomNode('templateTag', 'tag');
