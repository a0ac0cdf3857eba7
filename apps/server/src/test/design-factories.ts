import { randomUUID } from 'node:crypto';
import { DESIGN_KIND_INFO, type DesignEntity, type DesignKind } from '@loci/domain';
import type { App } from '../app.js';
import type { AppContext } from '../context.js';
import { designEntities } from '../db/schema.js';
import type { TestUser } from './factories.js';

/**
 * Ids a design entity may refer to. The API refuses references to elements the
 * game does not have, so without them the factories fall back to made-up ids
 * only where the test is about something else (a milestone then has no condition).
 */
export interface DesignRefs {
  sceneId?: string;
  locationId?: string;
  interactionId?: string;
  /** A medium of the game, for logos, icons and avatars. */
  mediaId?: string;
}

type Values = Record<string, unknown>;

const unique = () => randomUUID().slice(0, 8);

/** A media id for forms that require one when the test has no real medium. */
export const PLACEHOLDER_MEDIA_ID = '00000000-0000-4000-8000-00000000ad1a';

/** A condition block: entering the scene. */
function enteredScene(sceneId: string) {
  return [
    {
      conditions: [{ conditionType: 'player-scene', verb: 'has_entered', elementId: sceneId }],
      andOrConditions: 'and',
      andOrNextBlock: 'or',
    },
  ];
}

const noLimit = { enabled: false, maxItems: null, timeUnit: null };

/** The fields archetypes and offers share (spec 2 §3), valid with no behaviour enabled. */
function objectTypeFields(mediaId: string | null): Values {
  return {
    description: '<p>Something to find</p>',
    logoId: mediaId,
    iconSize: 24,
    moderated: false,
    payloadSpec: {
      label: { type: 'string', label: 'Label', hideLabel: false, required: true, hidden: false, objectTitle: true },
    },
    playerGenerated: false,
    limitCreation: noLimit,
    limitPicks: noLimit,
    limitDestroys: noLimit,
    conditionCreation: [],
    conditionPerception: [],
    conditionContact: [],
    conditionAct: [],
    sideeffectsContact: [{ actorId: 'system', actionName: 'showObject', actionArgs: {}, notify: false }],
    sideeffectsAct: [],
    sideeffectsElseContact: [],
    sideeffectsElseAct: [],
    actionLabelContact: 'Open it',
    actionLabelAct: '',
    trackable: true,
    visible: true,
    radius: 20,
    pickable: false,
    destroyable: false,
    redropable: false,
    inRangeOnlyContact: true,
    inRangeOnlyAct: true,
    automaticContact: false,
    automaticAct: false,
    tradable: false,
    redeemable: false,
    price: 0,
  };
}

/** Valid, complete form values of a scene (spec 2 §3), on a map game. */
export function sceneValues(overrides: Values = {}): Values {
  return {
    name: `Scene ${unique()}`,
    systemName: 'harbour',
    title: 'The harbour',
    notes: '',
    enabled: true,
    fgOnly: false,
    logoId: null,
    lat: 35.517,
    lng: 24.018,
    radius: 100,
    universe: false,
    ...overrides,
  };
}

/** Valid form values of a rule: entering a location shows an interaction. */
export function ruleValues(
  refs: Required<Pick<DesignRefs, 'sceneId' | 'locationId' | 'interactionId'>>,
  overrides: Values = {},
): Values {
  return {
    name: `Rule ${unique()}`,
    notes: '',
    sceneId: refs.sceneId,
    trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: refs.locationId },
    triggerPreconditions: [],
    sideeffects: [
      { actorId: 'system', actionName: 'showInfo', actionArgs: { what: refs.interactionId }, notify: false },
    ],
    sideeffectselse: [],
    fireOnce: true,
    ...overrides,
  };
}

/**
 * Valid, complete form values of any kind (spec 2 §3 and §5). Rules and
 * locations need `refs.sceneId`; rules also a location and an interaction;
 * milestones and missions refer to `refs.sceneId` when given (a milestone
 * without it has no condition).
 */
