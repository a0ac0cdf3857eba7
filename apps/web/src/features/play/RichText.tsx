/** The player's name for the shared rich-text renderer (components/rich-text/SafeHtml). */
export { SafeHtml as RichText, sanitizeRichText as sanitizeHtml } from '../../components/rich-text/SafeHtml';
