import { describe, expect, it } from 'vitest';
import { DESIGN_KINDS, type DesignKind } from './registry.js';
import { migrateGameSpec, type GameSpec } from './spec.js';
import { richTextAsText } from '../rich-text.js';
import { describeVersionChange, diffGameSpecs, valueInWords } from './version-diff.js';

type RawEntities = Partial<Record<DesignKind, Array<Record<string, unknown>>>>;

/** A spec as stored, parsed through the published schemas (as a version is read). */
function specOf(entities: RawEntities, game: Record<string, unknown> = {}, world?: unknown): GameSpec {
  return migrateGameSpec({
    schemaVersion: 2,
    game: { id: 'g', title: 'Harbour walk', ...game },
    entities,
    initialState: world ?? { has: { object: {}, offer: {} } },
  });
}

/** One entity of each kind, as a designer might have saved it. */
const base: RawEntities = {
  scene: [{ id: 's1', name: 'Harbour', lat: 35.5, lng: 24, radius: 80 }],
  milestone: [{ id: 'ms1', name: 'Met the keeper' }],
  mission: [{ id: 'm1', name: 'Find the key', accomplishment: { accomplishmentType: 'condition', ordered: false } }],
  interaction: [{ id: 'i1', name: 'Greeting', type: 'INTER_STATEMENT', text: '<p>Hello <b>there</b></p>' }],
  character: [{ id: 'c1', name: 'Keeper' }],
  item: [{ id: 'it1', name: 'Key', description: 'Old' }],
  attribute: [{ id: 'a1', name: 'Courage' }],
  archetype: [{ id: 'ar1', name: 'Chest' }],
  offer: [{ id: 'o1', name: 'Coffee', price: 3 }],
  location: [{ id: 'l1', name: 'Gate', sceneId: 's1', lat: 1, lng: 2 }],
  rule: [{ id: 'r1', name: 'Open door', sceneId: 's1', idx: 1, fireOnce: true, sideeffects: [] }],
};

/** `base` with one entity of `kind` changed by `change`. */
function withChanged(kind: DesignKind, change: Record<string, unknown>): RawEntities {
  return { ...base, [kind]: base[kind]!.map((entity, i) => (i === 0 ? { ...entity, ...change } : entity)) };
}

