import { createFormContext } from '@mantine/form';
import type { GameFormValues } from './form-values';

/** The settings form, shared by its tabs. */
export const [GameFormProvider, useGameFormContext, useGameForm] = createFormContext<GameFormValues>();

/** What every tab needs besides the form. */
export interface SettingsTabProps {
  /** The game's id once saved; media can be chosen only then. */
  gameId: string | undefined;
  readOnly: boolean;
}
