import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { wallApi } from '../../api/wall';
import { GeneralErrorBox } from '../../components/GeneralErrorBox';
import { PageLoader } from '../../components/PageLoader';
import '../../components/rankings/locales';
import './locales';
import './results.css';

/**
 * The results at the end (issue 29): each team (or player) ranked with its points, and per team its members
 * — joined or not, questions answered (and correct), missions accomplished, and how many of the feed's items name them. Printable: Print hides the buttons.
 */
export function ResultsPage() {
  const { t } = useTranslation();
  const { activeGameId = '', instanceId = '' } = useParams();
  const query = useQuery({
    queryKey: ['results', instanceId],
    queryFn: ({ signal }) => wallApi.results(instanceId, signal),
  });
  if (query.isPending) return <PageLoader />;
  if (query.isError) return <GeneralErrorBox error={query.error} />;
  const results = query.data;
  return (
    <main className="results">
      <div className="results-actions">
        <Link to={`/active-games/${activeGameId}/instance/${instanceId}`}>{t('wall.results.back')}</Link>
        <button type="button" onClick={() => window.print()}>
          {t('wall.results.print')}
        </button>
      </div>
      <h1>
        {results.title} — {t('wall.results.title')}
      </h1>
      <table className="results-table">
        <thead>
          <tr>
            <th scope="col">{t('wall.rank')}</th>
            <th scope="col">{results.scoredBy === 'teams' ? t('wall.team') : t('wall.player')}</th>
            <th scope="col">{results.pointsName || t('wall.points')}</th>
            {results.scoredBy === 'teams' && <th scope="col">{t('wall.results.members')}</th>}
          </tr>
        </thead>
        <tbody>
          {results.entries.map((entry) => (
            <tr key={entry.key}>
              <td>{entry.rank}</td>
              <td>
                <span
                  className="results-swatch"
                  aria-hidden="true"
                  style={{ background: entry.colour ?? 'transparent' }}
                />
                {entry.name}
              </td>
              <td className="results-points">{entry.points}</td>
              {results.scoredBy === 'teams' && (
                <td>
                  <ul className="results-members">
                    {entry.members.map((member, index) => (
                      <li key={index}>
                        {member.name}
                        {!member.joined && <span className="results-muted"> ({t('wall.results.notJoined')})</span>}
                        {member.answered > 0 && (
                          <span className="results-muted">
                            {' · '}
                            {t('rankings.memberAnswers', { count: member.answered, correct: member.correct })}
                          </span>
                        )}
                        {member.missions > 0 && (
                          <span className="results-muted">
                            {' · '}
                            {t('rankings.memberMissions', { count: member.missions })}
                          </span>
                        )}
                        {member.inFeed > 0 && (
                          <span className="results-muted"> · {t('wall.results.inFeed', { count: member.inFeed })}</span>
                        )}
                      </li>
                    ))}
                  </ul>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
