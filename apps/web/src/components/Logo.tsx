import { Group, Image, Text } from '@mantine/core';

export const LOGO_URL = `${import.meta.env.BASE_URL}loci.svg`;

/** The Loci mark and name. */
export function Logo({ size = 28, withName = true }: { size?: number; withName?: boolean }) {
  return (
    <Group gap={8} wrap="nowrap">
      <Image src={LOGO_URL} alt="" w={size} h={size} fit="contain" />
      {withName && (
        <Text fw={700} fz="lg" c="var(--mantine-color-text)" style={{ letterSpacing: '-0.01em' }}>
          Loci
        </Text>
      )}
    </Group>
  );
}
