import { Typography } from '@mantine/core';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { RICH_TEXT_POLICY } from '@loci/domain';

/**
 * The one way the console and the player show stored HTML. The server already
 * sanitises rich text on save; DOMPurify, configured from the same domain
 * policy, makes sure nothing else reaches the page even from rows stored
 * before that (or from a server that forgot): it parses in an inert document
 * and knows the parser tricks (<noscript>, <svg>, <math> mutation) that a
 * hand-written filter misses.
 */

const ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = RICH_TEXT_POLICY.allowedAttributes;
const SCHEMES = RICH_TEXT_POLICY.allowedSchemes.join('|');
// DOMPurify's own pattern with our schemes: a listed scheme, or a relative URL (no scheme at all).
const ALLOWED_URI = new RegExp(`^(?:(?:${SCHEMES}):|[^a-z]|[a-z+.\\-]+(?:[^a-z+.\\-:]|$))`, 'i');

const purifier = DOMPurify();
// DOMPurify allows attributes for every element at once; the policy's are per element.
purifier.addHook('afterSanitizeAttributes', (node) => {
  const tag = node.nodeName.toLowerCase();
  const allowed = ALLOWED_ATTRIBUTES[tag] ?? [];
  for (const attribute of [...node.attributes]) {
    if (!allowed.includes(attribute.name)) node.removeAttribute(attribute.name);
  }
  if (tag === 'a') {
    node.setAttribute('target', RICH_TEXT_POLICY.linkTarget);
    node.setAttribute('rel', RICH_TEXT_POLICY.linkRel);
  }
});

/** Rich text with everything the domain's policy does not allow removed (needs a DOM). */
export function sanitizeRichText(html: string): string {
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_POLICY.allowedTags],
    ALLOWED_ATTR: [...new Set(Object.values(ALLOWED_ATTRIBUTES).flat())],
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  });
}

/** Stored rich text (game texts, info boxes, questions, statements, descriptions), shown as formatted text. */
export function SafeHtml({ html }: { html: string | null | undefined }) {
  const safe = useMemo(() => sanitizeRichText(html ?? ''), [html]);
  if (!safe.trim()) return null;
  return (
    <Typography>
      <div dangerouslySetInnerHTML={{ __html: safe }} />
    </Typography>
  );
}
