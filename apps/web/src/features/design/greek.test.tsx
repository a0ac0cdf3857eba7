import {
  ACTION_GROUPS,
  ACTION_NAMES,
  CONDITION_TYPE_NAMES,
  CONDITION_TYPES,
  CONDITION_VERBS,
  INTERACTION_TYPES,
} from '@loci/domain';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { renderApp } from '../../test/render-app';
import { UI_TEST_TIMEOUT_MS, mockWorkspaceApi, makeWorkspace } from './common/test-workspace';
import { conditionSentence, vocabulary } from './common/vocabulary';
import { GAME_ID, designApi, entity, makeWorkspace as makeRuleWorkspace, renderRoute } from './conditions/test-support';
import { RuleFormPage } from './rules/RuleFormPage';

// Every catalogue of the design workspace, loaded as the screens load them.
import.meta.glob('./**/*locales.ts', { eager: true });

/** The dotted keys of a nested catalogue, plural suffixes folded (`matches_one` → `matches`). */
function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keysOf(value as object, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(one|other)$/, '')}`],
  );
}

describe('#design in Greek', { timeout: UI_TEST_TIMEOUT_MS }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('el');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('has a Greek text for every English label of the design catalogues', () => {
    const english = keysOf(i18n.getResourceBundle('en', 'translation').design as object);
    const greek = new Set(keysOf(i18n.getResourceBundle('el', 'translation').design as object));
    expect(english.length).toBeGreaterThan(400);
    expect(english.filter((key) => !greek.has(key))).toEqual([]);
  });

  it('names every condition type, verb, action, action group and interaction type in Greek', () => {
    const t = i18n.t.bind(i18n);
    const untranslated = [
      ...CONDITION_TYPE_NAMES.filter((type) => vocabulary.conditionType(t, type) === CONDITION_TYPES[type].label),
      ...CONDITION_VERBS.filter((verb) => !i18n.exists(`design.conditions.verbs.${verb}`, { lng: 'el' })),
      ...ACTION_NAMES.filter((name) => !i18n.exists(`design.actions.names.${name}`, { lng: 'el' })),
      ...ACTION_GROUPS.map((group) => group.name).filter((group) => vocabulary.actionGroup(t, group) === group),
      ...INTERACTION_TYPES.filter((type) => !i18n.exists(`design.interactions.types.${type}`, { lng: 'el' })),
    ];
    expect(untranslated).toEqual([]);
    expect(vocabulary.conditionType(t, 'player-location')).toBe('Παίκτης σε τοποθεσία');
    expect(vocabulary.verb(t, 'not_has_entered')).toBe('δεν έχει μπει σε');
  });

  it('writes a condition as a Greek sentence, and keeps the domain wording in English', () => {
    const t = i18n.t.bind(i18n);
    const lookup = () => 'Φάρος';
    const entered = { conditionType: 'player-location', verb: 'not_has_entered', elementId: 'l1' };
    expect(conditionSentence(t, 'el', entered, lookup)).toBe('Ο παίκτης δεν έχει μπει σε Φάρος');
    expect(
      conditionSentence(t, 'el', { conditionType: 'game-status', verb: 'is', designerInputString: 'active' }, lookup),
    ).toBe('Το παιχνίδι είναι Ενεργό');
    expect(conditionSentence(t, 'en', entered, lookup)).toBe('Player has not entered Φάρος');
    // Time limits on tasks (issue 28).
    const late = { conditionType: 'player-question', verb: 'has_timed_out', elementId: 'q1' };
    expect(conditionSentence(t, 'el', late, lookup)).toBe('Ο παίκτης έχει ξεμείνει από χρόνο σε Φάρος');
    expect(conditionSentence(t, 'en', late, lookup)).toBe('Player has run out of time on Φάρος');
  });

  it('shows the item form in Greek', async () => {
    mockWorkspaceApi(makeWorkspace({ game: { market: true, currencyName: 'Δραχμή' } }));
    renderApp('/games/g1/items/create/0');

    // The lazy page can take a while on a loaded machine.
    expect(await screen.findByRole('switch', { name: /^Κρυφό/ }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Ειδοποίηση σε αλλαγή' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Ανταλλάξιμο' })).toBeInTheDocument();
    expect(screen.getByLabelText('Τιμή (σε Δραχμή)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Νέο αντικείμενο' })).toBeInTheDocument();
    for (const english of ['Notify on change', 'Tradable', 'New Item', 'Hidden', 'Max items']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });

  it('shows the rule form, its trigger, conditions and actions in Greek', async () => {
    const rule = entity('r1', 'arrive', {
      sceneId: 's1',
      idx: 1,
      notes: '',
      trigger: { conditionType: 'player-location', verb: 'has_entered', elementId: 'l1' },
      fireOnce: true,
      triggerPreconditions: [{ conditions: [{ conditionType: 'player-item', verb: 'owns', elementId: 'i1' }] }],
      sideeffects: [{ actorId: 'system', actionName: 'showInfo', actionArgs: { what: 'i-info' }, notify: false }],
      sideeffectselse: [],
    });
    designApi(
      makeRuleWorkspace({
        locations: [entity('l1', 'lighthouse', { title: 'Φάρος' })],
        items: [entity('i1', 'key', { title: 'Παλιό κλειδί' })],
        interactions: [entity('i-info', 'welcome', { title: 'Καλωσόρισμα', type: 'INTER_INSPECT_INFO' })],
        rules: [rule],
      }),
    );
    renderRoute(<RuleFormPage />, '/games/:gameId/rules/edit/:entityId', `/games/${GAME_ID}/rules/edit/r1`);

    expect(await screen.findByRole('heading', { name: 'Κανόνας arrive' }, { timeout: 20_000 })).toBeInTheDocument();
    const trigger = screen.getByRole('group', { name: 'Έναυσμα' });
    expect(within(trigger).getByRole('combobox', { name: /^Τύπος συνθήκης/ })).toHaveValue('Παίκτης σε τοποθεσία');
    expect(within(trigger).getByRole('combobox', { name: /^Ρήμα/ })).toHaveValue('έχει μπει σε');
    const block = screen.getByRole('group', { name: 'Ομάδα συνθηκών 1' });
    expect(within(block).getByRole('combobox', { name: /^Ρήμα/ })).toHaveValue('κατέχει');
    const then = screen.getByRole('group', { name: 'Τότε: Ενέργεια 1' });
    expect(within(then).getByRole('combobox', { name: /^Ενέργεια/ })).toHaveValue('Εμφάνιση πληροφοριών');
    expect(screen.getByRole('switch', { name: /^Ενεργοποίηση μόνο μία φορά/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Προσθήκη ομάδας συνθηκών' })).toBeInTheDocument();
    for (const english of ['Trigger', 'Preconditions', 'Add condition block', 'Player at a place', 'Show info']) {
      expect(screen.queryByText(english)).not.toBeInTheDocument();
    }
  });
});
