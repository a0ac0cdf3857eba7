import { mediaTypeOf } from '@loci/domain';
import { Center, Image, ThemeIcon } from '@mantine/core';
import { IconFile, IconMovie, IconMusic, IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { mediaThumbUrl } from '../../api/media';

interface Props {
  gameId: string;
  mediaId: string;
  /** When known: audio and video show an icon instead of a thumbnail. */
  mimetype?: string;
  alt: string;
  size?: number;
}

/** A square thumbnail of a medium (images), or an icon for audio, video and other files. */
export function MediaThumb({ gameId, mediaId, mimetype, alt, size = 100 }: Props) {
  const [failed, setFailed] = useState(false);
  const type = mimetype ? mediaTypeOf(mimetype) : 'image';
  if (type !== 'image' || failed) {
    const Icon =
      type === 'audio' ? IconMusic : type === 'video' ? IconMovie : type === 'other' ? IconFile : IconPhotoOff;
    return (
      <Center
        w={size}
        h={size}
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      >
        <ThemeIcon
          variant="light"
          color={type === 'image' ? 'gray' : 'teal'}
          size={Math.round(size / 2.2)}
          radius="xl"
          aria-label={alt}
        >
          <Icon size={Math.round(size / 4)} />
        </ThemeIcon>
      </Center>
    );
  }
  return (
    <Image
      src={mediaThumbUrl(gameId, mediaId)}
      alt={alt}
      w={size}
      h={size}
      fit="cover"
      radius="sm"
      onError={() => setFailed(true)}
    />
  );
}
