import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './skip-link.css';

/** The id of the page's main content, which the skip link moves the focus to. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to content": the first stop of Tab on every console page, hidden until focused (WCAG 2.4.1). It moves the
 * focus itself rather than changing the address's hash, which the router keeps for its own.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <a className="loci-skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={handleClick}>
      {t('nav.skipToContent')}
    </a>
  );
}
