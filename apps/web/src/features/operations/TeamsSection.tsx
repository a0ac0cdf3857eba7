import { DEAL_MODES, TEAM_AVATARS, type DealMode, type Team, type TeamInstance, type TeamMember } from '@loci/domain';
import {
  Alert,
  Badge,
  Button,
  FileButton,
  Group,
  Image,
  List,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconPhoto, IconPrinter, IconUpload } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { mediaIconUrl } from '../../api/play';
import { teamsApi } from '../../api/teams';
import { useQrSvg } from '../../components/qr/qr-image';
import { teamsKey, useTeamInstances } from './team-live';
import { DraggableMember, TeamDropZone, TeamsDragArea } from './TeamsDnd';
import './team-live-locales';
import './teams-locales';

/** The field errors of a refused call, in the order the server gave them (a class list's bad rows). */
function problemsOf(error: unknown): string[] {
  if (!(error instanceof ApiError)) return error ? [String((error as Error).message ?? error)] : [];
  const errors = (error.body?.errors ?? {}) as Record<string, string>;
  const list = Object.values(errors);
  return list.length > 0 ? list : [error.message];
}

/** A team's card: colour, name, join code and its QR code, members (each may be moved to another team). */
function TeamCard({
  team,
  teams,
  onMove,
  onAvatar,
  onPicture,
  pictureError,
  pictureBusy,
}: {
  team: Team;
  teams: readonly Team[];
  onMove: (member: TeamMember, teamId: string | null) => void;
  onAvatar: (team: Team, avatar: string | null) => void;
  /** Sets the team's picture (a file), or removes it (null). */
  onPicture: (team: Team, file: File | null) => void;
  /** Why the team's last picture was refused (too large, not an image), or null. */
  pictureError: string | null;
  pictureBusy: boolean;
}) {
  const { t } = useTranslation();
  const link = `${window.location.origin}${team.joinLink}`;
  const qr = useQrSvg(link);
  return (
    <TeamDropZone teamId={team.id}>
      {(over) => (
        <Paper
          withBorder
          p="md"
          radius="md"
          h="100%"
          style={{
            borderTop: `6px solid ${team.colour}`,
            breakInside: 'avoid',
            outline: over ? `2px dashed ${team.colour}` : undefined,
          }}
        >
          <Stack gap="xs">
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Group gap="xs" wrap="nowrap">
                  {/* The picture stands beside the team's name: decorative, no text of its own. */}
                  {team.pictureId ? (
                    <Image src={mediaIconUrl(team.pictureId, 64)} w={40} h={40} radius="xl" alt="" />
                  ) : null}
                  <Title order={4} fz="h5">
                    {!team.pictureId && team.avatar ? `${team.avatar} ` : ''}
                    {team.name}
                  </Title>
                </Group>
                <Text size="sm">
                  {t('teams.code')}{' '}
                  <Text span ff="monospace" fw={700} size="lg">
                    {team.code}
                  </Text>
                </Text>
              </Stack>
              {qr ? <Image src={qr} w={96} h={96} alt={t('teams.qrAlt', { team: team.name })} /> : null}
            </Group>
            <NativeSelect
              size="xs"
              className="no-print"
              label={t('teamsLive.avatarOf', { team: team.name })}
              value={team.avatar ?? ''}
              onChange={(event) => onAvatar(team, event.currentTarget.value || null)}
              data={[{ value: '', label: t('teamsLive.noAvatar') }, ...TEAM_AVATARS]}
              w={200}
            />
            <Stack gap={4} className="no-print">
              <Group gap="xs">
                <FileButton accept="image/png,image/jpeg" onChange={(file) => file && onPicture(team, file)}>
                  {(props) => (
                    <Button
                      {...props}
                      size="xs"
                      variant="default"
                      leftSection={<IconPhoto size={14} aria-hidden />}
                      loading={pictureBusy}
                    >
                      {t('teamsLive.pictureOf', { team: team.name })}
                    </Button>
                  )}
                </FileButton>
                {team.pictureId ? (
                  <Button size="xs" variant="subtle" color="red" onClick={() => onPicture(team, null)}>
                    {t('teamsLive.removePicture', { team: team.name })}
                  </Button>
                ) : null}
              </Group>
              <Text size="xs" c="dimmed">
                {t('teamsLive.pictureHelp')}
              </Text>
              {pictureError ? (
                <Text size="sm" c="red.8" role="alert">
                  {pictureError}
                </Text>
              ) : null}
            </Stack>
            <Text size="sm" fw={600}>
              {t('teams.members', { count: team.members.length })}
            </Text>
            <MemberList members={team.members} teams={teams} current={team.id} onMove={onMove} />
          </Stack>
        </Paper>
      )}
    </TeamDropZone>
  );
}

