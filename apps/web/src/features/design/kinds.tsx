import type { DesignEntity, DesignKind } from '@loci/domain';
import {
  IconBook2,
  IconBox,
  IconFlag,
  IconLayoutList,
  IconMap2,
  IconMapPin,
  IconMessageCircle,
  IconSparkles,
  IconTag,
  IconTargetArrow,
  IconUsers,
  IconVersions,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { lazyNamed } from '../../components/lazy-named';
import { PageLoader } from '../../components/PageLoader';
import { CreateFormsContext, type CreateFormFinder, type CreateFormRenderer } from './common/create-forms';
import type { SidebarState } from './shell/SidebarParts';
import { SceneOrderList } from './shell/SceneOrderList';
import { ArchetypeTree, NewInteractionMenu, OfferTree, VersionLinks, WorldLinks } from './shell/SidebarSections';

// Every form and page of the workspace loads on first use, in a chunk of its own.
const SceneFormPage = lazyNamed(() => import('./scenes/SceneFormPage'), 'SceneFormPage');
const ScenePage = lazyNamed(() => import('./scenes/ScenePage'), 'ScenePage');
const MilestoneFormPage = lazyNamed(() => import('./milestones/MilestoneFormPage'), 'MilestoneFormPage');
const MilestoneForm = lazy(() => import('./milestones/MilestoneFormPage').then((m) => ({ default: m.MilestoneForm })));
const MissionFormPage = lazyNamed(() => import('./missions/MissionFormPage'), 'MissionFormPage');
const InteractionFormPage = lazyNamed(() => import('./interactions/InteractionFormPage'), 'InteractionFormPage');
const InteractionForm = lazy(() =>
  import('./interactions/InteractionFormPage').then((m) => ({ default: m.InteractionForm })),
);
const GameVersionFormPage = lazyNamed(() => import('./versions/GameVersionFormPage'), 'GameVersionFormPage');
const VersionComparePage = lazyNamed(() => import('./versions/VersionComparePage'), 'VersionComparePage');
const ManageWorldPage = lazyNamed(() => import('./world/ManageWorldPage'), 'ManageWorldPage');
const WorldEntryFormPage = lazyNamed(() => import('./world/WorldEntryFormPage'), 'WorldEntryFormPage');
const ItemFormPage = lazyNamed(() => import('./items/ItemFormPage'), 'ItemFormPage');
const CharacterFormPage = lazyNamed(() => import('./characters/CharacterFormPage'), 'CharacterFormPage');
const AttributeFormPage = lazyNamed(() => import('./attributes/AttributeFormPage'), 'AttributeFormPage');
const ArchetypeFormPage = lazyNamed(() => import('./archetypes/ArchetypeFormPage'), 'ArchetypeFormPage');
const OfferFormPage = lazyNamed(() => import('./offers/OfferFormPage'), 'OfferFormPage');
const LocationFormPage = lazyNamed(() => import('./locations/LocationFormPage'), 'LocationFormPage');
const LocationForm = lazy(() => import('./locations/LocationFormPage').then((m) => ({ default: m.LocationForm })));
const RuleFormPage = lazyNamed(() => import('./rules/RuleFormPage'), 'RuleFormPage');

/** One route of a kind, relative to /games/:gameId/{segment}/. */
export interface KindRoute {
  path: string;
  Page: ComponentType;
}

/** A kind's section of the workspace sidebar. */
export interface KindSidebar {
  /** i18n key of the section's heading. */
  headingKey: string;
  defaultOpened?: boolean;
  /** Only these entities are listed (default: all of the kind). */
  filter?: (entity: DesignEntity) => boolean;
  /** What the section lists, when it is more than the kind's entities. */
  Content?: ComponentType<{ state: SidebarState }>;
  /** The New control, when it is more than a link to `newPath`. */
  NewAction?: ComponentType<{ state: SidebarState; label: string }>;
}

/** What the console knows of one design kind (or design area): the registry row. */
export interface KindView {
  /** A design kind of the domain's DESIGN_KINDS, or one of the two areas that are not entities. */
  kind: DesignKind | 'gameVersion' | 'world';
  /** The path segment under /games/:gameId/ (spec 2 §2: objecttype). */
  segment: string;
  /** i18n key of the kind's label ('New {label}', the create modal's title). */
  labelKey: string;
  icon: Icon;
  routes: KindRoute[];
  /** Where New goes, relative to the segment; no New without it. */
  newPath?: string;
  /** Where one entity opens, relative to the segment. */
  itemPath?: (entity: DesignEntity) => string;
  /** The kind's sidebar section, in registry order; none for kinds reached from their scene. */
  sidebar?: KindSidebar;
  /** The create-in-a-modal form of EntityPicker's 'Create new…' (given the interaction type asked for). */
  createInModal?: (interactionType: string | null) => CreateFormRenderer | undefined;
}

const edit = (entity: DesignEntity) => `edit/${entity.id}`;

/** A kind with the usual routes (create/0, edit/:entityId), a New link and its entities in the sidebar. */
function formKind(
  kind: DesignKind,
  segment: string,
  icon: Icon,
  Form: ComponentType,
  sidebar: KindSidebar,
  more: Partial<KindView> = {},
): KindView {
  return {
    kind,
    segment,
    labelKey: `design.kinds.${kind}`,
    icon,
    routes: [
      { path: 'create/0', Page: Form },
      { path: 'edit/:entityId', Page: Form },
    ],
    newPath: 'create/0',
    itemPath: edit,
    sidebar,
    ...more,
  };
}

/**
 * The design kinds of the console, in the sidebar's order (spec 2 §2). The
 * workspace's routes, its sidebar and the create-in-a-modal forms are made
 * from these rows; adding a kind is one domain schema, one row and one Form.
 */
export const DESIGN_KIND_VIEWS: readonly KindView[] = [
  {
    kind: 'scene',
    segment: 'scenes',
    labelKey: 'design.kinds.scene',
    icon: IconMap2,
    routes: [
      { path: 'show/:sceneId', Page: ScenePage },
      { path: 'create/0', Page: SceneFormPage },
      { path: 'edit/:entityId', Page: SceneFormPage },
    ],
    newPath: 'create/0',
    itemPath: (scene) => `show/${scene.id}`,
    sidebar: { headingKey: 'design.sidebar.scenes', defaultOpened: true, Content: SceneOrderList },
  },
  formKind(
    'milestone',
    'milestones',
    IconFlag,
    MilestoneFormPage,
    { headingKey: 'design.sidebar.milestones' },
    {
      createInModal: () => (done) => <MilestoneForm entityId={undefined} onDone={done} />,
    },
  ),
  formKind('mission', 'missions', IconTargetArrow, MissionFormPage, { headingKey: 'design.sidebar.missions' }),
  {
    kind: 'interaction',
    segment: 'interactions',
    labelKey: 'design.kinds.interaction',
    icon: IconMessageCircle,
    routes: [
      { path: 'create/0/:interactionType', Page: InteractionFormPage },
      { path: 'edit/:entityId', Page: InteractionFormPage },
    ],
    itemPath: edit,
    sidebar: { headingKey: 'design.sidebar.interactions', NewAction: NewInteractionMenu },
    // An interaction is created of the type the condition or action needs.
    createInModal: (interactionType) =>
      interactionType
        ? (done) => <InteractionForm entityId={undefined} interactionType={interactionType} onDone={done} />
        : undefined,
  },
  {
    kind: 'gameVersion',
    segment: 'gameVersions',
    labelKey: 'design.kinds.gameVersion',
    icon: IconVersions,
    routes: [
      { path: 'create/0', Page: GameVersionFormPage },
      { path: 'edit/:entityId', Page: GameVersionFormPage },
      { path: 'compare/:entityId', Page: VersionComparePage },
    ],
    newPath: 'create/0',
    sidebar: { headingKey: 'design.sidebar.versions', Content: VersionLinks },
  },
  {
    kind: 'world',
    segment: 'initialState',
    labelKey: 'design.kinds.world',
    icon: IconWorld,
    routes: [
      { path: 'manage-objects/0', Page: ManageWorldPage },
      { path: 'manage-offers/0', Page: ManageWorldPage },
      { path: 'create/:typeId/objects', Page: WorldEntryFormPage },
      { path: 'create/:typeId/offers', Page: WorldEntryFormPage },
      { path: 'edit/:entityId/objects', Page: WorldEntryFormPage },
      { path: 'edit/:entityId/offers', Page: WorldEntryFormPage },
      // The alternative form of spec 3 §2: an entry's id edits it, a type's id (or 0) creates one.
      { path: 'objects/:entityId', Page: WorldEntryFormPage },
      { path: 'offers/:entityId', Page: WorldEntryFormPage },
    ],
    sidebar: { headingKey: 'design.sidebar.initialWorld', Content: WorldLinks },
  },
  // Every item, the market's currency too (it is given and taken like any other).
  formKind('item', 'items', IconBox, ItemFormPage, { headingKey: 'design.sidebar.items' }),
  formKind('character', 'characters', IconUsers, CharacterFormPage, {
    headingKey: 'design.sidebar.characters',
    filter: (character) => character.isPlayer !== true,
  }),
  formKind('attribute', 'attributes', IconSparkles, AttributeFormPage, { headingKey: 'design.sidebar.attributes' }),
  formKind('archetype', 'archetypes', IconBook2, ArchetypeFormPage, {
    headingKey: 'design.sidebar.objectTypes',
    Content: ArchetypeTree,
  }),
  formKind('offer', 'offers', IconTag, OfferFormPage, { headingKey: 'design.sidebar.offers', Content: OfferTree }),
  {
    kind: 'location',
    segment: 'locations',
    labelKey: 'design.kinds.location',
    icon: IconMapPin,
    routes: [
      { path: 'create/0', Page: LocationFormPage },
      { path: 'create/0/:sceneId', Page: LocationFormPage },
      { path: 'edit/:entityId', Page: LocationFormPage },
    ],
    itemPath: edit,
    createInModal: () => (done) => <LocationForm onDone={done} />,
  },
  {
    kind: 'rule',
    segment: 'rules',
    labelKey: 'design.kinds.rule',
    icon: IconLayoutList,
    routes: [
      { path: 'create/0/:sceneId', Page: RuleFormPage },
      { path: 'edit/:entityId', Page: RuleFormPage },
    ],
    itemPath: edit,
  },
];

/** Every route of the registry, as a path under /games/:gameId/ and its page. */
export function kindRoutes(): { path: string; Page: ComponentType }[] {
  return DESIGN_KIND_VIEWS.flatMap((view) =>
    view.routes.map((route) => ({ path: `${view.segment}/${route.path}`, Page: route.Page })),
  );
}

const findCreateForm: CreateFormFinder = (kind, interactionType) => {
  const render = DESIGN_KIND_VIEWS.find((view) => view.kind === kind)?.createInModal?.(interactionType);
  if (!render) return undefined;
  // The form's chunk may still be loading when the modal opens.
  return (done) => <Suspense fallback={<PageLoader />}>{render(done)}</Suspense>;
};

/** Supplies the registry's create-in-a-modal forms to the condition and action editors below. */
export function DesignKindsProvider({ children }: { children: ReactNode }) {
  return <CreateFormsContext.Provider value={findCreateForm}>{children}</CreateFormsContext.Provider>;
}
