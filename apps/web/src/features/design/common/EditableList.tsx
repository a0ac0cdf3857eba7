import type { Key, ReactNode } from 'react';
import { ActionIcon, Button, Group, Input, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { errorOf, type Binder } from '../conditions/form-binding';

/** The texts of one list; each `(number)` function gets the item's 1-based position. */
export interface EditableListLabels {
  /** The list's own label (above it). */
  list: string;
  /** Shown while the list is empty. */
  empty: string;
  add: string;
  /** The accessible name of the add button, when the visible text is ambiguous on the page. */
  addAria?: string;
  /** The heading (and accessible group name) of an item. */
  item: (number: number) => string;
  remove: (number: number) => string;
  /** With both, items can be moved up and down. */
  moveUp?: (number: number) => string;
  moveDown?: (number: number) => string;
}

export interface EditableListProps<T> {
  items: readonly T[];
  onChange: (items: T[]) => void;
  /** A fresh item for the add button. */
  newItem: () => T;
  renderItem: (item: T, index: number) => ReactNode;
  keyOf: (item: T, index: number) => Key;
  labels: EditableListLabels;
  error?: ReactNode;
  readOnly?: boolean;
  required?: boolean;
}

/**
 * A labelled list of sub-forms edited in place — statements, quiz questions,
 * sub-missions, user options: an empty text, each item in a frame with its
 * heading and remove (and, when labelled, move up / down) buttons, and an add
 * button. The items' own fields are the caller's (`renderItem`).
 */
export function EditableList<T>({
  items,
  onChange,
  newItem,
  renderItem,
  keyOf,
  labels,
  error,
  readOnly = false,
  required = true,
}: EditableListProps<T>) {
  const reorderable = labels.moveUp !== undefined && labels.moveDown !== undefined;
  const move = (index: number, by: -1 | 1) => {
    const target = index + by;
    if (target < 0 || target >= items.length) return;
    const next = [...items];
    [next[index], next[target]] = [next[target]!, next[index]!];
    onChange(next);
  };
  const remove = (index: number) => onChange(items.filter((_, at) => at !== index));

  return (
    <Input.Wrapper label={labels.list} error={error} withAsterisk={required} labelElement="div">
      <Stack gap="sm" mt={6}>
        {items.length === 0 && (
          <Text size="sm" c="dimmed">
            {labels.empty}
          </Text>
        )}
        {items.map((item, index) => {
          const number = index + 1;
          const heading = labels.item(number);
          return (
            <Paper key={keyOf(item, index)} withBorder radius="md" p="sm" role="group" aria-label={heading}>
              <Stack gap="sm">
                <Group justify="space-between">
                  <Text fw={600} size="sm">
                    {heading}
                  </Text>
                  {!readOnly && (
                    <Group gap={4}>
                      {reorderable && (
                        <>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            disabled={index === 0}
                            onClick={() => move(index, -1)}
                            aria-label={labels.moveUp!(number)}
                          >
                            <IconArrowUp size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            color="gray"
                            disabled={index === items.length - 1}
                            onClick={() => move(index, 1)}
                            aria-label={labels.moveDown!(number)}
                          >
                            <IconArrowDown size={16} />
                          </ActionIcon>
                        </>
                      )}
                      <Tooltip label={labels.remove(number)}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => remove(index)}
                          aria-label={labels.remove(number)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  )}
                </Group>
                {renderItem(item, index)}
              </Stack>
            </Paper>
          );
        })}
        {!readOnly && (
          <Group>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() => onChange([...items, newItem()])}
              aria-label={labels.addAria}
            >
              {labels.add}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** An EditableList of the form's list at `path`: its items keyed by id (else place), its error shown. */
export function BoundEditableList<T extends { id?: string | null }>({
  bind,
  path,
  renderItem,
  ...list
}: Omit<EditableListProps<T>, 'items' | 'onChange' | 'keyOf' | 'error' | 'renderItem'> & {
  bind: Binder;
  path: string;
  /** The fields of the item at `index`; `items` is the whole list. */
  renderItem: (index: number, items: T[]) => ReactNode;
}) {
  const binding = bind<T[]>(path, []);
  const items = binding.value ?? [];
  return (
    <EditableList
      {...list}
      items={items}
      onChange={binding.onChange}
      keyOf={(item, index) => item.id ?? index}
      error={errorOf(binding.errors, binding.errorPath)}
      renderItem={(_, index) => renderItem(index, items)}
    />
  );
}
