import { Suspense, useRef, useState, type MouseEvent } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { thumbnailUrl } from '../../../common/photos';

export interface GalleryPhoto {
  id: string;
  /** The photo's own address: its original for the owner, the public copy for anyone else. */
  url: string;
  label: string | null;
}

// The lightbox and its styles load on the first hover, focus or click of a thumbnail.
const loadLightbox = () => import('./photo-lightbox');
const PhotoLightbox = lazyComponent(loadLightbox, (m) => m.default);

/** Uploaded photos as thumbnails (SPEC §2: alt is the label, else 'Photo N'); each opens the lightbox. */
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

  return (
    <>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {photos.map((photo, at) => (
          <a
            key={photo.id}
            href={photo.url}
            aria-haspopup="dialog"
            onClick={open(at)}
            onPointerEnter={() => void loadLightbox()}
            onFocus={() => void loadLightbox()}
            className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring"
          >
            <img
              src={thumbnailUrl(photo.url)}
              alt={altOf(photo, at)}
              className="aspect-square w-full rounded-md border object-cover"
              loading="lazy"
            />
          </a>
        ))}
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
