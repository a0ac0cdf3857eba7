import { z } from 'zod';

/**
 * Rich text (HTML written with the console's rich-text editor) and the one
 * policy of what it may contain. The server's sanitiser (on save and where it
 * presents rich text) and the browser's (before anything is shown) are both
 * configured from RICH_TEXT_POLICY, so what the editor writes survives and
 * nothing else does. The domain only holds the data: it has no DOM and
 * sanitises nothing itself.
 */

/** Longest rich text accepted, counted in characters of HTML. */
export const RICH_TEXT_MAX_LENGTH = 20_000;

/** Messages of rich-text fields. */
export const RICH_TEXT_MESSAGES = {
  tooLong: `Too long: formatted text can have at most ${RICH_TEXT_MAX_LENGTH.toLocaleString('en-US')} characters (including its formatting)`,
} as const;

/** What rich text may contain; everything else is dropped (its text kept, but for script-like elements). */
export const RICH_TEXT_POLICY = {
  /** The elements the editor writes (paragraphs, headings, emphasis, lists, quotes, code, rules, breaks, links). */
  allowedTags: [
    'p',
    'h1',
    'h2',
    'h3',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'del',
    'ul',
    'ol',
    'li',
    'blockquote',
    'code',
    'pre',
    'hr',
    'br',
    'a',
  ],
  /** Attributes per element; no element may carry any other (no style, no event handlers). */
  allowedAttributes: { a: ['href', 'target', 'rel'], ol: ['start'] } as Record<string, readonly string[]>,
  /** URL schemes a link may use (a relative link, having none, stays: it cannot run script). */
  allowedSchemes: ['http', 'https', 'mailto'],
  /** Every link opens in a new tab without handing it the opener. */
  linkTarget: '_blank',
  linkRel: 'noopener noreferrer',
  /** Elements dropped with everything inside them, not just their tags (the server's list; DOMPurify has its own, longer one). */
  droppedWithContent: [
    'script',
    'style',
    'textarea',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
    'title',
  ],
} as const;

/**
 * Marks the zod fields that hold rich text, so the server can find and
 * sanitise every one of them in a parsed body without a list to keep up to date.
 */
export const richTextFields = z.registry<{ richText: true }>();

/** Rich text (HTML), '' when missing; at most RICH_TEXT_MAX_LENGTH characters; emptiness is checked with isRichTextEmpty. */
export const richText = z
  .string()
  .max(RICH_TEXT_MAX_LENGTH, RICH_TEXT_MESSAGES.tooLong)
  .nullish()
  .transform((value) => value ?? '')
  .register(richTextFields, { richText: true });

/** True when `schema` is a field marked as rich text. */
export function isRichTextField(schema: z.core.$ZodType): boolean {
  return richTextFields.has(schema);
}

/**
 * Known ways to smuggle script into HTML, each setting `window.__xss` (or
 * calling alert) if it ever runs. The tests of every layer — the server's
 * sanitiser, the web renderer and the browser suite — feed them through.
 */
export const RICH_TEXT_ATTACKS = {
  noscriptComment: '<noscript><!--</noscript><img src=x onerror="window.__xss=1">--></noscript>',
  svgXlink: '<svg><a xlink:href="javascript:window.__xss=1"><text x="20" y="20">click me</text></a></svg>',
  script: '<script>window.__xss=1</script><p>after script</p>',
  imgOnerror: '<img src=x onerror="window.__xss=1">',
  javascriptHref: '<a href="javascript:window.__xss=1">js link</a>',
  spacedJavascriptHref: '<a href="  jAvAsCrIpT:window.__xss=1">spaced js link</a>',
  entityJavascriptHref: '<a href="&#106;avascript:window.__xss=1">entity js link</a>',
  iframe: '<iframe src="javascript:window.__xss=1"></iframe><iframe srcdoc="<script>parent.__xss=1</script>"></iframe>',
  style: '<style>@import "javascript:window.__xss=1"; p { background: url(javascript:window.__xss=1) }</style>',
  svgOnload:
    '<svg onload="window.__xss=1"></svg><svg><animate onbegin="window.__xss=1" attributeName="x" dur="1s"/></svg>',
  mathMxss:
    '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;img src=1 onerror=window.__xss=1&gt;">',
  dataUrl:
    '<a href="data:text/html,<script>alert(1)</script>">data link</a><img src="data:image/svg+xml,<svg onload=alert(1)>">',
  form: '<form action="javascript:window.__xss=1"><button>go</button></form><input autofocus onfocus="window.__xss=1">',
  attributeSplit:
    '<p title="x" onmouseover="window.__xss=1" onclick=window.__xss=1>split</p><a href=x onclick="window.__xss=1">x</a>',
  unclosedAttribute: '<img src="x" alt="a"onerror="window.__xss=1">',
  objectEmbed: '<object data="javascript:window.__xss=1"></object><embed src="javascript:window.__xss=1">',
  baseMeta: '<base href="javascript:/"><meta http-equiv="refresh" content="0;url=javascript:window.__xss=1">',
  detailsToggle: '<details open ontoggle="window.__xss=1"><summary>x</summary></details>',
} as const;

const BLOCK_END = /<br\s*\/?>|<\/(p|div|li|h\d|blockquote|pre)>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ', '#160': ' ' };

/**
 * The text a person reads of rich text, for previews, labels, comparisons and emptiness: the ends of
 * blocks and line breaks become spaces, other tags are dropped (inline tags join their words), the
 * entities the editor writes are decoded, zero-width and repeated blanks collapse, the ends are trimmed.
 * Not a sanitiser: what it returns is plain text, never to be shown as HTML.
 */
export function richTextAsText(html: string | null | undefined): string {
  if (typeof html !== 'string') return '';
  return html
    .replace(BLOCK_END, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp|#160);/gi, (_, name: string) => ENTITIES[name.toLowerCase()] ?? '')
    .replace(/\u200b/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}
