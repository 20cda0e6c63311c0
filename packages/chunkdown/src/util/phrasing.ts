/**
 * Block types whose children are phrasing content: every text node has one as an ancestor, and a
 * node below one is a piece of running text.
 */
export const phrasingRoots: ReadonlySet<string> = new Set(['paragraph', 'heading', 'tableCell']);
