import { describe, expect, it } from 'vitest';
import { createFolderSplitter } from '../../src/lib/folder.ts';
import { DEFAULT_SETTINGS } from '../../src/lib/settings.ts';

const characters = (text: string) => text.length;

describe('createFolderSplitter', () => {
  it('gives a row per file and totals over the folder', () => {
    const folder = createFolderSplitter({ ...DEFAULT_SETTINGS, chunkSize: 100 }, characters);
    const guide = folder.add(
      'docs/guide.md',
      Array.from(
        { length: 6 },
        (_, index) => `## Part ${index}\n\nSome words about part ${index}.`,
      ).join('\n\n'),
    );
    expect(guide).toMatchObject({ name: 'docs/guide.md', issues: 0 });
    expect(guide.chunks).toBeGreaterThan(1);
    const long = folder.add('docs/long.md', `Intro.\n\nhttps://example.com/${'a'.repeat(300)}`);
    expect(long.issues).toBe(1);
    // .mdx files are read as MDX, as the command line reads them.
    const tabs = folder.add(
      'docs/tabs.mdx',
      '<Tabs>\n  <TabItem value="a">\n\n    ```sh\n    x\n    ```\n\n  </TabItem>\n</Tabs>',
    );
    expect(tabs.syntax).toContain('mdx');
    expect(tabs.issues).toBe(0);
    const totals = folder.totals();
    expect(totals).toMatchObject({ files: 3, failed: 0, issues: 1 });
    expect(totals.chunks).toBe(guide.chunks + long.chunks + tabs.chunks);
    expect(totals.histogram.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(totals.chunks);
  });
});