describe('diffGameSpecs', () => {
  it('finds nothing between a version and itself', () => {
    const diff = diffGameSpecs(specOf(base), specOf(base));
    expect(diff.changes).toEqual([]);
    expect(diff.counts).toEqual({ added: 0, removed: 0, changed: 0 });
  });

  it('says a scene was renamed, in words', () => {
    const diff = diffGameSpecs(specOf(base), specOf(withChanged('scene', { name: 'Old port' })));
    expect(diff.changes.map(describeVersionChange).flat()).toContain(
      "Scene 'Old port': name changed from 'Harbour' to 'Old port'",
    );
    expect(diff.counts).toEqual({ added: 0, removed: 0, changed: 1 });
  });

  it.each(DESIGN_KINDS)('finds a %s added, removed and renamed', (kind) => {
    const added = { ...base, [kind]: [...base[kind]!, { ...base[kind]![0], id: 'new', name: 'Brand new' }] };
    const addedDiff = diffGameSpecs(specOf(base), specOf(added));
    expect(addedDiff.changes).toEqual([{ subject: kind, id: 'new', name: 'Brand new', change: 'added', fields: [] }]);

    const removedDiff = diffGameSpecs(specOf(added), specOf(base));
    expect(removedDiff.changes).toEqual([
      { subject: kind, id: 'new', name: 'Brand new', change: 'removed', fields: [] },
    ]);

    const renamed = diffGameSpecs(specOf(base), specOf(withChanged(kind, { name: 'Renamed' })));
    expect(renamed.changes).toHaveLength(1);
    expect(renamed.changes[0]).toMatchObject({ subject: kind, name: 'Renamed', change: 'changed' });
    expect(renamed.changes[0]!.fields).toContainEqual({
      field: 'name',
      before: `'${base[kind]![0]!.name as string}'`,
      after: "'Renamed'",
    });
  });

  it('enters nested objects: a mission whose accomplishment changed names the nested field', () => {
    const after = withChanged('mission', { accomplishment: { accomplishmentType: 'submissions', ordered: true } });
    const [change] = diffGameSpecs(specOf(base), specOf(after)).changes;
    expect(change!.fields).toEqual([
      { field: 'accomplishment.accomplishmentType', before: "'condition'", after: "'submissions'" },
      { field: 'accomplishment.ordered', before: 'no', after: 'yes' },
    ]);
  });

  it('compares rich text as text: markup alone is no change, a changed word is, shown without tags', () => {
    const markupOnly = withChanged('interaction', { text: '<p>Hello <i>there</i></p>' });
    expect(diffGameSpecs(specOf(base), specOf(markupOnly)).changes).toEqual([]);

    const reworded = withChanged('interaction', { text: '<p>Hello <b>sailor</b></p>' });
    const [change] = diffGameSpecs(specOf(base), specOf(reworded)).changes;
    expect(describeVersionChange(change!)).toEqual([
      "Interaction 'Greeting': text changed from 'Hello there' to 'Hello sailor'",
    ]);
  });

  it('counts numbers, yes/no and lists in words', () => {
    const after = withChanged('rule', { fireOnce: false, sideeffects: [{ actionName: 'completeGame' }] });
    const afterOffer = { ...after, offer: [{ id: 'o1', name: 'Coffee', price: 4 }] };
    const diff = diffGameSpecs(specOf(base), specOf(afterOffer));
    const sentences = diff.changes.flatMap(describeVersionChange);
    expect(sentences).toContain("Rule 'Open door': fireOnce changed from yes to no");
    expect(sentences).toContain("Rule 'Open door': sideeffects changed from none to 1 entry");
    expect(sentences).toContain("Offer 'Coffee': price changed from 3 to 4");
  });

  it('ignores the order of a list of entities (moving is not changing)', () => {
    const two = { ...base, item: [...base.item!, { id: 'it2', name: 'Map' }] };
    const reversed = { ...two, item: [...two.item!].reverse() };
    expect(diffGameSpecs(specOf(two), specOf(reversed)).changes).toEqual([]);
  });

  it('reports the game settings and the initial world', () => {
    const entry = {
      id: 'w1',
      name: 'Chest by the gate',
      sceneId: 's1',
      type: 'object',
      payload: {},
      location: { latitude: 1, longitude: 2 },
    };
    const world = { has: { object: { s1: { w1: entry } }, offer: {} } };
    const diff = diffGameSpecs(specOf(base), specOf(base, { title: 'Harbour night walk' }, world));
    expect(diff.changes.flatMap(describeVersionChange)).toEqual([
      "Game settings 'Harbour night walk': title changed from 'Harbour walk' to 'Harbour night walk'",
      "Initial world 'Chest by the gate' added",
    ]);
  });

  it('reads a missing value and an empty one as the same, and says "nothing" for empty', () => {
    const after = withChanged('item', { description: '' });
    const [change] = diffGameSpecs(specOf(base), specOf(after)).changes;
    expect(change!.fields).toEqual([{ field: 'description', before: "'Old'", after: 'nothing' }]);
  });
});

describe('values in words', () => {
  it('drops tags, decodes entities and cuts long texts', () => {
    expect(richTextAsText('<p>Fish &amp; chips</p><p>by&nbsp;the sea</p>')).toBe('Fish & chips by the sea');
    expect(valueInWords('x'.repeat(500))).toHaveLength(122);
    expect(valueInWords(null)).toBe('nothing');
    expect(valueInWords({ a: 1 })).toBe('{"a":1}');
  });
});
