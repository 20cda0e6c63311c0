/**
 * Line checks of DocFX chunks, read as a person reads a chunk (no chunkdown parser): the pairs
 * a chunk leaves unbalanced and the tags it cuts.
 */

/** A line of a chunk without its block quote and list markers and indentation. */
const bare = (line: string) =>
  line.replace(/^(?:[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t])))*[ \t]*/, '');

/**
 * The DocFX pairs a chunk leaves unbalanced, read line by line as a person reads the chunk:
 * openers and closers of zones, monikers, rows, columns and complex images, outside fenced code.
 */
export function brokenPairs(text: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  let fence: string | undefined;
  for (const raw of text.split('\n')) {
    const line = bare(raw);
    const marker = /^(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      if (marker && (marker[1] as string).startsWith(fence) && (marker[2] as string).trim() === '')
        fence = undefined;
      continue;
    }
    if (marker && !(marker[1]?.startsWith('`') && marker[2]?.includes('`'))) {
      fence = marker[1] as string;
      continue;
    }
    const close = /^:::[ \t]*(zone|moniker)-end\b|^:::(row|column|image)-end:::/.exec(line);
    if (close) {
      const name = (close[1] ?? close[2]) as string;
      if (stack[stack.length - 1] === name) stack.pop();
      else problems.push(`closes ${name} it did not open`);
      continue;
    }
    const open =
      /^:::[ \t]*(zone|moniker)(?:[ \t]|$)|^:::(row|column)(?:[ \t][^\n]*)?:::[ \t]*$|^:::(image)[ \t][^\n]*type="complex"/.exec(
        line,
      );
    if (open) stack.push((open[1] ?? open[2] ?? open[3]) as string);
  }
  if (stack.length > 0) problems.push(`leaves ${stack.join(', ')} open`);
  return problems;
}

/**
 * Tags of a chunk cut in two: what is left of a line once its whole tags are taken out
 * (`:::image …:::`, `:::row:::`, `[!INCLUDE [x](y)]`) holds `:::` or `[!INCLUDE`.
 */
export function cutTags(text: string): string[] {
  const cut: string[] = [];
  for (const raw of text.split('\n')) {
    const line = bare(raw);
    const rest = line
      .replace(/:::[ \t]*(?:zone|moniker)(?:-end)?\b.*$/, '')
      .replace(/:::[A-Za-z][\w-]*(?:[ \t][^\n]*?)?:::/g, '')
      .replace(/\[!(?:INCLUDE|code-[\w-]+)[ \t]*\[[^\]\n]*\]\([^)\n]*\)[ \t]*\]/gi, '');
    if (rest.includes(':::') || /\[!(?:INCLUDE|code-)/i.test(rest)) cut.push(line.slice(0, 100));
  }
  return cut;
}
