import { Center, Image, type ImageProps, Loader } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { apiBlob } from '@/lib/api-client';

/**
 * A private image of the API (order images are served only through an authorized route): fetched
 * with the session's token and shown from an object URL, revoked when it leaves the screen.
 */
export function AuthImage({ src, alt, ...props }: Omit<ImageProps, 'src'> & { src: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    setFailed(false);
    apiBlob(src)
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);
  if (failed)
    return (
      <Center h={props.h} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)' }} aria-label={alt}>
        <IconPhotoOff size={24} color="var(--mantine-color-gray-5)" />
      </Center>
    );
  if (!url)
    return (
      <Center h={props.h} bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
        <Loader size="xs" />
      </Center>
    );
  return <Image src={url} alt={alt} {...props} />;
}
