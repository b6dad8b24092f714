import { Suspense, useRef, useState, type MouseEvent } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { photoSrcSet, previewUrl, thumbnailUrl } from '../../../common/photos';

export interface GalleryPhoto {
  id: string;
  /** The photo's own address: its original for the owner, the public copy for anyone else. */
  url: string;
  label: string | null;
}

// The lightbox and its styles load on the first hover, focus or click of a thumbnail.
const loadLightbox = () => import('./photo-lightbox');
const PhotoLightbox = lazyComponent(loadLightbox, (m) => m.default);

/**
 * A log's uploaded photos (SPEC §2: alt is the label, else 'Photo N'), each opening the
 * lightbox: the first large, as the log's cover (issue 34), the others as thumbnails under it.
 */
export function PhotoGallery({ photos }: { photos: GalleryPhoto[] }) {
  const [index, setIndex] = useState<number>(-1); // the photo shown large, -1 when closed
  const [wanted, setWanted] = useState(false); // the lightbox is mounted once first opened
  const opener = useRef<HTMLAnchorElement | null>(null);
  const altOf = (photo: GalleryPhoto, at: number) => photo.label ?? `Photo ${at + 1}`;

  const open = (at: number) => (event: MouseEvent<HTMLAnchorElement>) => {
    // a middle click or Ctrl/Cmd/Shift+click still opens the file itself, as any link would
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    opener.current = event.currentTarget;
    setWanted(true);
    setIndex(at);
  };

  const linkTo = (photo: GalleryPhoto, at: number) => ({
    href: photo.url,
    'aria-haspopup': 'dialog' as const,
    onClick: open(at),
    onPointerEnter: () => void loadLightbox(),
    onFocus: () => void loadLightbox(),
    className: 'rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring',
  });
  const [first, ...others] = photos;

  return (
    <>
      <div className="grid grid-cols-1 gap-2">
        {first && (
          <a {...linkTo(first, 0)} data-testid="log-cover">
            <img
              src={previewUrl(first.url)}
              srcSet={photoSrcSet(first.url)}
              sizes="(min-width: 48rem) 45rem, 100vw"
              alt={altOf(first, 0)}
              className="aspect-[40/21] w-full rounded-md border bg-muted object-cover"
            />
          </a>
        )}
        {others.length > 0 && (
          <div className="grid grid-cols-4 gap-2 sm:grid-cols-6">
            {others.map((photo, n) => (
              <a key={photo.id} {...linkTo(photo, n + 1)}>
                <img
                  src={thumbnailUrl(photo.url)}
                  alt={altOf(photo, n + 1)}
                  className="aspect-square w-full rounded-md border bg-muted object-cover"
                  loading="lazy"
                />
              </a>
            ))}
          </div>
        )}
      </div>
      {wanted && (
        <Suspense fallback={null}>
          <PhotoLightbox
            slides={photos.map((photo, at) => ({ src: photo.url, alt: altOf(photo, at) }))}
            index={index}
            onIndexChange={setIndex}
            onClose={() => {
              setIndex(-1);
              opener.current?.focus(); // where the lightbox was opened from, whatever moved focus
            }}
          />
        </Suspense>
      )}
    </>
  );
}
