import apiReference from './examples/api-reference.md?raw';
import cliGuide from './examples/cli-guide.md?raw';
import fresnelLens from './examples/fresnel-lens.md?raw';
import periodicTable from './examples/periodic-table.md?raw';

/** A bundled example document. */
export interface Example {
  id: string;
  title: string;
  text: string;
}

/** The examples, in the order the picker lists them; the first is what a fresh page shows. */
export const EXAMPLES: readonly Example[] = [
  { id: 'api', title: 'API reference (lists, links, front matter)', text: apiReference },
  { id: 'table', title: 'Long table (54 rows)', text: periodicTable },
  { id: 'code', title: 'Code-heavy guide', text: cliGuide },
  { id: 'wiki', title: 'Encyclopedia article (many links)', text: fresnelLens },
];

/**
 * Text of the example with this id.
 *
 * @param id Example id.
 * @returns Its text, or `undefined` for an unknown id.
 */
export function exampleText(id: string): string | undefined {
  return EXAMPLES.find((example) => example.id === id)?.text;
}
