/** The `xliff` package (locize/xliff) ships no types: what Loci uses of it. */
declare module 'xliff/js2xliff' {
  import type { XliffDocument } from 'xliff/xliff2js';
  export default function js2xliff(document: XliffDocument, options?: { indent?: string }): Promise<string>;
}
declare module 'xliff/xliff2js' {
  export interface XliffUnit {
    source?: unknown;
    target?: unknown;
    note?: string;
    additionalAttributes?: Record<string, string>;
  }
  export interface XliffDocument {
    sourceLanguage?: string;
    targetLanguage?: string;
    resources: Record<string, Record<string, XliffUnit>>;
  }
  export default function xliff2js(xml: string): Promise<XliffDocument>;
}
