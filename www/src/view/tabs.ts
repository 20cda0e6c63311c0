import { byId } from './dom.ts';

/** The result views, in the order of their tabs. */
export const TABS = ['chunks', 'sections', 'stats', 'compare', 'folder'] as const;
/** A result view. */
export type Tab = (typeof TABS)[number];

/** The tabs over the result views. */
export interface Tabs {
  /** The open tab. */
  readonly active: Tab;
  /**
   * New results: draw the open view now and each other one when it is opened.
   *
   * @param tabs The views the new results change (all by default).
   */
  invalidate(tabs?: readonly Tab[]): void;
  /** Open a tab (and show its button, which a tab hidden until needed starts without). */
  open(tab: Tab): void;
}

/**
 * Wire the tabs of the page from `index.html` (`#tab-<name>` buttons over `#view-<name>`
 * panels): a click or the arrow keys open one, and a view is drawn only when it is open.
 *
 * @param render Draws a view.
 * @returns The tabs, with the first one open.
 */
export function createTabs(render: (tab: Tab, view: HTMLElement) => void): Tabs {
  const views = TABS.map((tab) => byId(`view-${tab}`, HTMLDivElement));
  const buttons = TABS.map((tab) => byId(`tab-${tab}`, HTMLButtonElement));
  const stale = new Set<Tab>();
  let active: Tab = TABS[0];

  const draw = (tab: Tab) => {
    if (!stale.delete(tab)) return;
    render(tab, views[TABS.indexOf(tab)] as HTMLElement);
  };
  const open = (tab: Tab) => {
    active = tab;
    TABS.forEach((name, index) => {
      const selected = name === tab;
      buttons[index]?.setAttribute('aria-selected', String(selected));
      buttons[index]?.setAttribute('tabindex', selected ? '0' : '-1');
      (views[index] as HTMLElement).hidden = !selected;
    });
    draw(tab);
  };
  buttons.forEach((button, index) => {
    button.addEventListener('click', () => open(TABS[index] as Tab));
    button.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (step === 0) return;
      let next = index;
      do next = (next + step + TABS.length) % TABS.length;
      while (buttons[next]?.hidden && next !== index);
      open(TABS[next] as Tab);
      buttons[next]?.focus();
    });
  });
  open(active);

  return {
    get active() {
      return active;
    },
    open(tab) {
      const button = buttons[TABS.indexOf(tab)];
      if (button) button.hidden = false;
      open(tab);
    },
    invalidate(tabs = TABS) {
      for (const tab of tabs) stale.add(tab);
      draw(active);
    },
  };
}
