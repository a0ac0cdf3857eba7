import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import i18n from '../i18n';

interface Props {
  children: ReactNode;
  /** When this changes (e.g. the path), a caught error is forgotten and the children render again. */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

/** Catches a rendering error below it and shows 'Something went wrong.' instead of a blank page. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Uncaught error', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Center py={64} px="md">
        <Stack align="center" gap="sm" maw={420} ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="red">
            <IconMoodSad size={30} />
          </ThemeIcon>
          <Title order={2}>{i18n.t('errors.somethingWentWrong')}</Title>
          <Text c="dimmed">{i18n.t('errors.somethingWentWrongHint')}</Text>
          <Button variant="light" onClick={() => window.location.reload()}>
            {i18n.t('errors.reload')}
          </Button>
        </Stack>
      </Center>
    );
  }
}
