import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../../i18n';
import { renderApp } from '../../../test/render-app';
import { makeMedia } from '../../media/test-factories';
import { UI_TEST_TIMEOUT_MS, makeEntity, makeWorkspace, mockWorkspaceApi } from '../common/test-workspace';

const code = (word: string) => ({
  conditionType: 'player-code',
  verb: 'has_typedscannedcode',
  designerInputString: word,
});
const action = (actionName: string, what?: string) => ({
  actorId: 'system',
  actionName,
  actionArgs: what ? { what } : {},
  notify: false,
});
const rule = (id: string, fields: Record<string, unknown>) =>
  makeEntity(id, {
    title: '',
    sceneId: 'harbour',
    idx: 1,
    fireOnce: true,
    triggerPreconditions: [],
    sideeffectselse: [],
    ...fields,
  });

/**
 * A map game with one error (a rule waiting for a question without a correct
 * answer to be passed) and two warnings (a place of 5 m; and, since that rule
 * never runs its effects, nothing completes the game).
 */
const workspace = makeWorkspace({
  publishDue: true,
  scenes: [makeEntity('harbour', { title: 'The Harbour', lat: 35.5, lng: 24.1, radius: 300, enabled: true })],
  locations: [
    makeEntity('pier', { title: 'Pier', sceneId: 'harbour', lat: 35.5, lng: 24.1, radius: 5, trackable: true, if: [] }),
  ],
  interactions: [
    makeEntity('quiz-q', {
      type: 'INTER_ANSWER_QUESTION',
      title: 'Colour',
      questions: [{ id: 'q', title: 'Colour', description: 'Which?', qType: 'openEnded', hasCorrectAnswer: false }],
    }),
  ],
  rules: [
    rule('ask', {
      name: 'Ask',
      trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: 'pier' },
      sideeffects: [action('askQuestion', 'quiz-q')],
    }),
    rule('end', {
      name: 'End',
      idx: 2,
      trigger: code('done'),
      triggerPreconditions: [
        { conditions: [{ conditionType: 'player-question', verb: 'has_passed', elementId: 'quiz-q' }] },
      ],
      sideeffects: [action('completeGame')],
    }),
  ],
});

describe('#design.problems', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  it('counts errors and warnings in the sidebar, lists them by severity, and opens the entity', async () => {
    mockWorkspaceApi(workspace);
    const { user, pathname } = renderApp('/games/g1');

    const sidebar = await screen.findByRole('navigation', { name: 'Design elements' });
    const link = within(sidebar).getByRole('link', { name: 'Problems: 1 errors, 2 warnings' });
    await user.click(link);

    expect(await screen.findByRole('heading', { name: 'Problems' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Problems' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(
      'Interaction “Colour” has no correct answer, yet Rule “End” waits for a player to pass it',
    );

    await user.click(screen.getByRole('radio', { name: 'Warnings (2)' }));
    const warnings = within(screen.getByRole('list', { name: 'Problems' })).getAllByRole('listitem');
    expect(warnings.map((item) => item.textContent)).toEqual([
      expect.stringContaining('No player can ever finish the game'),
      expect.stringContaining('Place “Pier” has a radius of 5 m, smaller than GPS accuracy (15 m)'),
    ]);
    await user.click(screen.getByRole('radio', { name: 'Hints (0)' }));
    expect(screen.getByText('Nothing of this kind.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Errors (1)' }));
    await user.click(screen.getByRole('link', { name: /has no correct answer/ }));
    await waitFor(() => expect(pathname()).toBe('/games/g1/interactions/edit/quiz-q'));
  });

  it('says each finding in Greek when the interface is Greek', async () => {
    await i18n.changeLanguage('el');
    try {
      mockWorkspaceApi(workspace);
      renderApp('/games/g1/problems');
      const list = await screen.findByRole('list', { name: 'Προβλήματα' });
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        expect.stringContaining(
          'Αλληλεπίδραση «Colour»: δεν έχει σωστή απάντηση, όμως Κανόνας «End» περιμένει να την περάσει ένας παίκτης',
        ),
        expect.stringContaining('Κανένας παίκτης δεν μπορεί ποτέ να τελειώσει το παιχνίδι'),
        expect.stringContaining('Τοποθεσία «Pier»: έχει ακτίνα 5 m, μικρότερη από την ακρίβεια του GPS (15 m)'),
      ]);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says so when the design has no problem', async () => {
    mockWorkspaceApi(
      makeWorkspace({
        scenes: [makeEntity('harbour', { title: 'The Harbour', lat: 35.5, lng: 24.1, radius: 300 })],
        rules: [rule('end', { name: 'End', trigger: code('done'), sideeffects: [action('completeGame')] })],
      }),
    );
    renderApp('/games/g1/problems');
    expect(await screen.findByText('No problems found.')).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Design elements' });
    expect(within(sidebar).getByRole('link', { name: 'Problems: 0 errors, 0 warnings' })).toBeInTheDocument();
  });

  it('reports a character whose avatar is no longer in the media library, and opens it', async () => {
    mockWorkspaceApi(
      makeWorkspace({
        scenes: [makeEntity('harbour', { title: 'The Harbour', lat: 35.5, lng: 24.1, radius: 300 })],
        characters: [
          makeEntity('guide', { title: 'The Guide', mediaId: 'deleted-photo', isPlayer: false }),
          makeEntity('keeper', { title: 'The Keeper', mediaId: 'kept-photo', isPlayer: false }),
        ],
        rules: [rule('end', { name: 'End', trigger: code('done'), sideeffects: [action('completeGame')] })],
      }),
      { 'GET /api/design/g1/medias': { body: [makeMedia({ id: 'm1' }), makeMedia({ id: 'kept-photo' })] } },
    );
    const { user, pathname } = renderApp('/games/g1/problems');

    const list = await screen.findByRole('list', { name: 'Problems' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('“The Guide” uses a medium that is not in the game’s media library');
    const sidebar = screen.getByRole('navigation', { name: 'Design elements' });
    expect(within(sidebar).getByRole('link', { name: 'Problems: 0 errors, 1 warnings' })).toBeInTheDocument();

    await user.click(within(list).getByRole('link', { name: /media library/ }));
    await waitFor(() => expect(pathname()).toBe('/games/g1/characters/edit/guide'));
  });

  it('blocks Publish while the design has errors, listing them', async () => {
    mockWorkspaceApi(workspace);
    const { user } = renderApp('/games/g1');

    await user.click(await screen.findByRole('button', { name: 'Publish' }));
    const dialog = await screen.findByRole('dialog');
    const alert = within(dialog).getByRole('alert');
    expect(alert).toHaveTextContent('Fix these errors before publishing:');
    expect(alert).toHaveTextContent('Interaction “Colour” has no correct answer');
    expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeDisabled();
  });
});
