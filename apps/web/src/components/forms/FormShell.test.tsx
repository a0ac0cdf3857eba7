import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App';
import { createQueryClient } from '../../api/query-client';
import { memoryRouter } from '../../test/render-app';
import { FormShell } from './FormShell';

function NameForm({ onSubmit }: { onSubmit: (values: { name: string }) => unknown }) {
  const form = useForm({ mode: 'controlled', initialValues: { name: 'harbour' } });
  return (
    <FormShell form={form} onSubmit={onSubmit} title="Scene" canEdit readOnly={false} readOnlyNote="" inModal>
      <TextInput label="Name" {...form.getInputProps('name')} />
    </FormShell>
  );
}

function renderForm(onSubmit: (values: { name: string }) => unknown) {
  const { router } = memoryRouter([{ path: '/', element: <NameForm onSubmit={onSubmit} /> }], '/');
  render(
    <AppProviders queryClient={createQueryClient({ retry: false })} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return userEvent.setup();
}

describe('FormShell', { timeout: 30_000 }, () => {
  it('disables Save while the save is in flight and ignores a second submit', async () => {
    let finish: () => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = renderForm(onSubmit);
    const save = await screen.findByRole('button', { name: 'Save' });

    await user.click(save);
    expect(save).toBeDisabled();
    await user.click(save);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);

    finish();
    await waitFor(() => expect(save).toBeEnabled());
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('frees Save again when the save fails', async () => {
    const onSubmit = vi.fn(() => Promise.reject(new Error('refused')));
    const user = renderForm(onSubmit);
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.click(save);
    await waitFor(() => expect(save).toBeEnabled());
  });
});
