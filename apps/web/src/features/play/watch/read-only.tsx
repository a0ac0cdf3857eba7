import { createTheme, MantineThemeProvider, type MantineThemeComponents } from '@mantine/core';
import { createContext, use, useMemo, useState, type ReactNode } from 'react';

const ReadOnlyContext = createContext(false);

/** Whether the play screen shows another player's game to an operator ("See as the player"): nothing may act. */
export function usePlayReadOnly(): boolean {
  return use(ReadOnlyContext);
}

/**
 * Every control a player acts with starts disabled: buttons, menu items and inputs of every kind. A
 * theme's default props, so they reach the dialogs and sheets too, which render in portals. What only
 * looks (the tool bar's panels, closing a sheet) stays enabled.
 */
const DISABLED: MantineThemeComponents = Object.fromEntries(
  [
    'Button',
    'ActionIcon',
    'MenuItem',
    'Input',
    'TextInput',
    'Textarea',
    'NumberInput',
    'PasswordInput',
    'FileInput',
    'Select',
    'Checkbox',
    'Radio',
    'Switch',
    'Chip',
    'SegmentedControl',
    'Slider',
    'Rating',
  ].map((name) => [name, { defaultProps: { disabled: true } }]),
);

/**
 * Shows the play screen inside it read-only, in the box it is given: every
 * action control disabled, `usePlayReadOnly()` true, and the dialogs and
 * sheets opened inside this box rather than over the whole page (the box is
 * their containing block).
 */
export function PlayReadOnly({ children }: { children: ReactNode }) {
  const [portal, setPortal] = useState<HTMLDivElement | null>(null);
  const theme = useMemo(
    () => createTheme({ components: { ...DISABLED, Portal: { defaultProps: { target: portal } } } }),
    [portal],
  );
  return (
    // A transform makes this box the containing block of what is fixed inside it (overlays, sheets).
    <div style={{ position: 'relative', height: '100%', overflow: 'hidden', transform: 'translateZ(0)' }}>
      <ReadOnlyContext value={true}>
        <MantineThemeProvider theme={theme}>{portal && children}</MantineThemeProvider>
      </ReadOnlyContext>
      <div ref={setPortal} />
    </div>
  );
}