function MemberList({
  members,
  teams,
  current,
  onMove,
}: {
  members: readonly TeamMember[];
  teams: readonly Team[];
  current: string | null;
  onMove: (member: TeamMember, teamId: string | null) => void;
}) {
  const { t } = useTranslation();
  if (members.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('teams.noMembers')}
      </Text>
    );
  }
  return (
    <Stack gap={6}>
      {members.map((member) => (
        <Group key={member.id} justify="space-between" wrap="nowrap" gap="xs">
          <DraggableMember member={member} from={current}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm">{member.name}</Text>
              {member.joined ? (
                <Badge size="xs" variant="light" color="teal">
                  {t('teams.joined')}
                </Badge>
              ) : null}
            </Group>
          </DraggableMember>
          <NativeSelect
            size="xs"
            aria-label={t('teams.moveLabel', { name: member.name })}
            value={current ?? ''}
            onChange={(event) => onMove(member, event.currentTarget.value || null)}
            data={[
              { value: '', label: t('teams.noTeam') },
              ...teams.map((team) => ({ value: team.id, label: team.name })),
            ]}
          />
        </Group>
      ))}
    </Stack>
  );
}

/** Creating the teams of an event: names typed (or a number), the class list pasted or imported, the deal. */
function CreateTeamsForm({ gameId, onCreated }: { gameId: string; onCreated: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [names, setNames] = useState('');
  const [classList, setClassList] = useState('');
  const [deal, setDeal] = useState<DealMode | ''>('balanced');
  const create = useMutation({
    mutationFn: () => {
      const typed = names
        .split('\n')
        .map((name) => name.trim())
        .filter(Boolean);
      const count = typed.length === 1 && /^\d+$/.test(typed[0]!) ? Number(typed[0]) : undefined;
      return teamsApi.create(gameId, {
        ...(count ? { teamCount: count } : { teamNames: typed }),
        ...(classList.trim() ? { classList } : {}),
        ...(deal ? { deal } : {}),
      });
    },
    onSuccess: () => {
      onCreated();
      void queryClient.invalidateQueries({ queryKey: teamsKey(gameId) });
    },
  });
  const problems = problemsOf(create.error);
  return (
    <Stack gap="sm">
      <Text size="sm">{t('teams.createIntro')}</Text>
      <Textarea
        label={t('teams.names')}
        description={t('teams.namesHint')}
        autosize
        minRows={3}
        value={names}
        onChange={(event) => setNames(event.currentTarget.value)}
      />
      <Textarea
        label={t('teams.classList')}
        description={t('teams.classListHint')}
        autosize
        minRows={4}
        maxRows={12}
        value={classList}
        onChange={(event) => setClassList(event.currentTarget.value)}
      />
      <Group>
        <FileButton accept=".csv,text/csv,text/plain" onChange={(file) => void file?.text().then(setClassList)}>
          {(props) => (
            <Button variant="default" leftSection={<IconUpload size={16} aria-hidden />} {...props}>
              {t('teams.importCsv')}
            </Button>
          )}
        </FileButton>
        <NativeSelect
          label={t('teams.deal')}
          value={deal}
          onChange={(event) => setDeal(event.currentTarget.value as DealMode | '')}
          data={[
            { value: 'balanced', label: t('teams.dealModes.balanced') },
            { value: 'random', label: t('teams.dealModes.random') },
            { value: '', label: t('teams.dealModes.byHand') },
          ]}
        />
      </Group>
      {problems.length > 0 ? (
        <Alert color="red" title={t('teams.notCreated')}>
          <List size="sm">
            {problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      <Group>
        <Button onClick={() => create.mutate()} loading={create.isPending}>
          {t('teams.create')}
        </Button>
      </Group>
    </Stack>
  );
}

/** One event's teams: deal again, move members, print the join codes. */
function TeamEvent({ gameId, event }: { gameId: string; event: TeamInstance }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: teamsKey(gameId) });
  const deal = useMutation({
    mutationFn: (mode: DealMode) => teamsApi.deal(event.instanceId, mode),
    onSuccess: refresh,
  });
  const move = useMutation({
    mutationFn: ({ memberId, teamId }: { memberId: string; teamId: string | null }) =>
      teamsApi.move(event.instanceId, memberId, teamId),
    onSuccess: refresh,
  });
  const onMove = (member: TeamMember, teamId: string | null) => move.mutate({ memberId: member.id, teamId });
  const avatar = useMutation({
    mutationFn: ({ teamId, value }: { teamId: string; value: string | null }) =>
      teamsApi.setAvatar(event.instanceId, teamId, value),
    onSuccess: refresh,
  });
  const onAvatar = (team: Team, value: string | null) => avatar.mutate({ teamId: team.id, value });
  const picture = useMutation({
    mutationFn: ({ teamId, file }: { teamId: string; file: File | null }) =>
      file ? teamsApi.setPicture(event.instanceId, teamId, file) : teamsApi.clearPicture(event.instanceId, teamId),
    onSuccess: refresh,
  });
  const onPicture = (team: Team, file: File | null) => picture.mutate({ teamId: team.id, file });
  const pictureTeam = picture.variables?.teamId;
  const pictureErrorOf = (team: Team) =>
    picture.isError && pictureTeam === team.id ? (problemsOf(picture.error)[0] ?? null) : null;
  const joined = event.teams.reduce((sum, team) => sum + team.members.filter((m) => m.joined).length, 0);
  const listed = event.teams.reduce((sum, team) => sum + team.members.length, 0) + event.unassigned.length;
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm">{t('teams.summary', { teams: event.teams.length, joined, listed })}</Text>
        <Group gap="xs" className="no-print">
          {DEAL_MODES.map((mode) => (
            <Button key={mode} variant="default" size="xs" onClick={() => deal.mutate(mode)} loading={deal.isPending}>
              {t(`teams.dealAgain.${mode}`)}
            </Button>
          ))}
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPrinter size={14} aria-hidden />}
            onClick={() => window.print()}
          >
            {t('teams.print')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" className="no-print">
        {t('teamsLive.dragHint')}
      </Text>
      <TeamsDragArea onMove={onMove}>
        {event.unassigned.length > 0 ? (
          <TeamDropZone teamId={null}>
            {(over) => (
              <Paper withBorder p="md" radius="md" style={{ outline: over ? '2px dashed gray' : undefined }}>
                <Title order={4} fz="h5" mb="xs">
                  {t('teams.unassigned', { count: event.unassigned.length })}
                </Title>
                <MemberList members={event.unassigned} teams={event.teams} current={null} onMove={onMove} />
              </Paper>
            )}
          </TeamDropZone>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {event.teams.map((team) => (
            <TeamCard
              key={team.id}
              team={team}
              teams={event.teams}
              onMove={onMove}
              onAvatar={onAvatar}
              onPicture={onPicture}
              pictureError={pictureErrorOf(team)}
              pictureBusy={picture.isPending && pictureTeam === team.id}
            />
          ))}
        </SimpleGrid>
      </TeamsDragArea>
    </Stack>
  );
}

/**
 * The Gameplay page's Teams panel (games played in teams; docs/outings.md): create the event's teams (names
 * typed, a class list imported, dealt balanced, at random or by hand), move members, print the join codes and
 * QR codes. The newest event with teams is shown; a new one may be created beside it.
 */
export function TeamsSection({ gameId }: { gameId: string }) {
  const { t } = useTranslation();
  const query = useTeamInstances(gameId, true);
  const [creating, setCreating] = useState(false);
  const current = query.data?.instances.find((instance) => instance.status === 'active');
  return (
    <Stack gap="md" component="section" aria-labelledby="teams-title">
      <Group justify="space-between">
        <Title order={3} fz="h4" id="teams-title">
          {t('teams.title')}
        </Title>
        {current && !creating ? (
          <Button variant="subtle" size="xs" onClick={() => setCreating(true)} className="no-print">
            {t('teams.newEvent')}
          </Button>
        ) : null}
      </Group>
      {query.isPending ? null : current && !creating ? (
        <TeamEvent gameId={gameId} event={current} />
      ) : (
        <CreateTeamsForm gameId={gameId} onCreated={() => setCreating(false)} />
      )}
    </Stack>
  );
}
