import { h } from './dom.ts';

/**
 * Download text as a file.
 *
 * @param name File name.
 * @param text Content.
 * @param type Media type.
 */
export function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Put text on the clipboard.
 *
 * @param text Text to copy.
 * @returns Whether the browser let the page copy it.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
