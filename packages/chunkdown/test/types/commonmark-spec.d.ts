declare module 'commonmark-spec' {
  /** One example of the CommonMark spec (tabs are written as `→`). */
  export interface Example {
    markdown: string;
    html: string;
    section: string;
    number: number;
  }
  export const tests: Example[];
  export const text: string;
}
