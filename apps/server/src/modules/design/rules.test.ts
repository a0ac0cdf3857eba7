import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_MESSAGES, type DesignEntity } from '@loci/domain';
import { createTestApp, type TestApp } from '../../test/app.js';
import { releaseLock, takeLock } from '../locks/service.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createGame } from '../../test/game-factories.js';
import {
  createBasicDesign,
  createEntity,
  designRequest,
  designValues,
  ruleValues,
  worldObjectValues,
} from '../../test/design-factories.js';

describe('rules, scenes and references', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t.app.ctx, { role: 'designer' });
  });
  afterAll(() => t.close());

  const request = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
    designRequest(t.app, owner, method, url, body);

  /** A scene script of `count` rules named R1…Rn, in that order. */
  async function sceneWithRules(count: number) {
    const game = await createGame(t.app.ctx, owner);
    const gameId = game.row.id;
    const basics = await createBasicDesign(t.app, owner, gameId);
    // createBasicDesign made one rule; rename it R1.
    const first = await request('PATCH', `/api/design/${gameId}/rules/${basics.rule.id}`, {
      ...basics.rule,
      name: 'R1',
    });
    const rules: DesignEntity[] = [first.json()];
    for (let n = 2; n <= count; n++) {
      rules.push(
        await createEntity(
          t.app,
          owner,
          gameId,
          'rule',
          ruleValues(
            { sceneId: basics.scene.id, locationId: basics.location.id, interactionId: basics.interaction.id },
            { name: `R${n}` },
          ),
        ),
      );
    }
    return { gameId, ...basics, rules };
  }

  async function script(gameId: string, sceneId: string): Promise<string[]> {
    const res = await request('GET', `/api/design/${gameId}/rules`);
    return (res.json() as DesignEntity[])
      .filter((rule) => rule.sceneId === sceneId)
      .map((rule) => `${String(rule.idx)}:${rule.name}`);
  }

  describe('#rules.order', () => {
    it('numbers new rules from 1 at the end of their scene', async () => {
      const { gameId, scene, rules } = await sceneWithRules(3);
      expect(rules.map((rule) => rule.idx)).toEqual([1, 2, 3]);
      expect(await script(gameId, scene.id)).toEqual(['1:R1', '2:R2', '3:R3']);
      // Another scene starts again at 1.
      const other = await createEntity(t.app, owner, gameId, 'scene', designValues('scene'));
      const rule = await createEntity(t.app, owner, gameId, 'rule', {
        ...rules[0],
        id: undefined,
        name: 'S2R1',
        sceneId: other.id,
      });
      expect(rule.idx).toBe(1);
    });

    it('ignores an idx sent by the client', async () => {
      const { gameId, rules } = await sceneWithRules(2);
      const res = await request('PATCH', `/api/design/${gameId}/rules/${rules[0]!.id}`, { ...rules[0], idx: 7 });
      expect(res.statusCode).toBe(200);
      expect(res.json().idx).toBe(1);
    });

    it('moves a rule up and down by swapping with its neighbour; 409 at the ends', async () => {
      const { gameId, scene, rules } = await sceneWithRules(3);
      const [r1, r2, r3] = rules as [DesignEntity, DesignEntity, DesignEntity];
      const up = await request('POST', `/api/design/${gameId}/rules/${r3.id}/move`, { direction: 'up' });
      expect(up.statusCode).toBe(200);
      expect((up.json() as DesignEntity[]).map((rule) => [rule.name, rule.idx])).toEqual([
        ['R3', 2],
        ['R2', 3],
      ]);
      expect(await script(gameId, scene.id)).toEqual(['1:R1', '2:R3', '3:R2']);

      const down = await request('POST', `/api/design/${gameId}/rules/${r1.id}/move`, { direction: 'down' });
      expect(down.statusCode).toBe(200);
      expect(await script(gameId, scene.id)).toEqual(['1:R3', '2:R1', '3:R2']);

      const top = await request('POST', `/api/design/${gameId}/rules/${r3.id}/move`, { direction: 'up' });
      expect(top.statusCode).toBe(409);
      expect(top.json().message).toBe('This rule is already the first of its scene');
      const bottom = await request('POST', `/api/design/${gameId}/rules/${r2.id}/move`, { direction: 'down' });
      expect(bottom.statusCode).toBe(409);
      expect(await script(gameId, scene.id)).toEqual(['1:R3', '2:R1', '3:R2']);

      expect(
        (await request('POST', `/api/design/${gameId}/rules/${r2.id}/move`, { direction: 'sideways' })).statusCode,
      ).toBe(400);
    });

    it('refuses to move while another user holds the lock of either rule', async () => {
      const { gameId, scene, rules } = await sceneWithRules(2);
      const [r1, r2] = rules as [DesignEntity, DesignEntity];
      const other = await createUser(t.app.ctx, { role: 'designer', name: 'Lena Locker' });
      const lock = (userId: string, id: string) =>
        takeLock({ ctx: t.app.ctx, userId, target: { gameId, kind: 'rule', id }, duration: 480 });
      const move = () => request('POST', `/api/design/${gameId}/rules/${r2.id}/move`, { direction: 'up' });
      // The mover's own lock does not count; another user's on the moved rule or on its neighbour does.
      await lock(owner.user.id, r2.id);
      for (const locked of [r1, r2]) {
        if (locked === r2)
          await releaseLock({ ctx: t.app.ctx, userId: owner.user.id, target: { gameId, kind: 'rule', id: r2.id } });
        expect((await lock(other.user.id, locked.id)).locked).toBe(true);
        const refused = await move();
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ message: LOCK_MESSAGES.heldByOther, holder: { name: 'Lena Locker' } });
        expect(await script(gameId, scene.id)).toEqual(['1:R1', '2:R2']);
        await releaseLock({ ctx: t.app.ctx, userId: other.user.id, target: { gameId, kind: 'rule', id: locked.id } });
      }
      await lock(owner.user.id, r1.id);
      expect((await move()).statusCode).toBe(200);
      expect(await script(gameId, scene.id)).toEqual(['1:R2', '2:R1']);
    });

    it('swaps both rules or neither: concurrent moves keep the positions a permutation', async () => {
      const { gameId, scene, rules } = await sceneWithRules(4);
      await Promise.all(
        rules.flatMap((rule) => [
          request('POST', `/api/design/${gameId}/rules/${rule.id}/move`, { direction: 'up' }),
          request('POST', `/api/design/${gameId}/rules/${rule.id}/move`, { direction: 'down' }),
        ]),
      );
      const positions = (await script(gameId, scene.id)).map((entry) => Number(entry.split(':')[0]));
      expect(positions).toEqual([1, 2, 3, 4]);
    });

    it('closes the gap when a rule is deleted or moves to another scene (to the end of that scene)', async () => {
      const { gameId, scene, rules } = await sceneWithRules(4);
      expect((await request('DELETE', `/api/design/${gameId}/rules/${rules[1]!.id}`)).statusCode).toBe(200);
      expect(await script(gameId, scene.id)).toEqual(['1:R1', '2:R3', '3:R4']);

      const other = await createEntity(t.app, owner, gameId, 'scene', designValues('scene'));
      await createEntity(t.app, owner, gameId, 'rule', { ...rules[0], id: undefined, name: 'S2R1', sceneId: other.id });
      const moved = await request('PATCH', `/api/design/${gameId}/rules/${rules[0]!.id}`, {
        ...rules[0],
        sceneId: other.id,
      });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({ sceneId: other.id, idx: 2 });
      expect(await script(gameId, scene.id)).toEqual(['1:R3', '2:R4']);
      expect(await script(gameId, other.id)).toEqual(['1:S2R1', '2:R1']);
    });

    it('gives concurrent creations distinct positions', async () => {
      const { gameId, scene, location, interaction } = await sceneWithRules(1);
      const created = await Promise.all(
        Array.from({ length: 6 }, (_, n) =>
          request(
            'POST',
            `/api/design/${gameId}/rules`,
            ruleValues(
              { sceneId: scene.id, locationId: location.id, interactionId: interaction.id },
              { name: `C${n}` },
            ),
          ),
        ),
      );
      expect(created.map((res) => res.statusCode)).toEqual(Array(6).fill(201));
      expect(created.map((res) => res.json().idx).sort()).toEqual([2, 3, 4, 5, 6, 7]);
    });
  });

  describe('#design.delete', () => {
    it('refuses to delete what other entities use, naming them, and deletes nothing', async () => {
      const { gameId, location, interaction, rule } = await sceneWithRules(1);
      const renamed = await request('PATCH', `/api/design/${gameId}/rules/${rule.id}`, {
        ...rule,
        name: 'Enter harbour',
      });
      expect(renamed.statusCode).toBe(200);

      const refused = await request('DELETE', `/api/design/${gameId}/interactions/${interaction.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Used by rule "Enter harbour"');
      expect((await request('GET', `/api/design/${gameId}/interactions/${interaction.id}`)).statusCode).toBe(200);
      // In the caller's language: the kind of each user in Greek, the names as they are.
      const greek = await t.app.inject({
        method: 'DELETE',
        url: `/api/design/${gameId}/interactions/${interaction.id}`,
        headers: { ...owner.headers, 'accept-language': 'el-GR,el;q=0.9' },
      });
      expect(greek.statusCode).toBe(409);
      expect(greek.json().message).toBe('Χρησιμοποιείται από: κανόνας «Enter harbour»');
      const missing = await t.app.inject({
        method: 'GET',
        url: `/api/design/${gameId}/rules/00000000-0000-4000-8000-000000000000`,
        headers: { ...owner.headers, 'accept-language': 'el' },
      });
      expect([missing.statusCode, missing.json().message]).toEqual([404, 'Δεν βρέθηκε: κανόνας']);

      const locationRefused = await request('DELETE', `/api/design/${gameId}/locations/${location.id}`);
      expect(locationRefused.statusCode).toBe(409);
      expect(locationRefused.json().message).toBe('Used by rule "Enter harbour"');

      // Once the rule is gone, both may go.
      expect((await request('DELETE', `/api/design/${gameId}/rules/${rule.id}`)).statusCode).toBe(200);
      expect((await request('DELETE', `/api/design/${gameId}/interactions/${interaction.id}`)).statusCode).toBe(200);
      expect((await request('DELETE', `/api/design/${gameId}/locations/${location.id}`)).statusCode).toBe(200);
    });

    it('names every user, of every kind', async () => {
      const { gameId, scene, location, interaction } = await sceneWithRules(1);
      const milestone = await createEntity(t.app, owner, gameId, 'milestone', {
        ...designValues('milestone'),
        name: 'Been at the harbour',
        condition: [
          {
            conditions: [{ conditionType: 'player-location', verb: 'has_visited', elementId: location.id }],
            andOrConditions: 'and',
            andOrNextBlock: 'or',
          },
        ],
      });
      expect(milestone.name).toBe('Been at the harbour');
      const refused = await request('DELETE', `/api/design/${gameId}/locations/${location.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/^Used by /);
      expect(refused.json().message).toContain('milestone "Been at the harbour"');
      expect(refused.json().message).toContain('rule "R1"');
      void scene;
      void interaction;
    });

    it('deletes a scene with its rules, locations and world objects', async () => {
      const { gameId, scene, location, rules } = await sceneWithRules(2);
      const archetype = await createEntity(t.app, owner, gameId, 'archetype', designValues('archetype'));
      const placed = await request(
        'POST',
        `/api/design/${gameId}/initialStates/current`,
        worldObjectValues({ sceneId: scene.id, archetypeId: archetype.id }),
      );
      expect(placed.statusCode).toBe(200);

      const res = await request('DELETE', `/api/design/${gameId}/scenes/${scene.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(
        (res.json().deleted as Array<{ kind: string; id: string }>).map((entry) => `${entry.kind}:${entry.id}`).sort(),
      ).toEqual([`scene:${scene.id}`, `location:${location.id}`, ...rules.map((rule) => `rule:${rule.id}`)].sort());
      expect((await request('GET', `/api/design/${gameId}/rules`)).json()).toEqual([]);
      expect((await request('GET', `/api/design/${gameId}/locations`)).json()).toEqual([]);
      expect((await request('GET', `/api/design/${gameId}/interactions`)).json()).toHaveLength(1);
      const state = (await request('GET', `/api/design/${gameId}/initialStates/current`)).json().state;
      expect(state.has.object).toEqual({});
    });

    it('refuses to delete a scene that entities outside it use', async () => {
      const { gameId, scene } = await sceneWithRules(1);
      await createEntity(t.app, owner, gameId, 'mission', {
        ...designValues('mission', { sceneId: scene.id }),
        name: 'Find the harbour',
      });
      const refused = await request('DELETE', `/api/design/${gameId}/scenes/${scene.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Used by mission "Find the harbour"');
      expect((await request('GET', `/api/design/${gameId}/rules`)).json()).toHaveLength(1);
    });

    it('refuses to delete an object type that world objects are made of', async () => {
      const { gameId, scene } = await sceneWithRules(1);
      const archetype = await createEntity(t.app, owner, gameId, 'archetype', designValues('archetype'));
      await request(
        'POST',
        `/api/design/${gameId}/initialStates/current`,
        worldObjectValues({ sceneId: scene.id, archetypeId: archetype.id }, { name: 'crate-on-pier' }),
      );
      const refused = await request('DELETE', `/api/design/${gameId}/archetypes/${archetype.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Used by world object "crate-on-pier"');
    });
  });
});
