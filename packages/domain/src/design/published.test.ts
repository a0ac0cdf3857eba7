import { describe, expect, it } from 'vitest';
import { GAME_SPEC_SCHEMA_VERSION, migrateGameSpec, parseGameSpec } from './spec.js';
import { isPlayerSecretKey, playerSpecSchema, publishedEntitySchema } from './published.js';
import { z } from 'zod';
import { DEFAULT_LOCATION_RADIUS, DEFAULT_OBJECT_RADIUS, DEFAULT_SCENE_RADIUS } from './vocabulary.js';

/** A version 1 spec as early Loci stored it: entities as saved, fields missing, numbers typed as text. */
const v1 = {
  schemaVersion: 1,
  game: { id: 'g', title: 'Old game', market: true, pg: { type: 'map' } },
  entities: {
    scene: [{ id: 's1', gameId: 'g', name: 'Harbour', lat: '35.5', lng: 24, radius: '80' }],
    offer: [{ id: 'o1', gameId: 'g', name: 'Coffee', price: '3', quantity: 2 }],
    location: [{ id: 'l1', gameId: 'g', name: 'Gate', sceneId: 's1', lat: 1, lng: 2, visible: 'sometimes' }],
    rule: [{ id: 'r1', gameId: 'g', name: 'Start', sceneId: 's1', idx: '2', sideeffects: [null, { actionName: 'x' }] }],
    interaction: [
      { id: 'i1', gameId: 'g', name: 'Quiz', type: 'INTER_QUIZ', questions: [{ title: 'Q', attempts: '0' }, {}] },
    ],
    mission: [
      { id: 'm1', gameId: 'g', name: 'Find', accomplishment: { accomplishmentType: 'submissions', submissions: [{}] } },
    ],
    item: 'not a list',
  },
  initialState: { has: { object: {}, offer: {} } },
};

describe('published specs', () => {
  it('migrates a version 1 spec to a typed one with the editor defaults filled in', () => {
    const spec = migrateGameSpec(v1);
    expect(spec.schemaVersion).toBe(GAME_SPEC_SCHEMA_VERSION);
    expect(spec.entities.scene[0]).toMatchObject({
      title: 'Harbour',
      enabled: true,
      lat: 35.5,
      radius: 80,
      place: { center: { latitude: 35.5, longitude: 24 }, radius: 80 },
    });
    expect(spec.entities.offer[0]).toMatchObject({
      title: 'Coffee',
      pickable: true,
      redeemable: true,
      price: 3,
      quantity: 2,
      radius: DEFAULT_OBJECT_RADIUS,
      limitPicks: { enabled: false, maxItems: null, timeUnit: 'total' },
      sideeffectsAct: [],
    });
    expect(spec.entities.location[0]).toMatchObject({
      visible: 'always',
      contactable: 'in-range',
      trackable: true,
      radius: DEFAULT_LOCATION_RADIUS,
    });
    expect(spec.entities.rule[0]).toMatchObject({
      idx: 2,
      fireOnce: true,
      trigger: {},
      sideeffects: [{ actionName: 'x' }],
    });
    expect(spec.entities.interaction[0]!.questions.map((q) => [q.id, q.attempts, q.qType])).toEqual([
      ['0', 1, 'openEnded'],
      ['1', 1, 'openEnded'],
    ]);
    expect(spec.entities.mission[0]!.accomplishment.submissions[0]).toMatchObject({
      id: 'm1#0',
      accomplishment: { accomplishmentType: 'condition', condition: [] },
    });
    // A kind that is not a list, and kinds missing altogether, are empty lists.
    expect(spec.entities.item).toEqual([]);
    expect(spec.entities.character).toEqual([]);
  });

  it('reads a spec without a playground as a map game and its end as null', () => {
    const spec = migrateGameSpec({ schemaVersion: 1, game: { id: 'g' }, entities: {} });
    expect(spec.game).toMatchObject({ pg: { type: 'map' }, market: false, playingPeriod: { end: null } });
    expect(spec.initialState).toEqual({ has: { object: {}, offer: {} } });
  });

  it('parses a current spec to itself (stored typed, parsed again on load)', () => {
    const once = migrateGameSpec(v1);
    expect(parseGameSpec(once)).toEqual(once);
  });

  it('refuses a spec newer than this Loci', () => {
    expect(() => migrateGameSpec({ schemaVersion: GAME_SPEC_SCHEMA_VERSION + 1 })).toThrow(/newer/);
  });

  it('gives a scene without any centre the origin and the default radius', () => {
    const scene = publishedEntitySchema('scene').parse({ id: 's', name: 'S' });
    expect(scene).toMatchObject({ lat: 0, lng: 0, radius: DEFAULT_SCENE_RADIUS, title: 'S' });
  });
});

/** Every property name a JSON schema declares, at any depth. */
function propertyNames(schema: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) schema.forEach((inner) => propertyNames(inner, into));
  else if (schema !== null && typeof schema === 'object') {
    for (const [key, inner] of Object.entries(schema)) {
      if (key === 'properties' && inner !== null && typeof inner === 'object')
        Object.keys(inner).forEach((name) => into.add(name));
      propertyNames(inner, into);
    }
  }
  return into;
}

describe('the player-safe spec', () => {
  it('documents what players read and none of what decides the game', () => {
    const names = propertyNames(z.toJSONSchema(playerSpecSchema, { io: 'output', unrepresentable: 'any' }));
    expect([...names].filter(isPlayerSecretKey)).toEqual([]);
    for (const shown of ['scene', 'interaction', 'questions', 'options', 'description', 'payloadSpec', 'dwell']) {
      expect(names).toContain(shown);
    }
    expect(names).not.toContain('rule');
    expect(names).not.toContain('milestone');
  });

  it('reads a stripped spec without putting the secret fields back as defaults', () => {
    const interaction = publishedEntitySchema('interaction').parse({
      id: 'i1',
      gameId: 'g',
      name: 'Quiz',
      type: 'INTER_QUIZ',
      questions: [{ id: 'q1', title: 'Which year?', qType: 'MC', options: [{ id: 'a', description: '1821' }] }],
    });
    const { notes: _notes, ...withoutNotes } = interaction;
    const question = interaction.questions[0]!;
    const { hint: _hint, correctAnswer: _answer, correctAnswerBinary: _binary, ...shownQuestion } = question;
    const safe = playerSpecSchema.parse({
      schemaVersion: 2,
      game: { id: 'g', title: 'Harbour walk' },
      entities: {
        scene: [],
        mission: [],
        interaction: [
          { ...withoutNotes, questions: [{ ...shownQuestion, options: [{ id: 'a', description: '1821' }] }] },
        ],
        character: [],
        item: [],
        attribute: [],
        archetype: [],
        offer: [],
        location: [],
      },
    });
    const read = safe.entities.interaction[0]!;
    expect(read.questions[0]).toMatchObject({ title: 'Which year?', options: [{ id: 'a', description: '1821' }] });
    expect(Object.keys(read).filter(isPlayerSecretKey)).toEqual([]);
    expect(Object.keys(read.questions[0]!).filter(isPlayerSecretKey)).toEqual([]);
    expect(Object.keys(read.questions[0]!.options[0]!)).toEqual(['id', 'description']);
  });
});
