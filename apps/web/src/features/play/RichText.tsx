import { lazy, Suspense } from 'react';

// The player's rich text (components/rich-text/SafeHtml), with DOMPurify loaded on the first text shown, not
// with the player's map: a game's texts sit in panels, sheets and dialogs the player opens after it.
const SafeHtml = lazy(() => import('../../components/rich-text/SafeHtml').then((m) => ({ default: m.SafeHtml })));

/** Stored rich text, sanitised and formatted; nothing while the sanitiser loads (a moment, once). */
export function RichText({ html }: { html: string | null | undefined }) {
  return (
    <Suspense fallback={null}>
      <SafeHtml html={html} />
    </Suspense>
  );
}
