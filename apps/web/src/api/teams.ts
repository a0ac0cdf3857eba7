import type { CreateTeamInstanceBody, DealMode, MyTeam, TeamInstance } from '@loci/domain';
import { api } from './client';

const enc = encodeURIComponent;

/** Teams (docs/outings.md): the organiser's calls (manage right) and the players' way into a team. */
export const teamsApi = {
  instances: (gameId: string, signal?: AbortSignal) =>
    api.get<{ instances: TeamInstance[] }>(`/manage/games/${enc(gameId)}/team-instances`, signal),
  create: (gameId: string, body: CreateTeamInstanceBody) =>
    api.post<TeamInstance>(`/manage/games/${enc(gameId)}/team-instances`, body),
  deal: (instanceId: string, mode: DealMode) =>
    api.post<TeamInstance>(`/manage/team-instances/${enc(instanceId)}/deal`, { mode }),
  move: (instanceId: string, memberId: string, teamId: string | null) =>
    api.patch<TeamInstance>(`/manage/team-instances/${enc(instanceId)}/members/${enc(memberId)}`, { teamId }),
  /** A team's avatar (one of TEAM_AVATARS; null clears it). */
  setAvatar: (instanceId: string, teamId: string, avatar: string | null) =>
    api.patch<TeamInstance>(`/manage/team-instances/${enc(instanceId)}/teams/${enc(teamId)}`, { avatar }),
  /** A team's picture: one png or jpeg, sent as multipart (413 / 415 with the field error `file`). */
  setPicture: (instanceId: string, teamId: string, file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return api.post<TeamInstance>(`/manage/team-instances/${enc(instanceId)}/teams/${enc(teamId)}/picture`, form);
  },
  clearPicture: (instanceId: string, teamId: string) =>
    api.delete<TeamInstance>(`/manage/team-instances/${enc(instanceId)}/teams/${enc(teamId)}/picture`),
  join: (code: string) => api.post<MyTeam>('/play/team-join', { code }),
  /** A team of one's own (games whose players may form teams): answers it with its code to share. */
  createOwn: (gameId: string, name: string, avatar: string | null = null) =>
    api.post<MyTeam>(`/play/games/${enc(gameId)}/teams`, { name, avatar }),
  myTeam: (instanceId: string, signal?: AbortSignal) =>
    api.get<MyTeam>(`/play/instances/${enc(instanceId)}/team`, signal),
};
