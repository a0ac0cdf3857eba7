// Bottom sheets as tall as their content, at most most of the screen.
export const SHEET_STYLES = { content: { height: 'auto', maxHeight: '80dvh' } } as const;
