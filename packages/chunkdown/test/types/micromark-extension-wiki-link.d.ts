/** `micromark-extension-wiki-link` ships no types: what the tests use of it. */
declare module 'micromark-extension-wiki-link' {
  import type { Options } from 'mdast-util-from-markdown';

  /** The micromark extension that reads `[[Page]]` and `[[Page:alias]]`. */
  export function syntax(options?: {
    aliasDivider?: string;
  }): NonNullable<Options['extensions']>[number];
}
