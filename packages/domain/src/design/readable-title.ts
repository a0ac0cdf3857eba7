/**
 * What a person reads for a design entity (issue 30): its title; for a thing made before titles were required
 * (no title), a readable form of its system name — `scene_3` reads "Scene 3", `q-arsenals` "Q arsenals" — made
 * for the screen only: the stored name is left as the designer wrote it.
 */
export function readableTitle(entity: { name?: unknown; title?: unknown }): string {
  const title = typeof entity.title === 'string' ? entity.title.trim() : '';
  if (title) return title;
  const name = typeof entity.name === 'string' ? entity.name.trim() : '';
  return readableName(name);
}

/** A system name as words: its underscores, dashes and dots as spaces, camelCase split, the first letter capital. */
export function readableName(name: string): string {
  // A name with a space in it is already one a person wrote.
  if (!name || /\s/.test(name)) return name;
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Za-z])(\d)/g, '$1 $2')
    .replace(/[_.-]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  if (!words) return name;
  const spaced = words === name ? name : words.toLocaleLowerCase();
  return spaced.charAt(0).toLocaleUpperCase() + spaced.slice(1);
}
