import { Typography } from '@mantine/core';
import { useMemo } from 'react';

const DROPPED_ELEMENTS = 'script,style,iframe,object,embed,link,meta,base,form';

/**
 * Removes what rich text must never carry. The server sanitises rich text on
 * save; this is a second, cheap line of defence before the HTML is shown.
 */
export function sanitizeHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  doc.querySelectorAll(DROPPED_ELEMENTS).forEach((element) => element.remove());
  doc.body.querySelectorAll('*').forEach((element) => {
    for (const attribute of [...element.attributes]) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim().toLowerCase();
      if (name.startsWith('on') || ((name === 'href' || name === 'src') && value.startsWith('javascript:'))) {
        element.removeAttribute(attribute.name);
      }
    }
    if (element.tagName === 'A') {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
  });
  return doc.body.innerHTML;
}

/** Stored rich text (info boxes, questions, statements), shown as formatted text. */
export function RichText({ html }: { html: string | null | undefined }) {
  const safe = useMemo(() => sanitizeHtml(html ?? ''), [html]);
  if (!safe.trim()) return null;
  return (
    <Typography>
      <div dangerouslySetInnerHTML={{ __html: safe }} />
    </Typography>
  );
}
