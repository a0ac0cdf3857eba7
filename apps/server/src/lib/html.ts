const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for use inside HTML (mail bodies carry user-chosen names and admin-written reasons). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => entities[c] ?? c);
}
