/**
 * Edits to a text as the page sends them to a worker that keeps its own copy: the whole text the
 * first time, then only what changed. A 1 MB document then crosses to the workers once, not on
 * every keystroke (copying it into a message cost the page 30–120 ms a time).
 */
export type Edits =
  | { text: string }
  | {
      /**
       * The changes, in CodeMirror's `ChangeSet.toJSON()` form: a number keeps that many
       * characters, `[n]` deletes `n`, `[n, ...lines]` replaces `n` characters with the lines
       * joined by `\n`.
       */
      changes: ChangeJson;
      /** Length of the text after the changes, to catch a copy that fell out of step. */
      length: number;
    };

/** A change set as JSON (see {@link Edits}). */
export type ChangeJson = ReadonlyArray<number | readonly [number, ...string[]]>;

/**
 * The text after the edits.
 *
 * @param text The text the receiver holds (ignored when the edits carry the whole text).
 * @param edits What changed.
 * @returns The new text.
 * @throws When the changes do not fit the text (the copy is out of step).
 */
export function applyEdits(text: string, edits: Edits): string {
  if ('text' in edits) return edits.text;
  const parts: string[] = [];
  let at = 0;
  for (const section of edits.changes) {
    if (typeof section === 'number') {
      parts.push(text.slice(at, at + section));
      at += section;
    } else {
      const [deleted, ...lines] = section;
      at += deleted;
      if (lines.length > 0) parts.push(lines.join('\n'));
    }
  }
  const result = parts.join('');
  if (at !== text.length || result.length !== edits.length) {
    throw new Error(
      `The edits cover ${at} characters of a text of ${text.length} and give ${result.length}, not ${edits.length}`,
    );
  }
  return result;
}
