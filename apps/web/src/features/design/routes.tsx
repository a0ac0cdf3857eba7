import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { AttributeFormPage } from './attributes/AttributeFormPage';
import { CharacterFormPage } from './characters/CharacterFormPage';
import { InteractionFormPage } from './interactions/InteractionFormPage';
import { ItemFormPage } from './items/ItemFormPage';
import { LocationFormPage } from './locations/LocationFormPage';
import { MilestoneFormPage } from './milestones/MilestoneFormPage';
import { OverviewPage } from './overview/OverviewPage';
import { SceneFormPage } from './scenes/SceneFormPage';
import { ScenePage } from './scenes/ScenePage';
import { UnknownWorkspacePage, WorkspaceShell } from './shell/WorkspaceShell';
import { GameVersionFormPage } from './versions/GameVersionFormPage';

// The editors of the other design areas load on first use; the interaction and
// milestone forms are already in this chunk (the condition editor creates them in modals).
const RuleFormPage = lazy(() => import('./rules/RuleFormPage').then((m) => ({ default: m.RuleFormPage })));
const MissionFormPage = lazy(() => import('./missions/MissionFormPage').then((m) => ({ default: m.MissionFormPage })));
const ArchetypeFormPage = lazy(() =>
  import('./archetypes/ArchetypeFormPage').then((m) => ({ default: m.ArchetypeFormPage })),
);
const OfferFormPage = lazy(() => import('./offers/OfferFormPage').then((m) => ({ default: m.OfferFormPage })));
const ManageWorldPage = lazy(() => import('./world/ManageWorldPage').then((m) => ({ default: m.ManageWorldPage })));
const WorldEntryFormPage = lazy(() =>
  import('./world/WorldEntryFormPage').then((m) => ({ default: m.WorldEntryFormPage })),
);

/**
 * The design workspace's routes under /games/:gameId (spec 2 §2): the
 * objecttype/objectaction/objectid(/modifier1) paths of every editor, inside
 * the shell. Anything else shows the fallback text.
 */
export function DesignWorkspace() {
  return (
    <Routes>
      <Route element={<WorkspaceShell />}>
        <Route index element={<OverviewPage />} />
        <Route path="scenes/show/:sceneId" element={<ScenePage />} />
        <Route path="scenes/create/0" element={<SceneFormPage />} />
        <Route path="scenes/edit/:entityId" element={<SceneFormPage />} />
        <Route path="items/create/0" element={<ItemFormPage />} />
        <Route path="items/edit/:entityId" element={<ItemFormPage />} />
        <Route path="characters/create/0" element={<CharacterFormPage />} />
        <Route path="characters/edit/:entityId" element={<CharacterFormPage />} />
        <Route path="attributes/create/0" element={<AttributeFormPage />} />
        <Route path="attributes/edit/:entityId" element={<AttributeFormPage />} />
        <Route path="locations/create/0" element={<LocationFormPage />} />
        <Route path="locations/create/0/:sceneId" element={<LocationFormPage />} />
        <Route path="locations/edit/:entityId" element={<LocationFormPage />} />
        <Route path="gameVersions/create/0" element={<GameVersionFormPage />} />
        <Route path="gameVersions/edit/:entityId" element={<GameVersionFormPage />} />
        <Route path="rules/create/0/:sceneId" element={<RuleFormPage />} />
        <Route path="rules/edit/:entityId" element={<RuleFormPage />} />
        <Route path="interactions/create/0/:interactionType" element={<InteractionFormPage />} />
        <Route path="interactions/edit/:entityId" element={<InteractionFormPage />} />
        <Route path="missions/create/0" element={<MissionFormPage />} />
        <Route path="missions/edit/:entityId" element={<MissionFormPage />} />
        <Route path="milestones/create/0" element={<MilestoneFormPage />} />
        <Route path="milestones/edit/:entityId" element={<MilestoneFormPage />} />
        <Route path="archetypes/create/0" element={<ArchetypeFormPage />} />
        <Route path="archetypes/edit/:entityId" element={<ArchetypeFormPage />} />
        <Route path="offers/create/0" element={<OfferFormPage />} />
        <Route path="offers/edit/:entityId" element={<OfferFormPage />} />
        <Route path="initialState/manage-objects/0" element={<ManageWorldPage />} />
        <Route path="initialState/manage-offers/0" element={<ManageWorldPage />} />
        <Route path="initialState/create/:typeId/objects" element={<WorldEntryFormPage />} />
        <Route path="initialState/create/:typeId/offers" element={<WorldEntryFormPage />} />
        <Route path="initialState/edit/:entityId/objects" element={<WorldEntryFormPage />} />
        <Route path="initialState/edit/:entityId/offers" element={<WorldEntryFormPage />} />
        <Route path="*" element={<UnknownWorkspacePage />} />
      </Route>
    </Routes>
  );
}
