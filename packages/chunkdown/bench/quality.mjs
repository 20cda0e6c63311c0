/**
 * What a splitter breaks, counted with line-based heuristics that are the same for every splitter.
 * They run on the floor's output too (one chunk per document), which shows their false positives.
 * Each check is linear in the chunk's length and uses no backtracking regex on a whole chunk.
 */

const quote = '[ \\t]*(?:>[ \\t]?)*';
/**
 * Blockquote markers, list markers and footnote labels (a fence may open a list item,
 * `* \`\`\`js`, or a footnote definition, `[^a]: \`\`\`text`).
 */
const container = '[ \\t]*(?:(?:>|[-*+]|\\d{1,9}[.)]|\\[\\^[^\\]\\s]+\\]:)[ \\t]+|>)*';
const fenceLine = new RegExp(`^(${container})(\`{3,}|~{3,})(.*)$`);
const tableLine = new RegExp(`^${quote}\\|.*\\|[ \\t]*$`);
const cell = '[ \\t]*:?-+:?[ \\t]*';
const delimiterRow = new RegExp(`^${quote}\\|?${cell}(?:\\|${cell})*\\|?[ \\t]*$`);
const wordCharacter = /[\p{L}\p{N}]/u;
const wordRun = /[\p{L}\p{N}]+/gu;

/**
 * Count the breakage in one document's chunks.
 *
 * @param {string[]} chunks Chunk texts, in order.
 * @param {string} source The document they were made from.
 * @returns {{ orphanRows: number, openFences: number, cutWords: number }}
 *   `orphanRows`: table rows (`| … |` lines outside code) in a chunk without their header and
 *   delimiter row;
 *   `openFences`: chunks that end inside a fenced code block (or close a fence they never opened);
 *   `cutWords`: chunk boundaries that fall inside a word (the pieces are not words of the source).
 */
export function breakage(chunks, source) {
  let orphanRows = 0;
  let openFences = 0;
  for (const chunk of chunks) {
    const lines = chunk.split('\n');
    orphanRows += countOrphanRows(lines);
    openFences += endsInsideFence(lines) ? 1 : 0;
  }
  return { orphanRows, openFences, cutWords: countCutWords(chunks, source) };
}

/** Rows of a run of table lines that does not start with a header and a delimiter row. */
function countOrphanRows(lines) {
  let orphans = 0;
  let run = [];
  const flush = () => {
    const headed = run.length >= 2 && !delimiterRow.test(run[0]) && delimiterRow.test(run[1]);
    if (run.length > 0 && !headed) orphans += run.length;
    run = [];
  };
  let fence = null;
  for (const line of lines) {
    fence = nextFence(fence, line);
    if (fence === null && tableLine.test(line)) run.push(line);
    else flush();
  }
  flush();
  return orphans;
}

function endsInsideFence(lines) {
  let fence = null;
  for (const line of lines) fence = nextFence(fence, line);
  return fence !== null;
}

/**
 * The fence still open after `line` (`null` when none, else its marker and whether it opened a
 * list item), given the one open before it.
 */
function nextFence(open, line) {
  const match = fenceLine.exec(line);
  if (!match) return open;
  const [, prefix, fence, rest] = match;
  const inItem = /[-*+]|\d[.)]|\]:/.test(prefix);
  // The column of the innermost marker (of an item or a footnote definition).
  const column = inItem ? prefix.search(/(?:[-*+]|\d{1,9}[.)]|\[\^[^\]\s]+\]:)[ \t]+$/) : -1;
  // Inside open code, a line that starts a list item is code (` * \`\`\`js` in a doc comment),
  // unless the code is in a list item too and the marker is no further in than that item's: then
  // the line starts the next item, which ends it.
  if (open !== null && inItem && (!open.inItem || column > open.column)) return open;
  if (open === null || inItem) {
    return fence[0] === '`' && rest.includes('`') ? null : { fence, inItem, column };
  }
  const closes =
    fence[0] === open.fence[0] && fence.length >= open.fence.length && rest.trim() === '';
  return closes ? null : open;
}

/** Boundaries where the last word of a chunk or the first of the next is not a source word. */
function countCutWords(chunks, source) {
  if (chunks.length < 2) return 0;
  const words = new Set(source.match(wordRun));
  let cuts = 0;
  for (let i = 1; i < chunks.length; i++) {
    const before = lastWord(chunks[i - 1]);
    const after = firstWord(chunks[i]);
    if ((before && !words.has(before)) || (after && !words.has(after))) cuts++;
  }
  return cuts;
}

function firstWord(text) {
  let start = 0;
  while (start < text.length && !wordCharacter.test(text[start])) start++;
  let end = start;
  while (end < text.length && wordCharacter.test(text[end])) end++;
  return text.slice(start, end);
}

function lastWord(text) {
  let end = text.length;
  while (end > 0 && !wordCharacter.test(text[end - 1])) end--;
  let start = end;
  while (start > 0 && wordCharacter.test(text[start - 1])) start--;
  return text.slice(start, end);
}
