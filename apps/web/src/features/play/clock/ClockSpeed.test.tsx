import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clockApi } from '../../../api/clock';
import i18n from '../../../i18n';
import { ClockSpeed } from './ClockSpeed';

function renderSpeed(rate = 1, instanceId: string | null = 'i-1') {
  const onRate = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider env="test">
        <ClockSpeed instanceId={instanceId} rate={rate} onRate={onRate} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { onRate, user: userEvent.setup() };
}

describe('the playtest’s clock speed (issue 28)', { timeout: 30_000 }, () => {
  afterEach(async () => {
    vi.restoreAllMocks();
    await i18n.changeLanguage('en');
  });

  it('offers 1× to 20× as a named group of choices, and asks the server for the speed chosen', async () => {
    const control = vi.spyOn(clockApi, 'control').mockResolvedValue({} as never);
    const { onRate, user } = renderSpeed();
    const group = screen.getByRole('radiogroup', { name: 'Clock speed' });
    expect(group).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '1×' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '20×' }));
    expect(control).toHaveBeenCalledWith('i-1', { control: 'rate', rate: 20, reason: 'Playtest speed' });
    await vi.waitFor(() => expect(onRate).toHaveBeenCalledWith(20));
    expect(screen.getByRole('radio', { name: '20×' })).toBeChecked();
  });

  it('goes back to the server’s speed when it refuses', async () => {
    vi.spyOn(clockApi, 'control').mockRejectedValue(new Error('offline'));
    const { onRate, user } = renderSpeed(5);
    await user.click(screen.getByRole('radio', { name: '10×' }));
    await vi.waitFor(() => expect(screen.getByRole('radio', { name: '5×' })).toBeChecked());
    expect(onRate).not.toHaveBeenCalled();
  });

  it('reads in Greek', async () => {
    await i18n.changeLanguage('el');
    renderSpeed();
    expect(screen.getByRole('radiogroup', { name: 'Ταχύτητα ρολογιού' })).toBeInTheDocument();
  });
});
