import {
  colorsTuple,
  createTheme,
  DEFAULT_THEME,
  mergeThemeOverrides,
  type CSSVariablesResolver,
  type MantineColorsTuple,
} from '@mantine/core';
import type { TFunction } from 'i18next';

/**
 * Mantine's palette with its darker shades made to read (WCAG AA, docs/accessibility.md): shade 7 is a filled
 * control's background under white text and a coloured text on white (≥ 4.5:1), shade 9 is a light badge's text
 * on its shade 1 (≥ 4.5:1). The lighter shades (backgrounds, borders, the map's shapes) are Mantine's.
 */
function readable(color: keyof typeof DEFAULT_THEME.colors, darker: Record<number, string>): MantineColorsTuple {
  return colorsTuple(DEFAULT_THEME.colors[color]!.map((shade, index) => darker[index] ?? shade));
}

const colors = {
  // 5.5:1 also on the alerts' light backgrounds (a link in a yellow warning).
  teal: readable('teal', { 7: '#07704f', 8: '#066046', 9: '#05553e' }),
  green: readable('green', { 7: '#237a35', 8: '#1e6b2e', 9: '#195c27' }),
  orange: readable('orange', { 7: '#c4410c', 8: '#ad3a0b', 9: '#963209' }),
  cyan: readable('cyan', { 7: '#0b7285', 8: '#0a6475', 9: '#085566' }),
  blue: readable('blue', { 7: '#1971c2', 8: '#1864ab', 9: '#145591' }),
  // Shade 6 is the inputs' error text.
  red: readable('red', { 6: '#d52b2b', 7: '#c92a2a', 8: '#b02525', 9: '#962020' }),
  // Filled yellow and lime take black text (autoContrast); their light badges take a dark text.
  yellow: readable('yellow', { 9: '#8a5a00' }),
  lime: readable('lime', { 9: '#4f6b0b' }),
  // Shade 6 is "dimmed" text (dates, descriptions): ≥ 4.5:1 on white, gray 0–2 and every light background.
  gray: readable('gray', { 6: '#5c636a' }),
};

/** Calm teal, matching the logo's gradient, with soft corners; colours that pass WCAG AA (light scheme only). */
export const theme = createTheme({
  colors,
  primaryColor: 'teal',
  primaryShade: { light: 7, dark: 5 },
  // Mantine's transitions stop when the device asks for reduced motion (a11y.css stops the others).
  respectReducedMotion: true,
  // Black rather than white text on a light filled colour (yellow, lime).
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  components: {
    // A link is told from the text around it by more than its colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    Button: { defaultProps: { radius: 'md' } },
    // An open menu holds only its items (Mantine's focus placeholder is a presentation div in it): the focus goes
    // to the first item.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: { defaultProps: { size: 'md' } },
  },
});

/** The theme in the interface's language: the close buttons Mantine draws without a name get one. */
export function themeIn(t: TFunction) {
  const close = { closeButtonProps: { 'aria-label': t('common.close') } };
  return mergeThemeOverrides(
    theme,
    createTheme({
      components: {
        CloseButton: { defaultProps: { 'aria-label': t('common.close') } },
        Notification: { defaultProps: close },
        Modal: { defaultProps: close },
        Drawer: { defaultProps: close },
      },
    }),
  );
}

/** A select's placeholder ("Select…") is text people read: the dimmed grey (4.5:1), not Mantine's lighter one. */
export const readablePlaceholders: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-placeholder': 'var(--mantine-color-gray-6)' },
  dark: {},
});
