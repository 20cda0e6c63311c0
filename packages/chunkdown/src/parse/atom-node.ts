import type { Extension as MdastExtension } from 'mdast-util-from-markdown';
import type { Options as ToMarkdownExtension } from 'mdast-util-to-markdown';
import type { Position } from 'unist';

/**
 * An atom of a dialect inside text (a template tag, a DocFX tag, a wikilink): a node that holds
 * its source as written in `Field`, and whatever else its dialect reads from that source.
 */
export type AtomNode<Type extends string, Field extends string> = {
  type: Type;
  data?: Record<string, unknown> | undefined;
  position?: Position | undefined;
} & { [key in Field]: string };

/** How a dialect reads and writes one kind of atom. */
export interface AtomNodeExtensions {
  /** The `mdast-util-from-markdown` extension: the token of the same name becomes the node. */
  fromMarkdown: MdastExtension;
  /** The `mdast-util-to-markdown` extension: the node is written as the source wrote it. */
  toMarkdown: ToMarkdownExtension;
}

/**
 * The extensions of an atom node: a micromark token of type `type` becomes a node of that type
 * that holds the token's source in `field` (and what `more` reads from it), and the node is
 * written back as that source.
 *
 * @param type
 *   The token's and the node's type.
 * @param field
 *   The field that holds the source.
 * @param more
 *   Other fields of the node, from its source.
 * @returns
 *   The two extensions.
 */
export function atomNode(
  type: string,
  field: string,
  more?: (source: string) => Record<string, unknown>,
): AtomNodeExtensions {
  return {
    fromMarkdown: {
      enter: {
        [type](token) {
          const source = this.sliceSerialize(token);
          this.enter({ type, [field]: source, ...more?.(source) } as never, token);
        },
      },
      exit: {
        [type](token) {
          this.exit(token);
        },
      },
    },
    toMarkdown: {
      handlers: {
        [type]: (node: Record<string, string>) => node[field],
      } as never,
    },
  };
}
