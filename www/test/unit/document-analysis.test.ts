import { outline } from 'chunkdown/quality';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lib/analyze.ts';
import { createDocumentAnalyzer } from '../../src/lib/document-analysis.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../src/lib/settings.ts';

const characters = (text: string) => text.length;
const settings = (changes: Partial<Settings> = {}): Settings => ({
  ...DEFAULT_SETTINGS,
  rules: {},
  ...changes,
});
const text = '# Guide\n\nSome prose here.\n\n## Tables\n\n| a | b |\n| - | - |\n| 1 | 2 |\n';

describe('the document analyzer', () => {
  it('gives the outline and LangChain’s split that analyze gives', async () => {
    const analyzer = createDocumentAnalyzer();
    const once = await analyze(text, settings(), characters);
    const document = await analyzer.analyze(text, settings(), characters);
    expect(document.sections).toEqual(outline(text));
    expect(document.sections).toEqual(once.sections);
    if (!document.langchain.ok || !once.langchain.ok) throw new Error('LangChain failed');
    expect({ ...document.langchain.report, ms: 0 }).toEqual({ ...once.langchain.report, ms: 0 });
  });

  it('keeps its answers while the text and LangChain’s options stay', async () => {
    const analyzer = createDocumentAnalyzer();
    const first = await analyzer.analyze(text, settings(), characters);
    // A chunkdown-only option: neither the outline nor LangChain's split change.
    const again = await analyzer.analyze(text, settings({ maxOverflowRatio: 2 }), characters);
    expect(again.sections).toBe(first.sections);
    expect(again.langchain).toBe(first.langchain);
    const smaller = await analyzer.analyze(text, settings({ chunkSize: 20 }), characters);
    expect(smaller.sections).toBe(first.sections);
    expect(smaller.langchain).not.toBe(first.langchain);
    const edited = await analyzer.analyze(
      `${text}\n## More\n`,
      settings({ chunkSize: 20 }),
      characters,
    );
    expect(edited.sections).toHaveLength(1);
    expect(edited.sections[0]?.children.map((section) => section.heading?.text)).toEqual([
      'Tables',
      'More',
    ]);
  });
});
