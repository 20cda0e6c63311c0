/** Attributes of {@link h}: `class`, `data-*`, ARIA and properties; `on*` functions are listeners. */
type Attributes = Record<string, string | number | boolean | null | undefined | EventListener>;
/** Children of {@link h}; `null`, `undefined` and `false` are skipped. */
type Child = Node | string | number | null | undefined | false;

/**
 * Create an element.
 *
 * @param tag Tag name.
 * @param attributes Attributes; `false`/`null`/`undefined` values are left out, `onclick` etc.
 *   become listeners.
 * @param children Child nodes or text.
 * @returns The element.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') {
      element.addEventListener(name.slice(2), value);
    } else if (name in element && !name.includes('-') && name !== 'list' && name !== 'form') {
      (element as unknown as Record<string, unknown>)[name] = value;
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(element, children);
  return element;
}

function append(parent: Element, children: (Child | Child[])[]): void {
  for (const child of children) {
    if (Array.isArray(child)) append(parent, child);
    else if (child === null || child === undefined || child === false) continue;
    else parent.append(child instanceof Node ? child : String(child));
  }
}

/**
 * An element by id, typed; a missing element is a bug in the page, so it throws.
 *
 * @param id Element id.
 * @param type Expected constructor.
 * @returns The element.
 */
export function byId<T extends HTMLElement>(id: string, type: new () => T): T {
  const element = document.getElementById(id);
  if (!(element instanceof type)) throw new Error(`Missing #${id}`);
  return element;
}

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/**
 * Format a size for display: whole numbers with separators, others to one decimal.
 *
 * @param value Number or `null`.
 * @returns Text; `–` for `null`.
 */
export function formatNumber(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '–';
  return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
}

/**
 * Escape text for HTML.
 *
 * @param text Text.
 * @returns Escaped text.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (char) =>
    char === '&' ? '&amp;' : char === '<' ? '&lt;' : char === '>' ? '&gt;' : '&quot;',
  );
}