export function designValues(kind: DesignKind, refs: DesignRefs = {}, overrides: Values = {}): Values {
  // Logos are required on some kinds; the schemas check that one is set, not that it exists.
  const mediaId = refs.mediaId ?? PLACEHOLDER_MEDIA_ID;
  const sceneId = refs.sceneId ?? randomUUID();
  const name = `${DESIGN_KIND_INFO[kind].label} ${unique()}`;
  const byKind: Record<DesignKind, () => Values> = {
    scene: () => sceneValues({ name }),
    milestone: () => ({ name, notes: '', condition: refs.sceneId ? enteredScene(refs.sceneId) : [] }),
    mission: () => ({
      name,
      title: 'Reach the lighthouse',
      description: '<p>Walk to the end of the pier.</p>',
      notes: '',
      accomplishment: {
        accomplishmentType: 'condition',
        action: null,
        condition: enteredScene(sceneId),
        submissions: [],
        ordered: false,
        notifyPlayer: true,
      },
    }),
    interaction: () => ({
      type: 'INTER_INSPECT_INFO',
      name,
      notes: '',
      title: 'Welcome',
      buttonLabel: 'Ok',
      description: '<p>Welcome to the old harbour.</p>',
      mediaId: null,
      direction: { isDirection: false, title: '' },
      questions: [],
    }),
    character: () => ({ name, title: 'The fisherman', age: 60, gender: 'm', mediaId, isPlayer: false }),
    item: () => ({
      name,
      title: 'A brass key',
      description: '<p>Opens the lighthouse.</p>',
      logoId: mediaId,
      tradable: false,
      redeemable: false,
      price: 0,
      hidden: false,
      notifyOnChange: true,
      limited: false,
      maxItems: null,
      isCurrency: false,
    }),
    attribute: () => ({
      name,
      title: 'Courage',
      description: '<p>How brave the player is.</p>',
      logoId: mediaId,
      hidden: false,
      notifyOnChange: true,
      tradable: false,
      redeemable: false,
      price: 0,
    }),
    archetype: () => ({ name, title: 'Crate', ...objectTypeFields(mediaId) }),
    offer: () => ({
      name,
      title: 'Free coffee',
      ...objectTypeFields(mediaId),
      pickable: true,
      redeemable: true,
      sideeffectsAct: [{ actorId: 'system', actionName: 'pickObject', actionArgs: {}, notify: false }],
      actionLabelAct: 'Take it',
      quantity: 10,
      offerorName: 'Harbour Café',
      offerorAddress: 'Akti Koundourioti 1',
      offerorUrl: 'https://cafe.example.test',
      offerText: '<p>One coffee on us.</p>',
      offerTerms: '<p>One per player.</p>',
      offerCover: mediaId,
      offerorLogo: mediaId,
    }),
    location: () => ({
      name,
      title: 'Old Harbour',
      sceneId,
      logoId: mediaId,
      iconSize: 24,
      lat: 35.5171,
      lng: 24.0182,
      radius: 50,
      trackable: true,
      visible: 'always',
      contactable: 'in-range',
      if: [],
    }),
    rule: () =>
      ruleValues({
        sceneId,
        locationId: refs.locationId ?? randomUUID(),
        interactionId: refs.interactionId ?? randomUUID(),
      }),
  };
  return { ...byKind[kind](), ...overrides };
}

/** Sends a design request as `user` and returns the raw answer. */
export function designRequest(
  app: App,
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: user ? user.headers : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

/** Creates an entity through the API and returns it; throws unless it answers 201. */
export async function createEntity(
  app: App,
  user: TestUser,
  gameId: string,
  kind: DesignKind,
  values: Values,
): Promise<DesignEntity> {
  const res = await designRequest(app, user, 'POST', `/api/design/${gameId}/${DESIGN_KIND_INFO[kind].segment}`, values);
  if (res.statusCode !== 201) throw new Error(`creating a ${kind} answered ${res.statusCode}: ${res.body}`);
  return res.json() as DesignEntity;
}

/** A scene, a location in it, an interaction and a rule using both: the smallest playable design. */
export async function createBasicDesign(app: App, user: TestUser, gameId: string, refs: DesignRefs = {}) {
  const scene = await createEntity(app, user, gameId, 'scene', designValues('scene', refs));
  const location = await createEntity(
    app,
    user,
    gameId,
    'location',
    designValues('location', { ...refs, sceneId: scene.id }, { name: `Old Harbour ${unique()}` }),
  );
  const interaction = await createEntity(app, user, gameId, 'interaction', designValues('interaction', refs));
  const rule = await createEntity(
    app,
    user,
    gameId,
    'rule',
    ruleValues({ sceneId: scene.id, locationId: location.id, interactionId: interaction.id }),
  );
  return { scene, location, interaction, rule };
}

/** A world object form of the initial state. */
export function worldObjectValues(refs: { sceneId: string; archetypeId: string }, overrides: Values = {}): Values {
  return {
    name: `crate-${unique()}`,
    sceneId: refs.sceneId,
    archetypeId: refs.archetypeId,
    payload: { label: 'Fish crate' },
    location: { latitude: 35.5172, longitude: 24.0183 },
    type: 'object',
    ...overrides,
  };
}

/**
 * Inserts entities straight into the table (no validation, no API), e.g. for
 * benchmarks: `count` entities of `kind` with the factories' values.
 */
export async function insertEntities(
  ctx: AppContext,
  gameId: string,
  kind: DesignKind,
  count: number,
  refsOf: (index: number) => DesignRefs = () => ({}),
): Promise<Array<{ id: string; name: string }>> {
  const rows = Array.from({ length: count }, (_, index) => {
    const refs = refsOf(index);
    const { name, sceneId, ...body } = designValues(kind, refs, { name: `${DESIGN_KIND_INFO[kind].label} ${index}` });
    const scened = kind === 'rule' || kind === 'location';
    return {
      gameId,
      kind,
      id: randomUUID(),
      name: String(name),
      sceneId: scened ? String(sceneId) : null,
      idx: null as number | null,
      body: scened ? body : { ...body, ...(sceneId !== undefined ? { sceneId } : {}) },
    };
  });
  if (kind === 'rule') {
    const perScene = new Map<string | null, number>();
    for (const row of rows) {
      const next = (perScene.get(row.sceneId) ?? 0) + 1;
      perScene.set(row.sceneId, next);
      row.idx = next;
    }
  }
  for (let start = 0; start < rows.length; start += 500) {
    await ctx.db.insert(designEntities).values(rows.slice(start, start + 500));
  }
  return rows.map((row) => ({ id: row.id, name: row.name }));
}
