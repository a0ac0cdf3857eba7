import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { EditableList } from './EditableList';

interface Stop {
  id: string;
  title: string;
}

function Host({ readOnly = false }: { readOnly?: boolean }) {
  const [stops, setStops] = useState<Stop[]>([
    { id: 'a', title: 'Harbour' },
    { id: 'b', title: 'Lighthouse' },
  ]);
  return (
    <MantineProvider>
      <EditableList
        items={stops}
        onChange={setStops}
        newItem={() => ({ id: crypto.randomUUID(), title: '' })}
        keyOf={(stop) => stop.id}
        readOnly={readOnly}
        labels={{
          list: 'Stops',
          empty: 'No stops yet.',
          add: 'Add stop',
          item: (number) => `Stop ${number}`,
          remove: (number) => `Remove stop ${number}`,
          moveUp: (number) => `Move stop ${number} up`,
          moveDown: (number) => `Move stop ${number} down`,
        }}
        renderItem={(stop, index) => (
          <TextInput
            label="Title"
            value={stop.title}
            onChange={(event) => {
              const title = event.currentTarget.value;
              setStops((all) => all.map((other, at) => (at === index ? { ...other, title } : other)));
            }}
          />
        )}
      />
    </MantineProvider>
  );
}

const titles = () =>
  screen.getAllByRole('textbox', { name: 'Title' }).map((input) => (input as HTMLInputElement).value);

describe('EditableList', () => {
  it('moves, removes and adds items, keeping each item its own fields', async () => {
    const user = userEvent.setup();
    render(<Host />);
    expect(screen.getByRole('button', { name: 'Move stop 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move stop 2 down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move stop 2 up' }));
    expect(titles()).toEqual(['Lighthouse', 'Harbour']);

    await user.click(screen.getByRole('button', { name: 'Add stop' }));
    const third = screen.getByRole('group', { name: 'Stop 3' });
    await user.type(within(third).getByRole('textbox', { name: 'Title' }), 'Old pier');
    expect(titles()).toEqual(['Lighthouse', 'Harbour', 'Old pier']);

    await user.click(screen.getByRole('button', { name: 'Remove stop 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove stop 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove stop 1' }));
    expect(screen.getByText('No stops yet.')).toBeInTheDocument();
  });

  it('offers no add, remove or move buttons when read-only', () => {
    render(<Host readOnly />);
    expect(screen.getAllByRole('group')).toHaveLength(2);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
