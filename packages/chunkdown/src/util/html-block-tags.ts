/**
 * Tag names that open an HTML block of CommonMark's type 6 (0.31): a block-level tag, whose block
 * a blank line ends. Shared by the segment cuts (`parse/segment-cuts.ts`) and the safe cuts of raw HTML
 * (`split/html.ts`).
 */
export const htmlBlockTags: ReadonlySet<string> = new Set(
  (
    'address article aside base basefont blockquote body caption center col colgroup dd details ' +
    'dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 ' +
    'head header hr html iframe legend li link main menu menuitem nav noframes ol optgroup option ' +
    'p param search section summary table tbody td tfoot th thead title tr track ul'
  ).split(' '),
);
