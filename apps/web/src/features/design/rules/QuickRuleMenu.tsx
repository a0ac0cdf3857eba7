import {
  DESIGN_KIND_INFO,
  type ActionName,
  type Condition,
  type DesignEntity,
  type InteractionType,
} from '@loci/domain';
import { Button, Menu, ScrollArea } from '@mantine/core';
import { IconBolt, IconChevronDown, IconFlag } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { withWorkspaceEntities, workspaceEntities } from '@loci/domain';
import { designApi, designQueryKeys, type Workspace } from '../../../api/design';
import { notifyError, notifySuccess } from '../../../components/notify';
import { entitiesOf, findEntity } from '../common/workspace-data';
import {
  DONE_CONDITION,
  doneMilestoneValues,
  isTriggerVerb,
  PRESENTING_ACTION,
  quickInteractionValues,
  quickItemValues,
  quickRuleValues,
  titleOf,
  uniqueName,
  type QuickEffect,
  type QuickTrigger,
} from './quick-rules';
import './locales';

/** One entry of a quick-rule menu: the rule it writes, with what it may create first. */
export interface QuickChoice {
  key: string;
  /** What the menu shows ('Welcome', 'New info box'). */
  label: string;
  /** The rule's name ('At Old pier: show Welcome'). */
  ruleName: string;
  trigger: QuickTrigger;
  effect: QuickEffect;
  /** The title of the thing created for it. */
  newTitle?: string;
}

/** A group of entries under a heading ('Show an info box'). */
export interface QuickGroup {
  heading: string;
  choices: QuickChoice[];
}

/** The scene a rule of a trigger belongs to: the place's scene, or the scene itself. */
function sceneOfTrigger(workspace: Workspace, trigger: QuickTrigger): string | undefined {
  if (trigger.kind !== 'arrive') return trigger.sceneId;
  const sceneId = findEntity(workspace, 'location', trigger.placeId)?.sceneId;
  return typeof sceneId === 'string' && sceneId ? sceneId : undefined;
}

/** Writes a quick rule: creates the missing thing first (then opens it), else stays; toasts say titles. */
export function useQuickRule(workspace: Workspace) {
  const { t } = useTranslation();
  const gameId = workspace.game.id;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = designQueryKeys.workspace(gameId);

  const store = (kind: 'rule' | 'interaction' | 'item' | 'milestone', entity: DesignEntity) =>
    queryClient.setQueryData<Workspace>(key, (current) =>
      current ? withWorkspaceEntities(current, kind, [...workspaceEntities(current, kind), entity as never]) : current,
    );

  return useMutation({
    mutationFn: async (choice: QuickChoice) => {
      const sceneId = sceneOfTrigger(workspace, choice.trigger);
      if (!sceneId) throw new Error('no scene');
      let targetId = choice.effect.targetId;
      let created: { kind: 'interaction' | 'item'; entity: DesignEntity } | undefined;
      const make = choice.effect.create;
      if (!targetId && make) {
        const title = choice.newTitle ?? t('design.quickRules.newThing');
        const name = uniqueName(
          title,
          entitiesOf(workspace, make.kind).map((entity) => entity.name),
        );
        const values =
          make.kind === 'item'
            ? quickItemValues(title, name)
            : quickInteractionValues(make.interactionType, title, name);
        const entity = (await designApi.create(gameId, make.kind, values)) as DesignEntity;
        store(make.kind, entity);
        created = { kind: make.kind, entity };
        targetId = entity.id;
      }
      // Done with a question: a milestone holds it, and reaching the milestone is the trigger.
      let condition: Condition | undefined;
      const trigger = choice.trigger;
      if (trigger.kind === 'after' && trigger.viaMilestone) {
        const name = uniqueName(
          trigger.viaMilestone,
          entitiesOf(workspace, 'milestone').map((entity) => entity.name),
        );
        const milestone = (await designApi.create(
          gameId,
          'milestone',
          doneMilestoneValues(trigger, name),
        )) as DesignEntity;
        store('milestone', milestone);
        condition = { conditionType: 'milestone', verb: 'has_reached', elementId: milestone.id } as Condition;
      }
      const ruleName = uniqueName(
        choice.ruleName,
        entitiesOf(workspace, 'rule').map((rule) => rule.name),
      );
      const rule = (await designApi.create(
        gameId,
        'rule',
        quickRuleValues({
          sceneId,
          name: ruleName,
          trigger: choice.trigger,
          condition,
          actionName: choice.effect.actionName,
          what: targetId,
        }),
      )) as DesignEntity;
      store('rule', rule);
      // Saving the new thing comes back here: the scene's places, or its script.
      const back = `scenes/show/${sceneId}${choice.trigger.kind === 'arrive' ? '?tab=places' : ''}`;
      return { rule, created, back };
    },
    onSuccess: ({ rule, created, back }) => {
      notifySuccess(t('design.quickRules.written', { name: rule.name }));
      void queryClient.invalidateQueries({ queryKey: key });
      if (created) {
        const path = `/games/${gameId}/${DESIGN_KIND_INFO[created.kind].segment}/edit/${created.entity.id}`;
        navigate(`${path}?returnTo=${encodeURIComponent(back)}`);
      }
    },
    onError: (error) => notifyError(t('design.quickRules.failed'), error),
  });
}

