import { Switch, type SwitchProps } from '@mantine/core';
import type { Binder } from '../conditions/form-binding';

/** A switch bound to the form's flag at `path` (unset reads as off); read-only forms show it disabled. */
export function BoundSwitch({
  bind,
  path,
  readOnly,
  ...props
}: Omit<SwitchProps, 'checked' | 'onChange' | 'disabled'> & { bind: Binder; path: string; readOnly?: boolean }) {
  const flag = bind<boolean | null>(path, false);
  return (
    <Switch
      {...props}
      checked={Boolean(flag.value)}
      onChange={(event) => flag.onChange(event.currentTarget.checked)}
      disabled={readOnly}
    />
  );
}
