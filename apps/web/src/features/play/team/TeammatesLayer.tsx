import L from 'leaflet';
import { useTranslation } from 'react-i18next';
import { Marker, Tooltip } from 'react-leaflet';
import { useMyTeam } from './my-team';
import './team-locales';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A teammate's marker: a dot in the team's colour with their initial (named for screen readers). */
function teammateIcon(colour: string, name: string, label: string): L.DivIcon {
  const initial = escapeHtml(Array.from(name.trim())[0]?.toUpperCase() ?? '?');
  return L.divIcon({
    className: 'loci-teammate',
    html: `<div role="img" aria-label="${escapeHtml(label)}" style="width:24px;height:24px;border-radius:50%;background:${escapeHtml(colour)};color:#fff;font:700 12px/24px sans-serif;text-align:center;border:2px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.45)">${initial}</div>`,
    iconSize: [24, 24],
    iconAnchor: [12, 12],
  });
}

/**
 * The player's teammates on the play map (games played in teams; docs/play.md "Teams"): each other member who
 * joined and has a position, in the team's colour, named; they move live as the members walk.
 */
export function TeammatesLayer({ instanceId }: { instanceId: string | null }) {
  const { t } = useTranslation();
  const team = useMyTeam(instanceId);
  if (!team.data) return null;
  const { team: mine, memberId } = team.data;
  return (
    <>
      {mine.members.map((member) => {
        if (member.id === memberId || !member.joined || member.latitude === null || member.longitude === null) {
          return null;
        }
        const label = t('playTeam.teammateOnMap', { name: member.name });
        return (
          <Marker
            key={member.id}
            position={[member.latitude, member.longitude]}
            icon={teammateIcon(mine.colour, member.name, label)}
            title={label}
            keyboard={false}
            zIndexOffset={500}
          >
            <Tooltip direction="top" offset={[0, -12]} permanent>
              {member.name}
            </Tooltip>
          </Marker>
        );
      })}
    </>
  );
}
