import { readableTitle, type ActionName, type DesignEntity } from '@loci/domain';
import type { Workspace } from '../../../api/design';
import i18n from '../../../i18n';
import { entitiesOf } from '../common/workspace-data';
import { uniqueName } from './quick-rules';
import './locales';

/** The verb a quick rule's name gives each action ('show', 'ask'…); the others are named without one. */
const VERB_KEYS: Partial<Record<ActionName, string>> = {
  showInfo: 'showVerb',
  askQuestion: 'askVerb',
  startConversation: 'talkVerb',
  giveToPlayer: 'giveVerb',
  assignMission: 'missionVerb',
  goToScene: 'goToVerb',
};

interface RuleShape {
  trigger?: { conditionType?: string; verb?: string; elementId?: string | null } | null;
  sideeffects?: Array<{ actionName?: string; actionArgs?: { what?: unknown } | null }> | null;
}

/**
 * The names the quick rules (QuickRuleMenu) would give `rule`, in each language of the console, with the titles
 * `titleOf` reads: '{place}: {verb} {thing}', '{place}: {thing}', 'Start of {scene}: …'. None for a rule no quick
 * rule writes.
 */
export function generatedRuleNames(rule: RuleShape, titleOf: (id: string) => string | undefined): string[] {
  const trigger = rule.trigger;
  const [effect] = rule.sideeffects ?? [];
  const what = typeof effect?.actionArgs?.what === 'string' ? titleOf(effect.actionArgs.what) : undefined;
  const triggerTitle = trigger?.elementId ? titleOf(trigger.elementId) : undefined;
  if (!trigger || trigger.verb !== 'has_entered' || !what || !triggerTitle) return [];
  const names: string[] = [];
  for (const language of ['en', 'el']) {
    const t = i18n.getFixedT(language);
    let subject: string;
    if (trigger.conditionType === 'player-location') subject = triggerTitle;
    else if (trigger.conditionType === 'player-scene')
      subject = t('design.quickRules.startOf', { scene: triggerTitle });
    else return [];
    const verbKey = VERB_KEYS[effect?.actionName as ActionName];
    const whats = verbKey ? [`${t(`design.quickRules.${verbKey}`)} ${what}`, what] : [what];
    for (const said of whats) names.push(t('design.quickRules.ruleName', { subject, what: said }));
  }
  return names;
}

/**
 * The rules whose name a quick rule wrote from the old title of `retitled` (issue 30: rule names follow a
 * retitle), each with its name said with the new title — the ' 2' a second one was given kept. A rule the
 * designer named is not among them: its name is not one a quick rule would have written.
 */
export function rulesFollowingRetitle(
  workspace: Workspace,
  retitled: { id: string; before: DesignEntity; after: { name: string; title?: unknown } },
): Array<{ rule: DesignEntity; name: string }> {
  const oldTitle = readableTitle(retitled.before);
  const newTitle = readableTitle(retitled.after);
  if (oldTitle === newTitle) return [];
  const titles = new Map<string, string>();
  for (const kind of ['location', 'scene', 'interaction', 'item', 'mission'] as const) {
    for (const entity of entitiesOf(workspace, kind)) titles.set(entity.id, readableTitle(entity));
  }
  const before = (id: string) => (id === retitled.id ? oldTitle : titles.get(id));
  const after = (id: string) => (id === retitled.id ? newTitle : titles.get(id));
  const rules = entitiesOf(workspace, 'rule') as DesignEntity[];
  const taken = new Set(rules.map((rule) => rule.name));
  const renamed: Array<{ rule: DesignEntity; name: string }> = [];
  for (const rule of rules) {
    const shape = rule as RuleShape;
    const uses =
      shape.trigger?.elementId === retitled.id ||
      (shape.sideeffects ?? []).some((effect) => effect.actionArgs?.what === retitled.id);
    if (!uses) continue;
    const olds = generatedRuleNames(shape, before);
    const news = generatedRuleNames(shape, after);
    const index = olds.findIndex((name) => rule.name === name || rule.name.startsWith(`${name} `));
    if (index < 0) continue;
    const suffix = rule.name.slice(olds[index]!.length);
    if (suffix && !/^ \d+$/.test(suffix)) continue;
    const wanted = `${news[index]!}${suffix}`;
    if (wanted === rule.name) continue;
    taken.delete(rule.name);
    const name = uniqueName(wanted, taken);
    taken.add(name);
    renamed.push({ rule, name });
  }
  return renamed;
}