/** The things of a kind an action may name, as menu entries. */
function targetsOf(
  workspace: Workspace,
  interactionTypes: InteractionType[] | 'item' | 'mission' | 'scene',
): DesignEntity[] {
  if (interactionTypes === 'item') return entitiesOf(workspace, 'item');
  if (interactionTypes === 'mission') return entitiesOf(workspace, 'mission');
  if (interactionTypes === 'scene') return entitiesOf(workspace, 'scene').filter((scene) => scene.universe !== true);
  return entitiesOf(workspace, 'interaction').filter((interaction) =>
    interactionTypes.includes(interaction.type as InteractionType),
  );
}

/**
 * The groups of 'When a player arrives here' and 'When this scene starts':
 * show an info box, ask a question, start a conversation, give an item,
 * assign a mission, go to another scene — each existing thing, and a new one.
 */
export function effectGroups(
  workspace: Workspace,
  trigger: QuickTrigger,
  subject: string,
  t: (key: string, options?: Record<string, unknown>) => string,
): QuickGroup[] {
  const entry = (actionName: ActionName, target: DesignEntity, verb: string): QuickChoice => ({
    key: `${actionName}:${target.id}`,
    label: titleOf(target),
    ruleName: t('design.quickRules.ruleName', { subject, what: `${verb} ${titleOf(target)}` }),
    trigger,
    effect: { actionName, targetId: target.id },
  });
  const fresh = (
    actionName: ActionName,
    create: QuickEffect['create'],
    label: string,
    verb: string,
    newTitle: string,
  ): QuickChoice => ({
    key: `${actionName}:new`,
    label,
    ruleName: t('design.quickRules.ruleName', { subject, what: `${verb} ${newTitle}` }),
    trigger,
    effect: { actionName, create },
    newTitle,
  });
  const group = (
    heading: string,
    actionName: ActionName,
    targets: DesignEntity[],
    verb: string,
    fresh?: QuickChoice,
  ): QuickGroup => ({
    heading,
    choices: [...targets.map((target) => entry(actionName, target, verb)), ...(fresh ? [fresh] : [])],
  });
  const currentScene = trigger.kind === 'sceneStart' ? trigger.sceneId : undefined;
  const questionTypes: InteractionType[] = ['INTER_ANSWER_QUESTION'];
  return [
    group(
      t('design.quickRules.show'),
      'showInfo',
      targetsOf(workspace, ['INTER_INSPECT_INFO']),
      t('design.quickRules.showVerb'),
      fresh(
        'showInfo',
        { kind: 'interaction', interactionType: 'INTER_INSPECT_INFO' },
        t('design.quickRules.showNew'),
        t('design.quickRules.showVerb'),
        subject,
      ),
    ),
    group(
      t('design.quickRules.ask'),
      'askQuestion',
      targetsOf(workspace, questionTypes),
      t('design.quickRules.askVerb'),
      fresh(
        'askQuestion',
        { kind: 'interaction', interactionType: 'INTER_ANSWER_QUESTION' },
        t('design.quickRules.askNew'),
        t('design.quickRules.askVerb'),
        t('design.quickRules.questionTitle', { subject }),
      ),
    ),
    group(
      t('design.quickRules.talk'),
      'startConversation',
      targetsOf(workspace, ['INTER_CONVERSATION']),
      t('design.quickRules.talkVerb'),
      fresh(
        'startConversation',
        { kind: 'interaction', interactionType: 'INTER_CONVERSATION' },
        t('design.quickRules.talkNew'),
        t('design.quickRules.talkVerb'),
        t('design.quickRules.conversationTitle', { subject }),
      ),
    ),
    group(
      t('design.quickRules.give'),
      'giveToPlayer',
      targetsOf(workspace, 'item'),
      t('design.quickRules.giveVerb'),
      fresh(
        'giveToPlayer',
        { kind: 'item' },
        t('design.quickRules.giveNew'),
        t('design.quickRules.giveVerb'),
        t('design.quickRules.newItem'),
      ),
    ),
    group(
      t('design.quickRules.mission'),
      'assignMission',
      targetsOf(workspace, 'mission'),
      t('design.quickRules.missionVerb'),
    ),
    group(
      t('design.quickRules.goTo'),
      'goToScene',
      targetsOf(workspace, 'scene').filter((scene) => scene.id !== currentScene),
      t('design.quickRules.goToVerb'),
    ),
    {
      heading: t('design.quickRules.end'),
      choices: [
        {
          key: 'completeGame',
          label: t('design.quickRules.endGame'),
          ruleName: t('design.quickRules.ruleName', { subject, what: t('design.quickRules.endVerb') }),
          trigger,
          effect: { actionName: 'completeGame' as const },
        },
      ],
    },
  ].filter((entries) => entries.choices.length > 0);
}

