import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createToastGate } from './usePlayNotifications';

/** The player's notifications are live regions, each said once (docs/accessibility.md "Status messages"). */
describe('the player’s toasts for screen readers', () => {
  const gate = createToastGate();
  const renderToasts = () =>
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
  afterEach(() => act(() => gate.close()));

  it('says news politely (a status) and a refusal at once (an alert), each once', async () => {
    renderToasts();
    act(() => {
      gate.show({ message: 'You found the fountain' });
      gate.show({ message: 'Not now', role: 'alert' });
    });
    expect(await screen.findByRole('status')).toHaveTextContent('You found the fountain');
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Not now');
  });

  it('holds a toast while a dialog waits for the player, then says it once the dialog closes', async () => {
    renderToasts();
    act(() => {
      gate.setBlocked(true);
      gate.show({ message: 'The coin is yours' });
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    act(() => gate.setBlocked(false));
    expect(await screen.findByRole('status')).toHaveTextContent('The coin is yours');
    expect(screen.getAllByText('The coin is yours')).toHaveLength(1);
  });
});
