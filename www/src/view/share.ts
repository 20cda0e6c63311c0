import { exampleText } from '../examples.ts';
import type { AppStore } from '../lib/app-state.ts';
import { latestQueue } from '../lib/latest.ts';
import { quietSender } from '../lib/quiet-send.ts';
import { MAX_LINK_CHARS, toStateFile } from '../lib/url-state.ts';
import type { ShareAnswer, ShareRequest, SplitRequest } from '../protocol.ts';
import { byId } from './dom.ts';
import type { EditFeed } from './editor.ts';
import { copyText, download } from './save.ts';
import type { Status } from './status.ts';

/** The state in the URL, and the Share button. */
export interface Share {
  /**
   * The page shows the results of this request: put its state in the URL.
   *
   * @param request The request whose answer is on screen.
   * @param length The text's length: a large text is compressed once typing rests.
   */
  update(request: SplitRequest, length?: number): void;
}

/**
 * Characters from which the state is compressed only once the page has shown no new answer for
 * 700 ms and no split waits or runs: compressing 1 MB takes hundreds of milliseconds of CPU, which, on every answer while
 * typing, took a core from the split worker and the page on a 2-core machine. Such a text never
 * fits in a link anyway; its fragment is cleared at once.
 */
const COMPRESS_LATER_FROM = 100_000;

/**
 * The state in the URL: the share worker compresses each state the page shows, and the address
 * bar gets it when it fits in a link; a larger one clears the fragment, so a link never holds an
 * older state than the page shows. **Share** copies the link, or offers the state as a file when
 * it is too large (the panel of `index.html`).
 *
 * @param store The page's state, for the state file.
 * @param status Where notices go.
 * @param feed The text's edits, for the share worker's copy of the text.
 * @param currentText The text now (for the state file).
 * @param busy Whether a split is waiting or running (typing goes on): a large state waits.
 * @returns The share.
 */
export function createShare(
  store: AppStore,
  status: Status,
  feed: EditFeed,
  currentText: () => string,
  busy: () => boolean = () => false,
): Share {
  const worker = new Worker(new URL('../share-worker.ts', import.meta.url), { type: 'module' });
  const panel = byId('share-panel', HTMLDivElement);
  let latest = 0;
  let answer: ShareAnswer | null = null;
  let waiting: ((answer: ShareAnswer) => void)[] = [];
  type Job = Omit<ShareRequest, 'edits'>;
  // The edits are taken when a request goes out, so a request dropped while one ran loses none.
  const queue = latestQueue<Job>((job) => worker.postMessage({ ...job, edits: feed.take() }));
  const sender = quietSender<Job>((job) => queue.push(job), {
    from: COMPRESS_LATER_FROM,
    delay: 700,
    busy,
  });
  worker.addEventListener('message', (event: MessageEvent<ShareAnswer>) => {
    queue.done();
    if (event.data.resync) {
      feed.reset();
      queue.push({
        id: event.data.id,
        example: store.state.example,
        settings: store.state.settings,
      });
      return;
    }
    if (event.data.id !== latest) return;
    answer = event.data;
    setUrl(answer.hash.length <= MAX_LINK_CHARS ? answer.hash : '');
    for (const resolve of waiting) resolve(event.data);
    waiting = [];
  });

  /** The link's fragment for what the page shows, or `null` when it is too large. */
  async function link(): Promise<string | null> {
    // Asked for now: the state waiting for the typing to rest goes at once.
    sender.flush();
    const current =
      answer?.id === latest
        ? answer
        : await new Promise<ShareAnswer>((resolve) => {
            waiting.push(resolve);
          });
    return current.hash.length <= MAX_LINK_CHARS ? current.hash : null;
  }

  byId('share', HTMLButtonElement).addEventListener('click', () => {
    void link().then(async (hash) => {
      if (hash === null) {
        panel.hidden = false;
        byId('share-download', HTMLButtonElement).focus();
        return;
      }
      const copied = await copyText(location.href);
      status.notify(copied ? 'Link copied to the clipboard' : 'Copy the link from the address bar');
    });
  });
  byId('share-download', HTMLButtonElement).addEventListener('click', () => {
    const file = toStateFile({ ...store.state, text: currentText() }, exampleText);
    download(`${store.name}.chunkdown.json`, file, 'application/json');
    panel.hidden = true;
  });
  byId('share-close', HTMLButtonElement).addEventListener('click', () => {
    panel.hidden = true;
  });

  return {
    update(request, length = 0) {
      latest = request.id;
      const { example, settings } = request;
      if (sender.push({ id: request.id, example, settings }, length)) return;
      // The link would hold an older state until the compression: none instead.
      if (answer?.hash) setUrl('');
      answer = null;
    },
  };
}

/**
 * Put the state in the address bar, without a history entry per edit.
 *
 * @param hash Fragment from `encodeState()`, or `''` to clear it.
 */
function setUrl(hash: string): void {
  try {
    history.replaceState(null, '', hash || `${location.pathname}${location.search}`);
  } catch {
    // A browser that refuses the URL keeps the previous one; Share still offers the file.
  }
}
