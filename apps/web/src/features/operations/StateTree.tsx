import { Group, Text, Tree, useTree, type TreeNodeData } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useMemo } from 'react';

/** How a leaf reads: strings quoted, everything else as JSON. */
function leafText(value: unknown): string {
  if (value === undefined) return 'undefined';
  return JSON.stringify(value);
}

/** The tree's nodes for a JSON value: objects and arrays branch, with their size; leaves read `key: value`. */
function nodesOf(value: unknown, path: string): TreeNodeData[] {
  const entries: [string, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [String(index), item])
    : Object.entries((value ?? {}) as Record<string, unknown>);
  return entries.map(([key, child]) => {
    const childPath = `${path}.${key}`;
    if (child && typeof child === 'object') {
      const size = Array.isArray(child) ? `[${child.length}]` : `{${Object.keys(child).length}}`;
      return { value: childPath, label: `${key} ${size}`, children: nodesOf(child, childPath) };
    }
    return { value: childPath, label: `${key}: ${leafText(child)}` };
  });
}

/** A JSON value as a tree to unfold, one level open at first (player and world states). */
export function StateTree({ value, label }: { value: unknown; label: string }) {
  const data = useMemo(() => nodesOf(value, '$'), [value]);
  const tree = useTree();
  if (data.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {'{}'}
      </Text>
    );
  }
  return (
    <Tree
      data={data}
      tree={tree}
      aria-label={label}
      levelOffset={20}
      renderNode={({ node, expanded, hasChildren, elementProps }) => (
        <Group gap={4} wrap="nowrap" {...elementProps}>
          {hasChildren ? (
            expanded ? (
              <IconChevronDown size={14} />
            ) : (
              <IconChevronRight size={14} />
            )
          ) : (
            <span style={{ width: 14, flex: 'none' }} />
          )}
          <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
            {node.label}
          </Text>
        </Group>
      )}
    />
  );
}
