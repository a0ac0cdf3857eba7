/** The text of an HTML fragment, markup removed and whitespace collapsed. */
export function htmlToPlainText(html: string): string {
  if (!html) return '';
  const document = new DOMParser().parseFromString(html, 'text/html');
  // Block ends become spaces so that paragraphs do not run together.
  document.body.querySelectorAll('p, li, br, h1, h2, h3, h4, h5, h6, div').forEach((element) => element.append(' '));
  return (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** At most `max` characters of `text`, with an ellipsis when it was cut. */
export function truncateText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max).trimEnd()}…`;
}
