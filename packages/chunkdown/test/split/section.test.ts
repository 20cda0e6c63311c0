import { describe, expect, test } from 'vitest';
import { sectionUnit } from '../../src/split/section.js';
import type { Unit } from '../../src/split/types.js';
import { leavesText, stage } from '../helpers/stages.js';

/** Each part of a unit: its kind and text. */
const parts = (unit: Unit) =>
  (unit.split() as Unit[]).map((part) => `${part.kind} ${leavesText(part.leaves())}`);

describe('sectionUnit', () => {
  const markdown =
    '# Guide\n\nIntro.\n\nMore intro.\n\n## Install\n\nRun it.\n\n## Use\n\nCall it.';

  test('is the section whole: its size, and its leaves in document order', () => {
    const { document, measure, state } = stage(markdown, { chunkSize: 100 });
    const guide = document.subsections[0]!;
    const unit = sectionUnit(guide, state);
    expect(unit.kind).toBe('section');
    expect(unit.size).toBe(measure.section(guide));
    expect(unit.size).toBe('GuideIntro.More intro.InstallRun it.UseCall it.'.length);
    expect(unit.leaves().map((leaf) => [leaf.node.type, leaf.from])).toEqual([
      ['heading', -1],
      ['paragraph', -1],
      ['paragraph', -1],
      ['heading', -1],
      ['paragraph', -1],
      ['heading', -1],
      ['paragraph', -1],
    ]);
    expect(leavesText(unit.leaves())).toBe('GuideIntro.More intro.InstallRun it.UseCall it.');
  });

  test('splits into its heading, its blocks, then its subsections', () => {
    const { document, state } = stage(markdown, { chunkSize: 100 });
    expect(parts(sectionUnit(document.subsections[0]!, state))).toEqual([
      'heading Guide',
      'block Intro.',
      'block More intro.',
      'section InstallRun it.',
      'section UseCall it.',
    ]);
  });

  test('thematic breaks group its blocks into parts', () => {
    const { document, state } = stage('One.\n\nTwo.\n\n---\n\nThree.', { chunkSize: 100 });
    const unit = sectionUnit(document, state);
    expect(parts(unit)).toEqual(['block One.Two.', 'break ', 'block Three.']);
    expect(parts((unit.split() as Unit[])[0]!)).toEqual(['block One.', 'block Two.']);
  });

  test('a section of headings only has no content', () => {
    const empty = stage('# Title\n\n## Empty', { chunkSize: 100 });
    expect(sectionUnit(empty.document, empty.state).content).toBe(false);
    const full = stage('# Title\n\n## Full\n\nText.', { chunkSize: 100 });
    expect(sectionUnit(full.document, full.state).content).toBe(true);
  });

  test('splits once: the parts are the same on every call', () => {
    const { document, state } = stage(markdown, { chunkSize: 100 });
    const unit = sectionUnit(document, state);
    expect(unit.split()).toBe(unit.split());
  });

  test('the releases of a changelog are records, and so are their parts', () => {
    const release = (version: string) =>
      `## [${version}] - 2024-01-01\n\n* A change in ${version}.\n* Another change.`;
    const changelog = `# Changelog\n\n${['3.0.0', '2.0.0', '1.0.0'].map(release).join('\n\n')}`;
    const { document, state, records } = stage(changelog, { chunkSize: 100 });
    expect(records.kind).toBe('record-list');
    const [title] = document.subsections;
    const releases = (sectionUnit(title!, state).split() as Unit[]).slice(1);
    expect(releases.map((unit) => [unit.kind, unit.record])).toEqual([
      ['section', true],
      ['section', true],
      ['section', true],
    ]);
    expect(sectionUnit(title!, state).record).toBeUndefined();
  });
});
