import { describe, expect, it } from 'vitest';
import { act, cond, gameBuilder, Session } from './test/builders.js';

const notify = (msg: string) => act('showNotification', undefined, { msg });

describe('#step: the start scene', () => {
  it('starts in the first enabled non-universe scene of the designer’s order, not the first by name', () => {
    const spec = gameBuilder()
      .scene('a-epilogue', { idx: 3 })
      .scene('b-prologue', { idx: 1, enabled: false })
      .scene('c-harbour', { idx: 2 })
      .scene('u', { universe: true, idx: 0 })
      .rule('assign', 'c-harbour', cond('player-scene', 'has_entered', 'c-harbour'), [notify('mission assigned')])
      .build();
    const session = new Session(spec);
    session.start();
    expect(session.player().currentSceneId).toBe('c-harbour');
    expect(session.outputs('showNotification').map((output) => output.message)).toEqual(['mission assigned']);
  });

  it('puts scenes never ordered after the ordered ones, in the spec’s order', () => {
    const spec = gameBuilder().scene('first-listed').scene('ordered', { idx: 1 }).build();
    const session = new Session(spec);
    session.start();
    expect(session.player().currentSceneId).toBe('ordered');
  });

  it('starts in the scene chosen in the settings when it is enabled, else falls back to the order', () => {
    const chosen = gameBuilder({ startSceneId: 's3' }).scene('s1', { idx: 1 }).scene('s3', { idx: 2 }).build();
    const session = new Session(chosen);
    session.start();
    expect(session.player().currentSceneId).toBe('s3');

    const disabled = gameBuilder({ startSceneId: 's3' })
      .scene('s1', { idx: 1 })
      .scene('s3', { idx: 2, enabled: false })
      .build();
    const fallback = new Session(disabled);
    fallback.start();
    expect(fallback.player().currentSceneId).toBe('s1');

    const gone = new Session(gameBuilder({ startSceneId: 'deleted' }).scene('s1').build());
    gone.start();
    expect(gone.player().currentSceneId).toBe('s1');
  });
});

describe('#step: outputs in order', () => {
  it('"Show info" then "Complete game" in one rule: the info box comes first, then the end, and stays pending', () => {
    const spec = gameBuilder()
      .scene('s1')
      .info('epilogue')
      .onCode('finale', [act('showInfo', 'epilogue'), act('completeGame')])
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'code', code: 'finale' });
    const actions = session.actions();
    expect(actions.indexOf('showInfo')).toBeGreaterThanOrEqual(0);
    expect(actions.indexOf('showInfo')).toBeLessThan(actions.indexOf('completeGame'));
    expect(session.player().pending.map((output) => output.action)).toContain('showInfo');
    session.send({ type: 'seen', interactionId: 'epilogue' });
    expect(session.last.outputs.filter((output) => output.action === 'error')).toEqual([]);
  });
});
