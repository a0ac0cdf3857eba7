import type { FeedItem } from '@loci/domain';
import { IconHeartFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaFileUrl } from '../../api/play';
import './locales';
import './feed.css';

/**
 * The items of a feed, newest first: what kind it is, whose (the team's name in its colour, and the member),
 * its text, its photo and how many liked it. Shared by the wall, the console's section (with `action`, e.g. Withdraw) and the
 * player's panel; the look comes from the caller's class name.
 */
export function FeedList({
  items,
  className,
  action,
}: {
  items: readonly FeedItem[];
  className?: string;
  action?: (item: FeedItem) => ReactNode;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return <p className="wall-empty">{t('wall.emptyFeed')}</p>;
  return (
    <ul className={className ?? 'wall-feed'}>
      {items.map((item) => {
        const who = item.kind === 'post' ? t('wall.organiser') : (item.teamName ?? '');
        return (
          <li key={item.id} className={`wall-feed-item wall-feed-${item.kind}`}>
            <div className="wall-feed-head">
              <span className="wall-swatch" aria-hidden="true" style={{ background: item.colour ?? 'transparent' }} />
              <strong>{who}</strong>
              {item.memberName && item.memberName !== who && (
                <span className="wall-feed-member"> · {t('wall.by', { name: item.memberName })}</span>
              )}
              <span className="wall-feed-kind"> · {t(`wall.kinds.${item.kind}`)}</span>
            </div>
            {item.mediaId && (
              <img
                className="wall-feed-photo"
                src={mediaFileUrl(item.mediaId)}
                alt={t('wall.photoOf', { name: item.memberName ?? who })}
                loading="lazy"
              />
            )}
            {item.text && <p className="wall-feed-text">{item.text}</p>}
            {item.likes > 0 && (
              <p className="wall-feed-likes">
                <IconHeartFilled size="1em" aria-hidden="true" /> {t('wall.likes', { count: item.likes })}
              </p>
            )}
            {action?.(item)}
          </li>
        );
      })}
    </ul>
  );
}
