import { type NameLookup, type Rule } from '@loci/domain';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { designApi, designQueryKeys, type Workspace } from '../../../api/design';
import { notifyError } from '../../../components/notify';
import { useDesignMutations } from '../common/mutations';
import { entitiesOf, findEntity, plainText, truncate } from '../common/workspace-data';
import '../common/locales';
import { conditionSentence, type Translate } from '../common/vocabulary';
import { domainText } from '../../../i18n/domain';
import { QuickRuleMenu, effectGroups } from '../rules/QuickRuleMenu';
import { titleOf } from '../rules/quick-rules';

/** A scene's rules in script order (idx, from 1). */
export function rulesOfScene(workspace: Workspace, sceneId: string): Rule[] {
  return entitiesOf(workspace, 'rule')
    .filter((rule) => rule.sceneId === sceneId)
    .sort((a, b) => a.idx - b.idx);
}

/** Names entities for describeCondition: the workspace entity's title, else its system name. */
export function workspaceNameLookup(workspace: Workspace): NameLookup {
  return (kind, id) => {
    const entity = findEntity(workspace, kind, id);
    if (!entity) return undefined;
    // Milestones have no title.
    const title = 'title' in entity ? entity.title.trim() : '';
    return title || entity.name;
  };
}

/** A rule's trigger as one sentence ('Player has entered Old pier'), or '' when it has none yet. */
export function triggerSentence(rule: Rule, lookup: NameLookup, t: Translate, language: string): string {
  if (!rule.trigger.conditionType) return '';
  return conditionSentence(t, language, rule.trigger, lookup);
}

/** Puts the rules a move answered (the two swapped, or the scene's whole script) into the cached workspace. */
function storeRules(workspace: Workspace | undefined, changed: Rule[]): Workspace | undefined {
  if (!workspace) return workspace;
  const byId = new Map(changed.map((rule) => [rule.id, rule]));
  const rules = entitiesOf(workspace, 'rule').map((rule) => byId.get(rule.id) ?? rule);
  return { ...workspace, rules };
}

/** Swaps a rule's idx with its neighbour's in the cached workspace, until the server answers. */
function swapLocally(workspace: Workspace | undefined, rule: Rule, neighbour: Rule) {
  return storeRules(workspace, [
    { ...rule, idx: neighbour.idx },
    { ...neighbour, idx: rule.idx },
  ]);
}

interface Props {
  workspace: Workspace;
  sceneId: string;
  canEdit: boolean;
}

/** The Scene Script tab (spec 2 §2, §4): the scene's rules in order, moved up and down, edited and deleted. */
export function SceneRules({ workspace, sceneId, canEdit }: Props) {
  const { t, i18n } = useTranslation();
  const gameId = workspace.game.id;
  const queryClient = useQueryClient();
  const key = designQueryKeys.workspace(gameId);
  const rules = rulesOfScene(workspace, sceneId);
  const lookup = workspaceNameLookup(workspace);
  const { remove } = useDesignMutations(gameId, 'rule');
  const scene = findEntity(workspace, 'scene', sceneId);

  const move = useMutation({
    mutationFn: ({ rule, direction }: { rule: Rule; neighbour: Rule; direction: 'up' | 'down' }) =>
      designApi.moveRule(gameId, rule.id, direction),
    onMutate: async ({ rule, neighbour }) => {
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Workspace>(key, (current) => swapLocally(current, rule, neighbour));
    },
    onSuccess: (changed) => queryClient.setQueryData<Workspace>(key, (current) => storeRules(current, changed)),
    onError: (error, { rule }) => notifyError(domainText(t, 'DESIGN_TEXTS', 'errorSavingRule', rule.id), error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });

  const handleMove = (index: number, direction: 'up' | 'down') => {
    const rule = rules[index];
    const neighbour = rules[direction === 'up' ? index - 1 : index + 1];
    if (!rule || !neighbour) return;
    move.mutate({ rule, neighbour, direction });
  };

  const handleDelete = (rule: Rule) =>
    modals.openConfirmModal({
      title: t('design.deleteTitle', { name: rule.name }),
      centered: true,
      children: <Text size="sm">{domainText(t, 'DESIGN_TEXTS', 'confirmDelete')}</Text>,
      labels: { confirm: t('design.delete'), cancel: t('design.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(rule.id),
    });

  return (
    <Stack gap="sm">
      <Group justify="flex-end" gap="xs">
        {scene && (
          <QuickRuleMenu
            workspace={workspace}
            label={t('design.quickRules.sceneStart')}
            groups={effectGroups(
              workspace,
              { kind: 'sceneStart', sceneId },
              t('design.quickRules.startOf', { scene: titleOf(scene) }),
              t,
            )}
            disabled={!canEdit}
          />
        )}
        {canEdit ? (
          <Button
            component={Link}
            to={`/games/${gameId}/rules/create/0/${sceneId}`}
            leftSection={<IconPlus size={16} />}
            size="xs"
          >
            {t('design.scenes.newRule')}
          </Button>
        ) : (
          <Button leftSection={<IconPlus size={16} />} size="xs" disabled>
            {t('design.scenes.newRule')}
          </Button>
        )}
      </Group>
      {rules.length === 0 ? (
        <Text size="sm" c="dimmed">
          {domainText(t, 'DESIGN_TEXTS', 'noItems')}
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={t('design.scenes.script')}>
          {rules.map((rule, index) => (
            <Paper key={rule.id} withBorder radius="md" p="sm" role="listitem" aria-label={rule.name}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                  <Badge variant="light" radius="sm" miw={32}>
                    {String(rule.idx ?? index + 1)}
                  </Badge>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={500} truncate>
                      {rule.name}
                    </Text>
                    {triggerSentence(rule, lookup, t, i18n.language) && (
                      <Text size="sm" c="dimmed" truncate>
                        {triggerSentence(rule, lookup, t, i18n.language)}
                      </Text>
                    )}
                    {plainText(rule.notes) && (
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {truncate(plainText(rule.notes), 150)}
                      </Text>
                    )}
                  </Stack>
                  {rule.fireOnce === false && (
                    <Badge size="xs" variant="outline" color="gray">
                      {t('design.scenes.repeats')}
                    </Badge>
                  )}
                </Group>
                <Group gap={4} wrap="nowrap">
                  <Tooltip label={t('design.moveUp')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('design.scenes.moveRuleUp', { name: rule.name })}
                      disabled={!canEdit || index === 0 || move.isPending}
                      onClick={() => handleMove(index, 'up')}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('design.moveDown')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('design.scenes.moveRuleDown', { name: rule.name })}
                      disabled={!canEdit || index === rules.length - 1 || move.isPending}
                      onClick={() => handleMove(index, 'down')}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('design.edit')}>
                    <ActionIcon
                      component={Link}
                      to={`/games/${gameId}/rules/edit/${rule.id}`}
                      variant="subtle"
                      aria-label={t('design.scenes.editRule', { name: rule.name })}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('design.delete')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('design.scenes.deleteRule', { name: rule.name })}
                      disabled={!canEdit}
                      onClick={() => handleDelete(rule)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
