import { describe, expect, it } from 'vitest';
import { createLiveSplitter } from '../../src/lib/live-split.ts';
import { DEFAULT_SETTINGS } from '../../src/lib/settings.ts';
import type { SplitRequest, TokenizerRequest, WorkerMessage } from '../../src/protocol.ts';
import {
  createSplitClient,
  type SplitAnswer,
  type SplitWorker,
} from '../../src/view/split-client.ts';

/** A worker that keeps what it was sent and answers when told. */
function fakeWorker() {
  const sent: SplitRequest[] = [];
  const tokenizers: TokenizerRequest[] = [];
  const listeners = new Map<string, (event: never) => void>();
  const worker: SplitWorker = {
    postMessage(request) {
      if (request.kind === 'tokenizer') tokenizers.push(request);
      else sent.push(request);
    },
    addEventListener(type: string, listener: (event: never) => void) {
      listeners.set(type, listener);
    },
  };
  const answer = (message: WorkerMessage) => listeners.get('message')?.({ data: message } as never);
  return { worker, sent, tokenizers, answer };
}

const characters = (text: string) => text.length;
const state = () => ({ example: null, settings: { ...DEFAULT_SETTINGS, rules: {} } });

/** The editor's side: a text that changes, its revision, and a feed that sends it whole. */
function fakeText(initial: string) {
  const doc = { text: initial, revision: 0, resets: 0 };
  const source = {
    feed: {
      take: () => ({ text: doc.text }),
      reset: () => {
        doc.resets++;
      },
    },
    revision: () => doc.revision,
  };
  const type = (text: string) => {
    doc.text = text;
    doc.revision++;
  };
  return { doc, source, type };
}

/** The text a request carries (the fake feed sends it whole). */
const textOf = (request: SplitRequest | undefined) =>
  request && 'text' in request.edits ? request.edits.text : undefined;

describe('the split client', () => {
  it('sends one request at a time, only the newest waits, and stale answers are dropped', () => {
    const { worker, sent, answer } = fakeWorker();
    const answers: SplitAnswer[] = [];
    const { source, type } = fakeText('a');
    const client = createSplitClient(
      worker,
      {
        started() {},
        answered: (result) => answers.push(result),
        failed: (message) => expect.unreachable(message),
      },
      source,
    );
    type('a');
    client.split(state());
    type('ab');
    client.split(state());
    type('abc');
    client.split(state());
    expect(sent.map(textOf)).toEqual(['a']);

    // The first answer is stale (two requests followed it): it is dropped, the newest goes out.
    const live = createLiveSplitter();
    const settings = state().settings;
    answer({
      id: sent[0]?.id ?? 0,
      ok: true,
      chunkdown: live.split('a', settings, characters),
      length: 1,
      ms: 1,
    });
    expect(answers).toEqual([]);
    // The edits are taken as the request goes out: the newest text, the newest revision.
    expect(sent.map(textOf)).toEqual(['a', 'abc']);

    answer({
      id: sent[1]?.id ?? 0,
      ok: true,
      chunkdown: live.split('abc', settings, characters),
      length: 3,
      ms: 1,
    });
    expect(answers.map((result) => [textOf(result.request), result.revision])).toEqual([
      ['abc', 3],
    ]);
    // The chunks of the dropped answer were kept for the delta of the newest one.
    const shown = answers[0]?.chunkdown;
    expect(shown?.ok && shown.chunks.map((chunk) => chunk.text)).toEqual(['abc']);
  });

  it('reports the worker’s error for the newest request', () => {
    const { worker, sent, answer } = fakeWorker();
    const failures: string[] = [];
    const client = createSplitClient(
      worker,
      {
        started() {},
        answered: () => expect.unreachable(),
        failed: (message) => failures.push(message),
      },
      fakeText('a').source,
    );
    client.split(state());
    answer({ id: sent[0]?.id ?? 0, ok: false, error: 'RangeError: no' });
    expect(failures).toEqual(['The worker failed: RangeError: no']);
  });

  it('sends the whole text again when the worker’s copy fell out of step', () => {
    const { worker, sent, answer } = fakeWorker();
    const { doc, source } = fakeText('abc');
    const client = createSplitClient(
      worker,
      { started() {}, answered() {}, failed: (message) => expect.unreachable(message) },
      source,
    );
    client.split(state());
    answer({ id: sent[0]?.id ?? 0, ok: false, error: 'Error: out of step', resync: true });
    expect(doc.resets).toBe(1);
    expect(sent.map(textOf)).toEqual(['abc', 'abc']);
  });

  it('hands the worker a tokenizer.json and resolves with its answer, splits going on meanwhile', async () => {
    const { worker, sent, tokenizers, answer } = fakeWorker();
    const answers: SplitAnswer[] = [];
    const client = createSplitClient(
      worker,
      {
        started() {},
        answered: (result) => answers.push(result),
        failed: (message) => expect.unreachable(message),
      },
      fakeText('a').source,
    );
    client.split(state());
    const loaded = client.loadTokenizer('bge.json', '{"model": {}}');
    expect(tokenizers).toEqual([
      { kind: 'tokenizer', id: 1, name: 'bge.json', text: '{"model": {}}' },
    ]);
    // The tokenizer's answer is not a split's: the split in flight still gets its own.
    answer({
      kind: 'tokenizer',
      id: 1,
      ok: true,
      name: 'bge.json',
      specialTokens: ['[CLS]', '[SEP]'],
    });
    expect(await loaded).toEqual({
      kind: 'tokenizer',
      id: 1,
      ok: true,
      name: 'bge.json',
      specialTokens: ['[CLS]', '[SEP]'],
    });
    const chunkdown = createLiveSplitter().split('a', state().settings, characters);
    answer({ id: sent[0]?.id ?? 0, ok: true, chunkdown, length: 1, ms: 1 });
    expect(answers.map((result) => textOf(result.request))).toEqual(['a']);
  });
});