/** 'Show this when…' of an interaction: a player arrives at a place, or a scene starts. */
export function triggerGroups(
  workspace: Workspace,
  interaction: DesignEntity,
  t: (key: string, options?: Record<string, unknown>) => string,
): QuickGroup[] {
  const actionName = PRESENTING_ACTION[interaction.type as InteractionType];
  if (!actionName) return [];
  const what = titleOf(interaction);
  const places = entitiesOf(workspace, 'location').filter(
    (place) => typeof place.sceneId === 'string' && place.sceneId,
  );
  const scenes = entitiesOf(workspace, 'scene');
  return [
    {
      heading: t('design.quickRules.arrivesAt'),
      choices: places.map((place) => ({
        key: `arrive:${place.id}`,
        label: titleOf(place),
        ruleName: t('design.quickRules.ruleName', { subject: titleOf(place), what }),
        trigger: { kind: 'arrive' as const, placeId: place.id },
        effect: { actionName, targetId: interaction.id },
      })),
    },
    {
      heading: t('design.quickRules.sceneStarts'),
      choices: scenes.map((scene) => ({
        key: `scene:${scene.id}`,
        label: titleOf(scene),
        ruleName: t('design.quickRules.ruleName', {
          subject: t('design.quickRules.startOf', { scene: titleOf(scene) }),
          what,
        }),
        trigger: { kind: 'sceneStart' as const, sceneId: scene.id },
        effect: { actionName, targetId: interaction.id },
      })),
    },
  ].filter((entries) => entries.choices.length > 0);
}

type ConditionLike = { conditionType?: string; verb?: string; elementId?: string } | undefined;

/** Whether a rule already completes the game on this trigger (directly, or by a milestone holding it). */
function endsOn(workspace: Workspace, trigger: Extract<QuickTrigger, { kind: 'after' }>): boolean {
  const isDone = (condition: ConditionLike) =>
    condition?.conditionType === trigger.conditionType &&
    condition.verb === trigger.verb &&
    condition.elementId === trigger.interactionId;
  const milestones = new Set(
    entitiesOf(workspace, 'milestone')
      .filter((milestone) =>
        ((milestone.condition as Array<{ conditions?: ConditionLike[] }> | undefined) ?? []).some((block) =>
          (block.conditions ?? []).some(isDone),
        ),
      )
      .map((milestone) => milestone.id),
  );
  return entitiesOf(workspace, 'rule').some((rule) => {
    const condition = rule.trigger as ConditionLike;
    const actions = (rule.sideeffects as Array<{ actionName?: string }> | undefined) ?? [];
    const reached =
      condition?.conditionType === 'milestone' &&
      condition.verb === 'has_reached' &&
      milestones.has(condition.elementId ?? '');
    return (isDone(condition) || reached) && actions.some((action) => action.actionName === 'completeGame');
  });
}

