import { describe, expect, test } from 'vitest';
import { type ChunkParent, chunkdown, type SplitResult } from '../src/index.js';
import { realDocuments } from './helpers/corpus.js';

/**
 * Section parents through the public API (issue 43): every chunk's parent holds it, a parent is
 * the smallest section that fits or a run of chunks up to `maxSize`, ids are stable under edits
 * elsewhere, and `update` reports parent changes.
 */

/** The problems of a result's parents: what breaks "every chunk's parent holds it". */
function parentProblems(input: string, result: SplitResult, maxSize: number): string[] {
  const problems: string[] = [];
  const parents = result.parents ?? [];
  const byId = new Map(parents.map((parent) => [parent.id, parent]));
  if (byId.size !== parents.length) problems.push('parent ids repeat');
  const members = new Map<string, number[]>();
  result.chunks.forEach((chunk, index) => {
    const parent = chunk.parentId === undefined ? undefined : byId.get(chunk.parentId);
    if (!parent) {
      problems.push(`chunk ${index} has no parent`);
      return;
    }
    if (!(parent.start <= chunk.start && chunk.end <= parent.end))
      problems.push(`chunk ${index} [${chunk.start}, ${chunk.end}) outside its parent`);
    if (!parent.text.includes(chunk.text)) problems.push(`chunk ${index}'s text not in its parent`);
    members.set(parent.id, [...(members.get(parent.id) ?? []), index]);
  });
  let next = 0;
  for (const parent of parents) {
    const indexes = members.get(parent.id) ?? [];
    // Parents are runs of consecutive chunks, in order, together all of them.
    if (indexes[0] !== next || indexes.some((value, at) => value !== next + at))
      problems.push(`parent ${parent.id} is not the run of chunks after the one before it`);
    next += indexes.length;
    const size = indexes.reduce((sum, index) => sum + (result.chunks[index]?.contentSize ?? 0), 0);
    if (parent.contentSize !== size) problems.push(`parent ${parent.id} size is not its chunks'`);
    if (parent.contentSize > maxSize && indexes.length > 1)
      problems.push(`parent ${parent.id} over maxSize with ${indexes.length} chunks`);
    if (input.slice(parent.start, parent.end).trim() === '')
      problems.push(`parent ${parent.id} points at no source`);
  }
  if (next !== result.chunks.length) problems.push('chunks left without a parent');
  return problems;
}

const guide = `# Guide

An introduction to the guide, short.

## Install

${'Install it with npm, then import it. '.repeat(6)}

${'Node 20 or later is needed to run it. '.repeat(6)}

## Use

${'Call the function with your text and options. '.repeat(8)}

### Options

${'Every option has a default that suits most documents. '.repeat(8)}

## Troubleshooting

${'When it fails, read the message first: it names the option. '.repeat(30)}
`;

