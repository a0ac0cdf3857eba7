import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  title?: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The calm, centred card of the account screens (sign in, sign up, recovery). */
export function AuthCard({ title, subtitle, children, footer }: Props) {
  return (
    <Container size={440} px="xs" py={{ base: 'md', sm: 48 }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          {(title || subtitle) && (
            <Stack gap={4}>
              {typeof title === 'string' ? (
                <Title order={1} fz="h2">
                  {title}
                </Title>
              ) : (
                title
              )}
              {subtitle && (typeof subtitle === 'string' ? <Text c="dimmed">{subtitle}</Text> : subtitle)}
            </Stack>
          )}
          {children}
        </Stack>
      </Paper>
      {footer && (
        <Text ta="center" size="sm" mt="md" c="dimmed">
          {footer}
        </Text>
      )}
    </Container>
  );
}
