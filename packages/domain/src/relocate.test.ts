import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  distanceBetween,
  findOutsideScenes,
  relocateEntityBody,
  relocateInitialState,
  relocatePoint,
  relocateSettings,
  type LatLngPoint,
  type Relocation,
} from './relocate.js';
import { emptyInitialState } from './design/spec.js';

const HERAKLION = { lat: 35.3387, lng: 25.1442 };
const HELSINKI = { lat: 60.1699, lng: 24.9384 };

/** A point within about `metres` of `centre` (a small game's spread). */
const near = (centre: LatLngPoint, metres: number) =>
  fc
    .record({ north: fc.double({ min: -1, max: 1, noNaN: true }), east: fc.double({ min: -1, max: 1, noNaN: true }) })
    .map(({ north, east }) => ({
      lat: centre.lat + (north * metres) / 111_320,
      lng: centre.lng + (east * metres) / (111_320 * Math.cos((centre.lat * Math.PI) / 180)),
    }));

const centre = fc.record({
  lat: fc.double({ min: -70, max: 70, noNaN: true }),
  lng: fc.double({ min: -180, max: 180, noNaN: true }),
});

describe('relocatePoint', () => {
  it('moves the centre onto the new centre', () => {
    expect(relocatePoint(HERAKLION, { from: HERAKLION, to: HELSINKI })).toEqual(HELSINKI);
  });

  it('keeps every pairwise distance within 0.1 % (any centre, any rotation, a game 10 km across)', () => {
    fc.assert(
      fc.property(
        centre.chain((from) =>
          fc.tuple(
            fc.constant(from),
            centre,
            fc.double({ min: -360, max: 360, noNaN: true }),
            fc.array(near(from, 5000), { minLength: 2, maxLength: 8 }),
          ),
        ),
        ([from, to, rotation, points]) => {
          const relocation: Relocation = { from, to, rotation };
          const moved = points.map((point) => relocatePoint(point, relocation));
          for (let i = 0; i < points.length; i += 1) {
            for (let j = i + 1; j < points.length; j += 1) {
              const before = distanceBetween(points[i]!, points[j]!);
              const after = distanceBetween(moved[i]!, moved[j]!);
              // Below a metre, the tolerance is absolute: 0.1 % of nothing is rounding noise.
              expect(Math.abs(after - before)).toBeLessThanOrEqual(Math.max(before * 0.001, 0.001));
            }
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('turns bearings by the rotation: a place 1 km north goes 1 km east under a 90° rotation', () => {
    const north = { lat: HERAKLION.lat + 1000 / 111_195, lng: HERAKLION.lng };
    const moved = relocatePoint(north, { from: HERAKLION, to: HELSINKI, rotation: 90 });
    expect(moved.lat).toBeCloseTo(HELSINKI.lat, 3);
    expect(moved.lng).toBeGreaterThan(HELSINKI.lng);
    expect(distanceBetween(HELSINKI, moved)).toBeCloseTo(distanceBetween(HERAKLION, north), 3);
  });

  it('wraps longitudes across the antimeridian', () => {
    const east = { lat: 0, lng: 179.999 };
    const moved = relocatePoint({ lat: 0, lng: 0.002 }, { from: { lat: 0, lng: 0 }, to: east });
    expect(moved.lng).toBeGreaterThanOrEqual(-180);
    expect(moved.lng).toBeLessThan(180);
    expect(distanceBetween(east, moved)).toBeCloseTo(distanceBetween({ lat: 0, lng: 0 }, { lat: 0, lng: 0.002 }), 3);
  });
});

describe('relocating a game', () => {
  const relocation: Relocation = { from: HERAKLION, to: HELSINKI };
  const scene = {
    lat: HERAKLION.lat + 0.001,
    lng: HERAKLION.lng,
    radius: 200,
    place: { center: { latitude: HERAKLION.lat + 0.001, longitude: HERAKLION.lng }, radius: 200 },
    title: 'Harbour',
  };

  it('moves a scene’s flat centre and its place together, and leaves its radius', () => {
    const moved = relocateEntityBody('scene', scene, relocation);
    expect(moved.lat).toBeCloseTo(HELSINKI.lat + 0.001, 4);
    expect(moved.place.center).toEqual({ latitude: moved.lat, longitude: moved.lng });
    expect(moved.radius).toBe(200);
    expect(moved.title).toBe('Harbour');
  });

  it('moves locations, leaves kinds without coordinates untouched', () => {
    expect(relocateEntityBody('location', { lat: HERAKLION.lat, lng: HERAKLION.lng }, relocation)).toEqual({
      ...HELSINKI,
    });
    const item = { title: 'Key', lat: 1 };
    expect(relocateEntityBody('item', item, relocation)).toBe(item);
  });

  it('moves every world object and offer and the playground', () => {
    const state = emptyInitialState();
    state.has.object.s1 = {
      o1: {
        id: 'o1',
        name: 'Chest',
        sceneId: 's1',
        payload: {},
        type: 'object',
        location: { latitude: HERAKLION.lat, longitude: HERAKLION.lng },
      },
    };
    state.has.offer.s1 = {
      f1: {
        id: 'f1',
        name: 'Sale',
        sceneId: 's1',
        payload: {},
        type: 'offer',
        location: { latitude: HERAKLION.lat, longitude: HERAKLION.lng },
      },
    };
    const moved = relocateInitialState(state, relocation);
    expect(moved.has.object.s1!.o1!.location).toEqual({ latitude: HELSINKI.lat, longitude: HELSINKI.lng });
    expect(moved.has.offer.s1!.f1!.location).toEqual({ latitude: HELSINKI.lat, longitude: HELSINKI.lng });
    const settings = relocateSettings({ pg: { place: { ...HERAKLION, radius: 900 }, title: 'Old town' } }, relocation);
    expect(settings.pg).toEqual({ place: { ...HELSINKI, radius: 900 }, title: 'Old town' });
  });

  it('lists the places outside their scene', () => {
    const state = emptyInitialState();
    state.has.object.s1 = {
      far: {
        id: 'far',
        name: 'Far chest',
        sceneId: 's1',
        payload: {},
        type: 'object',
        location: { latitude: HERAKLION.lat + 0.01, longitude: HERAKLION.lng },
      },
    };
    const outside = findOutsideScenes(
      [
        { kind: 'scene', id: 's1', name: 'Harbour', body: { ...HERAKLION, radius: 100 } },
        { kind: 'location', id: 'in', name: 'Inside', body: { ...HERAKLION, sceneId: 's1' } },
        {
          kind: 'location',
          id: 'out',
          name: 'Outside',
          body: { lat: HERAKLION.lat, lng: HERAKLION.lng + 0.01, sceneId: 's1' },
        },
      ],
      state,
    );
    expect(outside.map((place) => [place.kind, place.id])).toEqual([
      ['location', 'out'],
      ['object', 'far'],
    ]);
    expect(outside[1]!.metres).toBeGreaterThan(1000);
  });
});
