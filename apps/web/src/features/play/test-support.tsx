import type { DesignEntity, DesignKind } from '@loci/domain';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { AppProviders } from '../../App';
import { createQueryClient } from '../../api/query-client';
import { indexSpec, type SpecEntities } from './spec-index';

/** Renders `node` inside the console's providers (Mantine in test mode, query client). */
export function renderWithProviders(node: ReactNode) {
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={createQueryClient({ retry: false })} env="test">
      {node}
    </AppProviders>,
  );
  return { ...view, user };
}

/** A spec index of hand-written entities (only the fields a test needs). */
export function makeIndex(entities: Partial<Record<DesignKind, Array<Record<string, unknown>>>>) {
  const withDefaults: Partial<Record<DesignKind, DesignEntity[]>> = {};
  for (const [kind, list] of Object.entries(entities) as Array<[DesignKind, Array<Record<string, unknown>>]>) {
    withDefaults[kind] = list.map((entity) => ({ gameId: 'g1', name: String(entity.id), ...entity }) as DesignEntity);
  }
  return indexSpec(withDefaults as SpecEntities);
}
