import { ACTION_NAMES, type ActionName } from '@loci/domain';
import { describe, expect, it } from 'vitest';
import { act, all, at, cond, gameBuilder, option, Session } from './test/builders.js';

/** One scenario per action of the vocabulary (the Record makes a missing action a compile error). */
const SCENARIOS: Record<ActionName, () => void> = {
  // ─── Communication ───
  showInfo: () => {
    const spec = gameBuilder()
      .scene('s1')
      .info('note')
      .onCode('x', [act('showInfo', 'note', { actorId: 'guide' })])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(session.last.outputs).toEqual([
      { playerId: 'p1', action: 'showInfo', interactionId: 'note', blocking: true, actorId: 'guide' },
    ]);
    expect(session.player().pending).toHaveLength(1);
    session.send({ type: 'seen', interactionId: 'note' });
    expect(session.player().pending).toHaveLength(0);
    expect(session.last.records).toMatchObject([{ name: 'has seen info', interactionId: 'note' }]);
  },
  showNotification: () => {
    const spec = gameBuilder()
      .scene('s1')
      .onCode('x', [act('showNotification', undefined, { msg: 'Hello there' })])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(session.last.outputs).toEqual([{ playerId: 'p1', action: 'showNotification', message: 'Hello there' }]);
  },
  announceInFeed: () => {
    const spec = gameBuilder()
      .scene('s1')
      .onCode('x', [act('announceInFeed', undefined, { msg: '{name} found the lighthouse key' })])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(session.last.outputs).toEqual([
      { playerId: 'p1', action: 'announceInFeed', message: `${session.player().name} found the lighthouse key` },
    ]);
  },
  askQuestion: () => {
    const spec = gameBuilder()
      .scene('s1')
      .question('q', { hasCorrectAnswer: true, correctAnswer: 'yes', attempts: 2, hint: 'Think' })
      .onCode('x', [act('askQuestion', 'q')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(session.outputs('askQuestion')).toMatchObject([{ interactionId: 'q', attemptsLeft: 2, blocking: true }]);
    session.send({ type: 'answer', interactionId: 'q', answer: 'no' });
    expect(session.outputs('answerResult')).toMatchObject([{ correct: false, attemptsLeft: 1, hint: 'Think' }]);
    expect(session.last.records.map((record) => record.name)).toEqual(['has answered question']);
    session.send({ type: 'answer', interactionId: 'q', answer: 'Yes' });
    expect(session.last.records.map((record) => record.name)).toEqual(['has answered question', 'has passed question']);
    expect(session.player().pending).toEqual([]);
  },
  askQuiz: () => {
    const spec = gameBuilder()
      .scene('s1')
      .quiz('quiz', [{ id: 'a' }, { id: 'b' }])
      .onCode('x', [act('askQuiz', 'quiz')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(session.outputs('askQuiz')).toMatchObject([{ interactionId: 'quiz', blocking: true }]);
    session.send({ type: 'answer', interactionId: 'quiz', answer: 'first' });
    session.send({ type: 'answer', interactionId: 'quiz', answer: 'second' });
    expect(session.last.records.map((record) => record.status)).toEqual(['answered', 'completed']);
    expect(session.player().quizzes.quiz).toMatchObject({ passed: true, open: false });
  },
  askConfirmation: () => {
    const spec = gameBuilder()
      .scene('s1')
      .confirmation('c')
      .onCode('x', [act('askConfirmation', 'c')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(session.outputs('askConfirmation')).toMatchObject([{ interactionId: 'c', blocking: true }]);
    session.send({ type: 'confirm', interactionId: 'c', approved: false });
    expect(session.last.records).toMatchObject([{ name: 'has approved or rejected confirmation', approved: false }]);
  },
  startConversation: () => {
    const spec = gameBuilder()
      .scene('s1')
      .character('bob')
      .conversation('chat', [
        {
          id: 'st1',
          spokenBy: 'bob',
          options: [
            option('ask', [act('sayStatement', 'st2')]),
            option('rich', [], all(cond('player-item', 'owns', 'gold'))),
          ],
        },
        { id: 'st2', options: [option('leave', [])] },
      ])
      .item('gold')
      .onCode('x', [act('startConversation', 'chat')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(session.last.outputs).toEqual([
      {
        playerId: 'p1',
        action: 'startConversation',
        interactionId: 'chat',
        statementId: 'st1',
        options: [{ id: 'ask', actionLabel: 'ask' }],
        blocking: true,
        actorId: 'bob',
      },
    ]);
    expect(session.last.records).toMatchObject([{ name: 'has started or completed conversation', status: 'started' }]);
  },
  resumeConversation: () => {
    const spec = gameBuilder()
      .scene('s1')
      .conversation(
        'chat',
        [
          { id: 'st1', options: [option('next', [act('sayStatement', 'st2')])] },
          { id: 'st2', options: [option('pause', [act('exitConversation')])] },
        ],
        true,
      )
      .onCode('start', [act('startConversation', 'chat')])
      .onCode('resume', [act('resumeConversation', 'chat')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('start');
    session.send({ type: 'option', interactionId: 'chat', statementId: 'st1', optionId: 'next' });
    session.send({ type: 'option', interactionId: 'chat', statementId: 'st2', optionId: 'pause' });
    expect(session.actions()).toEqual(['exitConversation']);
    session.code('resume');
    expect(session.outputs('resumeConversation')).toMatchObject([{ statementId: 'st2' }]);
  },
  assignMission: () => {
    const spec = gameBuilder()
      .scene('s1')
      .mission('m', { accomplishmentType: 'condition', condition: all(cond('player-item', 'owns', 'x')) })
      .item('x')
      .onCode('x', [act('assignMission', 'm', { notify: true })])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(session.player().missions.m).toMatchObject({ assignedWhen: session.now.toISOString(), completedWhen: null });
    expect(session.last.records).toMatchObject([
      { name: 'has been assigned or completed mission', status: 'assigned' },
    ]);
    expect(session.outputs('showNotification')).toMatchObject([{ message: 'New mission: m' }]);
  },
  reopenMission: () => {
    const spec = gameBuilder()
      .scene('s1')
      .mission('m', { accomplishmentType: 'action', action: { ...textAction() } })
      .onCode('give', [act('assignMission', 'm')])
      .onCode('again', [act('reopenMission', 'm')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('give');
    session.send({ type: 'submission', missionId: 'm', text: 'done' });
    expect(session.player().missions.m?.completedWhen).not.toBeNull();
    session.code('again');
    expect(session.player().missions.m?.completedWhen).toBeNull();
  },
  awardJudgedPoints: () => {
    const spec = gameBuilder()
      .scene('s1')
      .attribute('score')
      .mission('m', { accomplishmentType: 'action', action: { ...textAction() } }, 'wait')
      .onCode('give', [act('assignMission', 'm')])
      .rule('award', 'u', cond('player-mission', 'has_been_approved', 'm'), [act('awardJudgedPoints', 'score')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('give');
    session.send({ type: 'submission', missionId: 'm', text: 'done' });
    session.apply({ type: 'judge', playerId: 'p1', missionId: 'm', submissionId: 's', verdict: 'approved', points: 4 });
    expect(session.player().attributes.score).toBe(4);
  },
  archiveMission: () => {
    const spec = gameBuilder()
      .scene('s1')
      .mission('m', { accomplishmentType: 'action', action: { ...textAction() } })
      .onCode('give', [act('assignMission', 'm')])
      .onCode('drop', [act('archiveMission', 'm')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('give');
    session.code('drop');
    expect(session.player().missions.m?.archivedWhen).not.toBeNull();
    session.send({ type: 'submission', missionId: 'm', text: 'late' });
    expect(session.error()).toBe('NOT_ASSIGNED');
  },

  // ─── Player state ───
  giveToPlayer: () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('apple', { limited: true, maxItems: 5, notifyOnChange: true })
      .onCode('x', [act('giveToPlayer', 'apple', { value: 3 })])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(session.player().items.apple).toBe(3);
    expect(session.outputs('showNotification')).toMatchObject([{ message: '+3 apple' }]);
    session.code('x');
    expect(session.player().items.apple).toBe(5); // limited to maxItems
  },
  takeFromPlayer: () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('apple')
      .onCode('give', [act('giveToPlayer', 'apple', { value: 2 })])
      .onCode('take', [act('takeFromPlayer', 'apple', { value: 5, notify: true, message: 'Eaten' })])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('give');
    session.code('take');
    expect(session.player().items.apple).toBe(0); // never negative
    expect(session.outputs('showNotification')).toMatchObject([{ message: 'Eaten' }]);
  },
  setOnPlayer: () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('apple')
      .attribute('title')
      .attribute('level')
      .onCode('set', [
        act('setOnPlayer', 'apple', { value: 7 }),
        act('setOnPlayer', 'title', { value: 'Knight' }),
        act('setOnPlayer', 'level', { value: 2, numberPropHow: '+' }),
      ])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('set');
    session.code('set');
    expect(session.player().items.apple).toBe(7);
    expect(session.player().attributes).toEqual({ title: 'Knight', level: 4 });
  },
  attachToPlayer: () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('badge')
      .offer('voucher')
      .onCode('x', [act('attachToPlayer', 'badge'), act('attachToPlayer', 'voucher')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(Object.values(session.player().objects)).toMatchObject([{ archetypeId: 'badge', owner: 'p1', id: 'p1-1' }]);
    expect(session.player().offers.voucher).toEqual({ count: 1, picked: 0, redeemed: 0 });
  },
  detachFromPlayer: () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('badge')
      .onCode('give', [act('attachToPlayer', 'badge'), act('attachToPlayer', 'badge')])
      .onCode('take', [act('detachFromPlayer', 'badge')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('give');
    session.code('take');
    expect(Object.keys(session.player().objects)).toEqual(['p1-1']);
  },
  removePlayerObjects: () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('badge')
      .onCode('give', [act('attachToPlayer', 'badge'), act('attachToPlayer', 'badge')])
      .onCode('clear', [act('removePlayerObjects', 'badge')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('give');
    session.code('clear');
    expect(session.player().objects).toEqual({});
  },

  // ─── World state ───
  giveToWorld: () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('rain')
      .onCode('x', [act('giveToWorld', 'rain', { value: 4 })])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(session.state.world.items.rain).toBe(4);
    expect(session.state.world.revision).toBe(1);
  },
  takeFromWorld: () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('rain')
      .onCode('give', [act('giveToWorld', 'rain', { value: 1 })])
      .onCode('take', [act('takeFromWorld', 'rain', { value: 3 })])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('give');
    session.code('take');
    expect(session.state.world.items.rain).toBe(0);
  },
  setOnWorld: () => {
    const spec = gameBuilder()
      .scene('s1')
      .item('rain')
      .onCode('x', [act('setOnWorld', 'rain', { value: 9 }), act('setOnWorld', 'weather', { value: 'storm' })])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(session.state.world.items.rain).toBe(9);
    expect(session.state.world.attributes.weather).toBe('storm');
  },
  attachToWorld: () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('flag')
      .offer('deal', { quantity: 3 })
      .onCode('x', [act('attachToWorld', 'flag'), act('attachToWorld', 'deal')])
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(10, 10));
    session.code('x');
    expect(Object.values(session.state.world.objects)).toMatchObject([
      { archetypeId: 'flag', sceneId: 's1', location: at(10, 10) },
    ]);
    expect(Object.values(session.state.world.offers)).toMatchObject([{ offerId: 'deal', quantity: 3 }]);
  },
  detachFromWorld: () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('flag')
      .object('near', 'flag', 's1', at(5, 0))
      .object('far', 'flag', 's1', at(500, 0))
      .onCode('x', [act('detachFromWorld', 'flag')])
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(0, 0));
    session.code('x');
    expect(Object.keys(session.state.world.objects)).toEqual(['far']);
  },
  returnToWorld: () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('ball', { pickable: true, sideeffectsAct: [act('pickObject')] })
      .object('ball-1', 'ball', 's1', at(5, 0))
      .onCode('x', [act('returnToWorld', 'ball')])
      .build();
    const session = new Session(spec);
    session.start();
    session.goTo(at(0, 0));
    session.send({ type: 'act', objectId: 'ball-1' });
    expect(session.player().objects['ball-1']).toBeDefined();
    session.goTo(at(300, 0));
    session.code('x');
    expect(session.player().objects).toEqual({});
    expect(session.state.world.objects['ball-1']).toMatchObject({ location: at(5, 0), owner: null });
  },
  removeFromWorld: () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('flag')
      .object('a', 'flag', 's1', at(5, 0))
      .object('b', 'flag', 's1', at(500, 0))
      .onCode('x', [act('removeFromWorld', 'flag')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(session.state.world.objects).toEqual({});
  },

  // ─── Scene and game ───
  enableScene: () => {
    const spec = gameBuilder()
      .scene('s1')
      .scene('s2', { enabled: false })
      .onCode('go', [act('goToScene', 's2')])
      .onCode('open', [act('enableScene', 's2')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('go');
    expect(session.player().currentSceneId).toBe('s1');
    session.code('open');
    session.code('go');
    expect(session.player().currentSceneId).toBe('s2');
  },
  disableScene: () => {
    const spec = gameBuilder()
      .scene('s1')
      .scene('s2')
      .onCode('close', [act('disableScene', 's2')])
      .onCode('go', [act('goToScene', 's2')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('close');
    expect(session.state.world.scenes.s2).toBe(false);
    session.code('go');
    expect(session.player().currentSceneId).toBe('s1');
    expect(session.last.trace.rules.find((rule) => rule.ruleId === 'code-go')?.notes).toEqual([
      'goToScene: scene s2 is disabled',
    ]);
  },
  goToScene: () => {
    const spec = gameBuilder()
      .scene('s1')
      .scene('s2')
      .onCode('go', [act('goToScene', 's2')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('go');
    expect(session.last.outputs).toEqual([{ playerId: 'p1', action: 'goToScene', sceneId: 's2' }]);
    expect(session.last.records).toMatchObject([{ name: 'has entered scene', sceneId: 's2' }]);
    expect(session.player().exitedScenes.s1).toBeDefined();
  },
  endGame: () => {
    const spec = gameBuilder()
      .scene('s1')
      .onCode('die', [act('endGame', undefined, { message: 'You fell' })])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('die');
    expect(session.last.outputs).toEqual([{ playerId: 'p1', action: 'endGame', message: 'You fell' }]);
    expect(session.player().finished).toMatchObject({ completed: false });
    expect(session.state.world.status).toBe('completed');
    session.code('die');
    expect(session.error()).toBe('GAME_OVER');
  },
  completeGame: () => {
    const spec = gameBuilder({ multiplayer: true })
      .scene('s1')
      .onCode('win', [act('completeGame')])
      .build();
    const session = new Session(spec);
    session.start('p1');
    session.start('p2');
    session.code('win', 'p1');
    expect(session.actions()).toEqual(['completeGame']);
    expect(session.state.world.status).toBe('active'); // p2 still plays
    session.code('win', 'p2');
    expect(session.state.world.status).toBe('completed');
  },
  setBackground: () => {
    const spec = gameBuilder()
      .scene('s1')
      .onCode('x', [act('setBackground', 'media-7')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(session.last.outputs).toEqual([{ playerId: 'p1', action: 'setBackground', mediaId: 'media-7' }]);
    expect(session.state.world.background).toBe('media-7');
  },
  resetBackground: () => {
    const spec = gameBuilder()
      .scene('s1')
      .onCode('x', [act('setBackground', 'media-7')])
      .onCode('y', [act('resetBackground')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    session.code('y');
    expect(session.actions()).toEqual(['resetBackground']);
    expect(session.state.world.background).toBeNull();
  },

  // ─── Object ───
  pickObject: () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('coin', { pickable: true, sideeffectsContact: [act('pickObject')] })
      .object('coin-1', 'coin', 's1', at(0, 0))
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'contact', objectId: 'coin-1' });
    expect(session.state.world.objects['coin-1']).toBeUndefined();
    expect(session.player().objects['coin-1']).toMatchObject({ owner: 'p1', home: { sceneId: 's1' } });
    expect(session.player().picked.coin?.total).toBe(1);
  },
  mutateObject: () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('lamp', {
        payloadSpec: {
          oil: { type: 'number', label: 'Oil', hideLabel: false, required: false, hidden: false, objectTitle: false },
          note: { type: 'string', label: 'Note', hideLabel: false, required: false, hidden: false, objectTitle: false },
        },
        sideeffectsContact: [
          act('mutateObject', 'oil', { value: 2, numberPropHow: '-' }),
          act('mutateObject', 'note', { value: 'lit' }),
        ],
      })
      .object('lamp-1', 'lamp', 's1', at(0, 0), { payload: { oil: 10, note: '' } })
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'contact', objectId: 'lamp-1' });
    expect(session.state.world.objects['lamp-1']?.payload).toEqual({ oil: 8, note: 'lit' });
  },
  destroyObject: () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('bubble', { destroyable: true, sideeffectsAct: [act('destroyObject')] })
      .object('b1', 'bubble', 's1', at(0, 0))
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'act', objectId: 'b1' });
    expect(session.state.world.objects).toEqual({});
    expect(session.player().destroyed.bubble?.total).toBe(1);
  },
  showObject: () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('statue', { sideeffectsContact: [act('showObject')] })
      .object('st', 'statue', 's1', at(0, 0))
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'contact', objectId: 'st' });
    expect(session.last.outputs).toEqual([{ playerId: 'p1', action: 'showObject', objectId: 'st', blocking: true }]);
    expect(session.player().pending).toHaveLength(1);
    session.send({ type: 'seen', interactionId: 'st' });
    expect(session.player().pending).toHaveLength(0);
  },
  pickObjectClone: () => {
    const spec = gameBuilder()
      .scene('s1')
      .archetype('flyer', { pickable: true, sideeffectsAct: [act('pickObjectClone')] })
      .object('pile', 'flyer', 's1', at(0, 0))
      .build();
    const session = new Session(spec);
    session.start();
    session.send({ type: 'act', objectId: 'pile' });
    session.send({ type: 'act', objectId: 'pile' });
    expect(session.state.world.objects.pile).toBeDefined();
    expect(Object.keys(session.player().objects)).toEqual(['p1-1', 'p1-2']);
  },

  // ─── Conversation ───
  sayStatement: () => {
    const spec = gameBuilder()
      .scene('s1')
      .conversation('chat', [
        { id: 'a', options: [option('go', [act('sayStatement', 'b')])] },
        { id: 'b', options: [option('end', [act('completeConversation')])] },
      ])
      .onCode('x', [act('startConversation', 'chat')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    session.send({ type: 'option', interactionId: 'chat', statementId: 'a', optionId: 'go' });
    expect(session.last.outputs).toMatchObject([
      { action: 'sayStatement', statementId: 'b', options: [{ id: 'end' }] },
    ]);
    expect(session.player().conversations.chat?.currentStatementId).toBe('b');
  },
  exitConversation: () => {
    const spec = gameBuilder()
      .scene('s1')
      .conversation('chat', [{ id: 'a', options: [option('bye', [act('exitConversation')])] }])
      .onCode('x', [act('startConversation', 'chat')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    session.send({ type: 'option', interactionId: 'chat', statementId: 'a', optionId: 'bye' });
    expect(session.last.outputs).toEqual([
      { playerId: 'p1', action: 'exitConversation', interactionId: 'chat', blocking: true },
    ]);
    expect(session.player().conversations.chat).toMatchObject({ active: false, completedWhen: null });
  },
  completeConversation: () => {
    const spec = gameBuilder()
      .scene('s1')
      .conversation('chat', [{ id: 'a', options: [option('done', [act('completeConversation')])] }])
      .onCode('x', [act('startConversation', 'chat')])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    session.send({ type: 'option', interactionId: 'chat', statementId: 'a', optionId: 'done' });
    expect(session.actions()).toEqual(['completeConversation']);
    expect(session.last.records).toMatchObject([
      {
        name: 'has started or completed conversation',
        status: 'completed',
        history: [{ statementId: 'a' }, { optionId: 'done' }],
      },
    ]);
  },
  // ─── The clock (issue 28) ───
  startTimer: () => {
    const spec = gameBuilder()
      .scene('s1')
      .onCode('x', [act('startTimer', 'hint', { value: 5 })])
      .rule(
        'hint',
        's1',
        cond('player-timer', 'has_elapsed', undefined, { designerInputString: 'hint' }),
        [act('showNotification', undefined, { msg: 'Try the fountain' })],
        { fireOnce: false },
      )
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(session.player().clock?.timers).toEqual({ hint: '2030-06-01T10:05:00.000Z' });
    session.advance(5 * 60_000);
    session.tick();
    expect(session.last.outputs).toEqual([{ playerId: 'p1', action: 'showNotification', message: 'Try the fountain' }]);
    // Started again, it runs out again.
    session.code('x');
    session.advance(5 * 60_000).tick();
    expect(session.actions()).toEqual(['showNotification']);
  },
  stopTimer: () => {
    const spec = gameBuilder()
      .scene('s1')
      .onCode('x', [act('startTimer', 'hint', { value: 5 })])
      .onCode('stop', [act('stopTimer', 'hint')])
      .rule('hint', 's1', cond('player-timer', 'has_elapsed', undefined, { designerInputString: 'hint' }), [
        act('showNotification', undefined, { msg: 'Try the fountain' }),
      ])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    session.code('stop');
    expect(session.player().clock?.timers).toEqual({});
    session.advance(6 * 60_000).tick();
    expect(session.last.outputs).toEqual([]);
  },
  addTime: () => {
    const spec = gameBuilder({ timeLimit: { mode: 'duration', minutes: 10, endsAt: null, endsGame: true } })
      .scene('s1')
      .onCode('bonus', [act('addTime', undefined, { value: 5 })])
      .build();
    const session = new Session(spec);
    session.start();
    expect(session.player().clock?.deadline).toBe('2030-06-01T10:10:00.000Z');
    session.code('bonus');
    expect(session.player().clock?.deadline).toBe('2030-06-01T10:15:00.000Z');
    session.advance(10 * 60_000).tick();
    expect(session.player().finished).toBeNull();
    session.advance(5 * 60_000).tick();
    expect(session.player().finished).toMatchObject({ completed: false });
  },
};

function textAction() {
  return {
    type: 'ACTION_TYPE_SHARE' as const,
    captureNow: false,
    mediatypemediaRequired: false,
    mediatypetextRequired: true,
    mediatypeimage: false,
    mediatypevideo: false,
    mediatypeaudio: false,
    mediatypetext: true,
  };
}

describe('action vocabulary', () => {
  it.each(ACTION_NAMES.map((name) => [name]))('%s does what it says', (name) => {
    SCENARIOS[name]();
  });

  it('skips a second blocking action of one list and notes it in the trace', () => {
    const spec = gameBuilder()
      .scene('s1')
      .info('a')
      .info('b')
      .onCode('x', [act('showInfo', 'a'), act('giveToPlayer', 'gold', { value: 1 }), act('showInfo', 'b')])
      .item('gold')
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(session.actions()).toEqual(['showInfo']);
    expect(session.player().items.gold).toBe(1);
    expect(session.last.trace.rules[0]?.notes).toEqual(['showInfo skipped: at most one blocking action per list']);
  });

  it('ignores an unknown action and notes it', () => {
    const spec = gameBuilder()
      .scene('s1')
      .onCode('x', [{ actorId: 'system', actionName: 'dance' as never, actionArgs: {}, notify: false }])
      .build();
    const session = new Session(spec);
    session.start();
    session.code('x');
    expect(session.last.outputs).toEqual([]);
    expect(session.last.trace.rules[0]?.notes).toEqual(['Unknown action dance']);
  });
});
