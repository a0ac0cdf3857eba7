import type { ReactElement } from 'react';
import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ModalsProvider } from '@mantine/modals';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, RouterProvider, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../App';
import { createQueryClient } from '../../api/query-client';
import { memoryRouter } from '../../test/render-app';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';
import { useLeavePermit } from './useLeavePermit';

function EditPage() {
  const form = useForm({ mode: 'controlled', initialValues: { name: 'harbour' } });
  const permit = useLeavePermit();
  const navigate = useNavigate();
  const handleSave = () => {
    form.resetDirty();
    // The save navigates at once, before the form renders again as clean.
    permit.allow(() => navigate('/elsewhere'));
  };
  // A save whose next page takes a while to come (a slow machine: the page renders in a transition).
  const handleSaveSlowly = () => permit.allow(() => navigate('/slow'));
  return (
    <>
      <UnsavedChangesGuard when={form.isDirty()} permit={permit} />
      <TextInput label="Name" {...form.getInputProps('name')} />
      <button type="button" onClick={handleSave}>
        Save
      </button>
      <button type="button" onClick={handleSaveSlowly}>
        Save slowly
      </button>
      <Link to="/elsewhere">Somewhere else</Link>
      <Link to="?tab=2">Another tab</Link>
    </>
  );
}

function renderEditPage() {
  const { router, pathname } = memoryRouter(
    [
      {
        path: '/edit',
        element: (
          <ModalsProvider>
            <EditPage />
          </ModalsProvider>
        ),
      },
      { path: '/elsewhere', element: <p>elsewhere</p> },
      {
        path: '/slow',
        lazy: () =>
          new Promise<{ element: ReactElement }>((resolve) =>
            setTimeout(() => resolve({ element: <p>slow page</p> }), 300),
          ),
      },
    ],
    '/edit',
  );
  render(
    <AppProviders queryClient={createQueryClient({ retry: false })} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { user: userEvent.setup(), pathname };
}

const dialog = () => screen.queryByRole('dialog', { name: 'Leave without saving?' });

describe('#components.forms.UnsavedChangesGuard', () => {
  it('leaves a clean form without asking', async () => {
    const { user, pathname } = renderEditPage();
    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(pathname()).toBe('/elsewhere');
    expect(dialog()).not.toBeInTheDocument();
  });

  it('asks before leaving a changed form: Stay keeps the typed value, Leave goes', async () => {
    const { user, pathname } = renderEditPage();
    await user.type(screen.getByLabelText('Name'), ' front');
    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));

    expect(await screen.findByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(dialog()).not.toBeInTheDocument());
    expect(pathname()).toBe('/edit');
    expect(screen.getByLabelText('Name')).toHaveValue('harbour front');

    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(pathname()).toBe('/elsewhere');
  });

  it("lets the form's own navigation after a save pass", async () => {
    const { user, pathname } = renderEditPage();
    await user.type(screen.getByLabelText('Name'), ' front');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(pathname()).toBe('/elsewhere');
    expect(dialog()).not.toBeInTheDocument();
  });

  it('follows a link clicked after a save, before the next page has come, without asking', async () => {
    const { user, pathname } = renderEditPage();
    await user.type(screen.getByLabelText('Name'), ' front');
    await user.click(screen.getByRole('button', { name: 'Save slowly' }));
    // The form is still on screen, and still dirty: the person goes on to the next thing.
    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));
    expect(await screen.findByText('elsewhere')).toBeInTheDocument();
    expect(pathname()).toBe('/elsewhere');
    expect(dialog()).not.toBeInTheDocument();
  });

  it('keeps a changed form on a change of the search only, without asking', async () => {
    const { user, pathname } = renderEditPage();
    await user.type(screen.getByLabelText('Name'), ' front');
    await user.click(screen.getByRole('link', { name: 'Another tab' }));
    expect(pathname()).toBe('/edit');
    expect(dialog()).not.toBeInTheDocument();
  });

  it("asks the browser's own question on reload or close only while the form is changed", async () => {
    const { user } = renderEditPage();
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(unload()).toBe(false);
    await user.type(screen.getByLabelText('Name'), ' front');
    expect(unload()).toBe(true);
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'harbour');
    expect(unload()).toBe(false);
  });
});