/**
 * The trigger of 'End the game after this': the player is done with the
 * interaction, in the scene whose rule presents it (else the universe scene,
 * whose rules are live everywhere); none when it is presented nowhere yet.
 */
export function doneTrigger(
  workspace: Workspace,
  interaction: DesignEntity,
  /** The name of the milestone made when the verb is no trigger verb ('Answered Domes'). */
  milestoneName = titleOf(interaction),
): Extract<QuickTrigger, { kind: 'after' }> | undefined {
  const done = DONE_CONDITION[interaction.type as InteractionType];
  if (!done) return undefined;
  const presenting = entitiesOf(workspace, 'rule').find((rule) =>
    [
      ...((rule.sideeffects as Array<{ actionArgs?: { what?: string } }> | undefined) ?? []),
      ...((rule.sideeffectselse as Array<{ actionArgs?: { what?: string } }> | undefined) ?? []),
    ].some((action) => action.actionArgs?.what === interaction.id),
  );
  const universe = entitiesOf(workspace, 'scene').find((scene) => scene.universe === true);
  const sceneId = (presenting?.sceneId as string | undefined) || universe?.id;
  if (!sceneId) return undefined;
  const viaMilestone = isTriggerVerb(done.verb) ? undefined : milestoneName;
  return { kind: 'after', interactionId: interaction.id, sceneId, ...done, ...(viaMilestone ? { viaMilestone } : {}) };
}

/**
 * 'End the game after this' (issue 30): one click writes the rule completing
 * the game once a player is done with this interaction; said when it is written.
 */
export function EndGameAfterButton({
  workspace,
  interaction,
  disabled,
}: {
  workspace: Workspace;
  interaction: DesignEntity;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const quick = useQuickRule(workspace);
  const trigger = doneTrigger(
    workspace,
    interaction,
    t('design.quickRules.doneMilestone', { what: titleOf(interaction) }),
  );
  if (!DONE_CONDITION[interaction.type as InteractionType]) return null;
  const ends = trigger ? endsOn(workspace, trigger) : false;
  const what = titleOf(interaction);
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconFlag size={16} />}
      disabled={disabled || !trigger || ends || quick.isSuccess}
      loading={quick.isPending}
      title={trigger ? undefined : t('design.quickRules.endAfterUnused')}
      onClick={() =>
        trigger &&
        quick.mutate({
          key: 'completeGame',
          label: t('design.quickRules.endAfter'),
          ruleName: t('design.quickRules.ruleName', {
            subject: t('design.quickRules.after', { what }),
            what: t('design.quickRules.endVerb'),
          }),
          trigger,
          effect: { actionName: 'completeGame' },
        })
      }
    >
      {ends || quick.isSuccess ? t('design.quickRules.endsAfter') : t('design.quickRules.endAfter')}
    </Button>
  );
}

interface QuickRuleMenuProps {
  workspace: Workspace;
  /** The button's text ('When a player arrives here'). */
  label: string;
  /** Names the button for assistive technology when several are on one page ('When a player arrives at Pier'). */
  ariaLabel?: string;
  groups: QuickGroup[];
  disabled?: boolean;
}

/** One button opening the choices; a choice writes the rule at once (useQuickRule). */
export function QuickRuleMenu({ workspace, label, ariaLabel, groups, disabled }: QuickRuleMenuProps) {
  const quick = useQuickRule(workspace);
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={320}>
      <Menu.Target>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconBolt size={16} />}
          rightSection={<IconChevronDown size={14} />}
          aria-label={ariaLabel ?? label}
          disabled={disabled || groups.length === 0}
          loading={quick.isPending}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <ScrollArea.Autosize mah={420} type="auto">
          {groups.map((entries, index) => (
            <Fragment key={entries.heading}>
              {index > 0 && <Menu.Divider />}
              <Menu.Label>{entries.heading}</Menu.Label>
              {entries.choices.map((choice) => (
                <Menu.Item key={choice.key} onClick={() => quick.mutate(choice)}>
                  {choice.label}
                </Menu.Item>
              ))}
            </Fragment>
          ))}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