describe('parents', () => {
  const splitter = chunkdown({ chunkSize: 120, parents: { maxSize: 500 } });
  const result = splitter.split(guide);
  const parents = result.parents as ChunkParent[];
  const parentOf = (text: string) => {
    const chunk = result.chunks.find((each) => each.text.includes(text));
    return parents.find((parent) => parent.id === chunk?.parentId);
  };

  test('off by default: no parentId, no parents', () => {
    const plain = chunkdown({ chunkSize: 120 }).split(guide);
    expect(plain).not.toHaveProperty('parents');
    expect(plain.chunks[0]).not.toHaveProperty('parentId');
    // The chunks are the same with parents on, parentId aside.
    expect(result.chunks.map(({ parentId: _, ...chunk }) => chunk)).toEqual(plain.chunks);
  });

  test('every chunk has a parent that holds it', () => {
    expect(parentProblems(guide, result, 500)).toEqual([]);
  });

  test('a section that fits is the parent, heading included', () => {
    const install = parentOf('Node 20 or later');
    expect(install?.text.startsWith('## Install\n\n')).toBe(true);
    expect(install?.breadcrumbs).toEqual([{ text: 'Guide', depth: 1 }]);
    expect(guide.slice(install?.start, install?.end)).toBe(
      guide.slice(guide.indexOf('## Install'), guide.indexOf('## Use')).trimEnd(),
    );
    // Several chunks of Install, one parent.
    expect(result.chunks.filter((chunk) => chunk.parentId === install?.id).length).toBeGreaterThan(
      1,
    );
    // `## Use` with its `### Options` holds more than 500: Options is a parent of its own.
    const options = parentOf('Every option has a default');
    expect(options?.text.startsWith('### Options')).toBe(true);
    expect(options?.breadcrumbs.map((crumb) => crumb.text)).toEqual(['Guide', 'Use']);
    expect(parentOf('Call the function')?.id).not.toBe(options?.id);
  });

  test('a section larger than maxSize is cut into runs of chunks up to maxSize', () => {
    const runs = parents.filter((parent) =>
      parent.text.includes('When it fails, read the message'),
    );
    expect(runs.length).toBeGreaterThan(1);
    for (const run of runs) expect(run.contentSize).toBeLessThanOrEqual(500);
    expect(runs[0]?.text.startsWith('## Troubleshooting')).toBe(true);
    expect(runs[1]?.breadcrumbs.map((crumb) => crumb.text)).toEqual(['Guide', 'Troubleshooting']);
  });

  test('ids are stable under an edit in another section, and update reports parent changes', () => {
    const edited = guide.replace('Call the function', 'Call the exported function');
    const after = splitter.split(edited);
    const idsOf = (each: SplitResult) => new Set(each.parents?.map((parent) => parent.id));
    const before = idsOf(result);
    const now = idsOf(after);
    expect(now.has(parentOf('Node 20 or later')?.id as string)).toBe(true);
    expect(now.has(parentOf('Every option has a default')?.id as string)).toBe(true);
    expect(now.has(parentOf('An introduction')?.id as string)).toBe(true);
    const updated = splitter.update(result, edited);
    expect(updated.parents).toEqual(after.parents);
    const parentBefore = new Map(result.chunks.map((chunk) => [chunk.id, chunk.parentId]));
    expect(updated.changes.parents).toEqual({
      added: after.parents?.filter((parent) => !before.has(parent.id)),
      removed: [...before].filter((id) => !now.has(id)),
      kept: [...now].filter((id) => before.has(id)),
      reparented: after.chunks
        .filter(
          (chunk) => parentBefore.has(chunk.id) && parentBefore.get(chunk.id) !== chunk.parentId,
        )
        .map((chunk) => ({ id: chunk.id, parentId: chunk.parentId })),
    });
    expect(updated.changes.parents?.added.map((parent) => parent.text)).toEqual([
      expect.stringContaining('Call the exported function'),
    ]);
    // From a result without parents (another splitter), every parent is added.
    const fresh = splitter.update(chunkdown({ chunkSize: 120 }).split(guide), guide);
    expect(fresh.changes.parents?.added).toEqual(result.parents);
  });

  test('update names the kept chunks whose parent changed, so none points at a removed parent', () => {
    const markdown =
      '# Guide\n\n## Install\n\nRun the installer first. It puts the binary on your path.\n\nThen check the version. It should print the release you picked.\n';
    const small = chunkdown({ chunkSize: 60, parents: { maxSize: 200 } });
    const first = small.split(markdown);
    const updated = small.update(
      first,
      markdown.replace('Run the installer first.', 'Run the new installer first.'),
    );
    const changes = updated.changes;
    const moved = new Map(changes.parents?.reparented.map((each) => [each.id, each.parentId]));
    expect(moved.size).toBeGreaterThan(0);
    const removed = new Set(changes.parents?.removed);
    const before = new Map(first.chunks.map((chunk) => [chunk.id, chunk.parentId]));
    // Applying the change set to the stored chunks leaves every parentId on a stored parent.
    const stored = new Set([
      ...(first.parents ?? []).map((parent) => parent.id).filter((id) => !removed.has(id)),
      ...(changes.parents?.added ?? []).map((parent) => parent.id),
    ]);
    for (const id of changes.kept) {
      const parentId = moved.get(id) ?? before.get(id);
      expect(stored.has(parentId as string)).toBe(true);
      expect(parentId).toBe(updated.chunks.find((chunk) => chunk.id === id)?.parentId);
    }
  });

  test('a heading with nothing under it belongs to the section the splitter keeps it with', () => {
    // `## Old name` right above `## New name`, and a last `## See also` with nothing after it:
    // the chunk that holds such a heading lay in no one section, so a section that fits was
    // cut into two parents.
    const intro =
      '## Intro\n\nSome words about the whole page go here, long enough to fill a chunk.\n\n';
    const renamed = `${intro}## Old name\n\n## New name\n\nThe calls are now synchronous.\n\nPass only the scheme.\n`;
    const trailing = `${intro}## Usage\n\nThe calls are now synchronous.\n\nPass only the scheme.\n\n## See also\n`;
    const small = chunkdown({ chunkSize: 40, parents: { maxSize: 120 } });
    for (const markdown of [renamed, trailing]) {
      const split = small.split(markdown);
      expect(parentProblems(markdown, split, 120)).toEqual([]);
      expect(split.parents?.map((parent) => parent.text.split('\n')[0])).toEqual([
        '## Intro',
        markdown === renamed ? '## Old name' : '## Usage',
      ]);
      expect(split.parents?.[1]?.text).toContain('Pass only the scheme.');
    }
  });

  test('maxRawSize and context do not apply to parents', () => {
    const capped = chunkdown({
      chunkSize: 120,
      maxRawSize: 200,
      context: true,
      parents: { maxSize: 2000 },
    }).split(guide);
    expect(parentProblems(guide, capped, 2000)).toEqual([]);
    expect(Math.max(...(capped.parents ?? []).map((parent) => parent.text.length))).toBeGreaterThan(
      200,
    );
    expect(capped.parents?.[0]).not.toHaveProperty('embedText');
  });

  test('a whole document that fits is one parent; empty input has none', () => {
    const whole = chunkdown({ chunkSize: 120, parents: { maxSize: 10_000 } }).split(guide);
    expect(whole.parents).toHaveLength(1);
    expect(whole.parents?.[0]?.text).toBe(whole.chunks.map((chunk) => chunk.text).join('\n\n'));
    expect(chunkdown({ chunkSize: 10, parents: { maxSize: 10 } }).split('  \n')).toMatchObject({
      chunks: [],
      parents: [],
    });
  });

  test('offsets after a byte order mark and front matter', () => {
    const input = `\uFEFF---\ntitle: x\n---\n${guide}`;
    const shifted = splitter.split(input);
    expect(parentProblems(input, shifted, 500)).toEqual([]);
    expect(shifted.parents?.map((parent) => parent.id)).toEqual(parents.map((parent) => parent.id));
  });

  test('a heading with nothing under it before a subsection belongs with the subsection', () => {
    const markdown = `# Server\n\n## Factory\n\nCreates a server. It takes an options object and returns an instance you can register plugins on.\n\n### bodyLimit\n\nThe largest request body the server accepts, in bytes. Defaults to 1 MiB. A larger body is refused with status 413.\n`;
    const nested = chunkdown({ chunkSize: 80, parents: { maxSize: 150 } }).split(markdown);
    expect(nested.parents?.map((parent) => parent.text.split('\n')[0])).toEqual([
      '# Server',
      '### bodyLimit',
    ]);
    expect(nested.parents?.[0]?.text).toContain('Creates a server.');
    expect(nested.parents?.[0]?.text).toContain('register plugins on.');
  });

  test('validated up front', () => {
    expect(() => chunkdown({ chunkSize: 500, parents: { maxSize: 400 } })).toThrow(
      /`options.parents.maxSize` to be at least `chunkSize` \(500\)/,
    );
  });
});

describe('parents on real documents', () => {
  const documents = realDocuments();
  for (const [chunkSize, maxSize, overlap] of [
    [500, 2000, 0],
    [200, 600, 50],
  ] as const) {
    test(`every chunk's parent holds it (chunkSize ${chunkSize}, parents ${maxSize}, overlap ${overlap})`, () => {
      const splitter = chunkdown({ chunkSize, overlap, parents: { maxSize } });
      const problems: string[] = [];
      for (const document of documents) {
        const result = splitter.split(document.text);
        for (const problem of parentProblems(document.text, result, maxSize))
          problems.push(`${document.name}: ${problem}`);
      }
      expect(problems.slice(0, 10)).toEqual([]);
    });
  }
});
