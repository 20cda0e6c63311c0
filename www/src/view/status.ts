import { byId } from './dom.ts';

/** Where the page is in its edit → split → show cycle. */
export type Phase = 'pending' | 'busy' | 'ready';

/** What the page tells about its progress: the phase, the status line and short notices. */
export interface Status {
  /**
   * Expose the phase as `<html data-phase>`, so scripts (and the end-to-end tests) can wait for
   * the results of what was typed.
   *
   * @param phase `pending` (waiting for the typing pause), `busy` (splitting) or `ready`.
   */
  phase(phase: Phase): void;
  /**
   * Set the status line beside the results' title.
   *
   * @param text What the page is doing or did (`''` to clear it).
   */
  line(text: string): void;
  /**
   * Show a notice for three seconds (a file opened, a link copied).
   *
   * @param message The notice.
   */
  notify(message: string): void;
}

/**
 * The status of the page from `index.html` (`#status`, `#toast`).
 *
 * @returns The status.
 */
export function createStatus(): Status {
  const status = byId('status', HTMLSpanElement);
  const toast = byId('toast', HTMLParagraphElement);
  let toastTimer: ReturnType<typeof setTimeout> | undefined;
  return {
    phase(phase) {
      document.documentElement.dataset.phase = phase;
    },
    line(text) {
      status.textContent = text;
    },
    notify(message) {
      toast.textContent = message;
      toast.classList.add('visible');
      clearTimeout(toastTimer);
      toastTimer = setTimeout(() => toast.classList.remove('visible'), 3000);
    },
  };
}
