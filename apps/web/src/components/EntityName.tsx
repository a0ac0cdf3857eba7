import { readableName } from '@loci/domain';
import { Text } from '@mantine/core';

/**
 * How the console names a design entity where a designer reads it (issue 14):
 * its title first, then its system name, dimmed and in monospace — the system
 * name alone when there is no title, once when both are the same.
 */
export function EntityName({ title, name }: { title: string; name?: string | null }) {
  const secondary = name && name !== title ? name : null;
  return (
    <Text span inherit style={{ overflowWrap: 'anywhere' }}>
      {title || readableName(name ?? '')}
      {secondary && title && (
        <>
          {' '}
          <Text span size="xs" c="dimmed" ff="monospace" data-system-name>
            ({secondary})
          </Text>
        </>
      )}
    </Text>
  );
}
