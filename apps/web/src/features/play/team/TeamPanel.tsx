import type { TeamActivityPush } from '@loci/domain';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { mediaIconUrl } from '../../../api/play';
import { REALTIME_EVENTS, useRealtimeEvent } from '../../../api/realtime';
import { myTeamKey, useMyTeam } from './my-team';
import './team-locales';

/** What a teammate did, as the other members read it ("Maria answered — correct"). */
export function activityText(t: (key: string, values?: Record<string, unknown>) => string, push: TeamActivityPush) {
  const name = push.member.name;
  if (push.event === 'answer') {
    if (push.correct === true) return t('playTeam.activity.answer_correct', { name });
    if (push.correct === false) return t('playTeam.activity.answer_wrong', { name });
    return t('playTeam.activity.answer', { name });
  }
  const known = ['pick', 'offer', 'code', 'submission'];
  return t(`playTeam.activity.${known.includes(push.event) ? push.event : 'other'}`, { name });
}

/**
 * The player's team in a game played in teams (docs/outings.md): its name in its colour and its members (the
 * caller marked), over the map; each teammate's action is shown as a toast naming them. Nothing for a solo
 * player (the team call answers 404, quietly).
 */
export function TeamPanel({ instanceId }: { instanceId: string | null }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const team = useMyTeam(instanceId);
  useRealtimeEvent(
    REALTIME_EVENTS.teamActivity,
    (push) => {
      if (push.instanceId !== instanceId) return;
      notifications.show({
        message: activityText(t, push),
        color: push.correct === false ? 'orange' : 'teal',
        position: 'top-center',
        role: 'status',
      });
      void queryClient.invalidateQueries({ queryKey: myTeamKey(instanceId ?? '') });
    },
    Boolean(instanceId && team.data),
  );
  if (!team.data) return null;
  const { team: mine, memberId } = team.data;
  return (
    <Paper
      shadow="sm"
      p="xs"
      radius="md"
      withBorder
      style={{
        position: 'absolute',
        top: 8,
        right: 8,
        zIndex: 500,
        maxWidth: 220,
        borderLeft: `6px solid ${mine.colour}`,
      }}
      aria-label={t('playTeam.teammates')}
      component="aside"
    >
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap">
          {/* The organiser's picture of the team stands beside its name: decorative. */}
          {mine.pictureId ? (
            <img
              src={mediaIconUrl(mine.pictureId, 64)}
              width={28}
              height={28}
              alt=""
              style={{ borderRadius: '50%', objectFit: 'cover', flex: 'none' }}
            />
          ) : null}
          <Text fw={700} size="sm">
            {!mine.pictureId && mine.avatar ? `${mine.avatar} ` : ''}
            {t('playTeam.team', { name: mine.name })}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" data-testid="team-panel-code">
          {t('playTeam.codeToShare', { code: mine.code })}
        </Text>
        {mine.members
          .filter((member) => member.joined)
          .map((member) => (
            <Group key={member.id} gap={6} wrap="nowrap">
              <Text size="xs">{member.name}</Text>
              {member.id === memberId ? (
                <Badge size="xs" variant="light">
                  {t('playTeam.you')}
                </Badge>
              ) : null}
            </Group>
          ))}
      </Stack>
    </Paper>
  );
}
