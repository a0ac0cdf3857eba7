import { DEFAULT_THEME, luminance, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';

/** WCAG's contrast ratio of two colours. */
function contrast(one: string, other: string): number {
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const { colors } = mergeMantineTheme(DEFAULT_THEME, theme);
const WHITE = '#ffffff';
const BLACK = '#000000';
/** The colours the console and the player name (color="…", c="…"). */
const USED = ['teal', 'green', 'orange', 'cyan', 'blue', 'red', 'grape', 'violet', 'pink', 'indigo', 'gray'];

describe('theme', () => {
  it.each(USED)(
    '%s: white on a filled control, the colour as text on white and a light badge all reach 4.5:1',
    (name) => {
      const palette = colors[name]!;
      expect(contrast(palette[7], WHITE)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(palette[9], palette[1])).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each(['yellow', 'lime'])('%s: black on a filled control and a light badge reach 4.5:1', (name) => {
    const palette = colors[name]!;
    expect(contrast(palette[7], BLACK)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette[9], palette[1])).toBeGreaterThanOrEqual(4.5);
  });

  it('a link (the primary colour) reaches 4.5:1 on the light backgrounds of alerts and badges', () => {
    for (const name of ['yellow', 'red', 'blue', 'orange', 'gray', 'teal']) {
      expect(contrast(colors.teal[7], colors[name]![1])).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('dimmed text reaches 4.5:1 on white, the light greys and every light background; error text on white', () => {
    const gray = colors.gray;
    const lightBackgrounds = [...USED, 'yellow', 'lime'].map((name) => colors[name]![1]);
    for (const background of [WHITE, gray[0], gray[1], gray[2], ...lightBackgrounds]) {
      expect(contrast(gray[6], background)).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrast(colors.red[6], WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.red[6], gray[0])).toBeGreaterThanOrEqual(4.5);
  });
});
