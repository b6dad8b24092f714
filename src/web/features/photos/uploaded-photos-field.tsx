import { Suspense, useId, useState } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { ImagePlus, X } from 'lucide-react';
import { thumbnailUrl } from '../../../common/photos';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { UploadedPhoto } from './photo-upload-dialog';

// Uppy, its styles and exifr load only when the dialog is first opened.
const PhotoUploadDialog = lazyComponent(
  () => import('./photo-upload-dialog'),
  (m) => m.default,
);

interface UploadedPhotosFieldProps {
  paths: string[];
  onUploaded: (photo: UploadedPhoto) => void;
  onRemove: (path: string) => void;
  /** Offline: uploads need a connection. */
  disabled?: boolean;
  /** A line under the label: what the photos do for the form. */
  hint?: string;
}

/** Upload Photos (SPEC §2): the uploaded photos as thumbnails, each removable, and the dialog. */
export function UploadedPhotosField({
  paths,
  onUploaded,
  onRemove,
  disabled = false,
  hint,
}: UploadedPhotosFieldProps) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false); // kept mounted so running uploads survive a close
  const labelId = useId();
  const hintId = useId();

  return (
    <div
      className="grid grid-cols-1 gap-2"
      role="group"
      aria-labelledby={labelId}
      aria-describedby={hint ? hintId : undefined}
    >
      <span id={labelId} className="text-sm leading-none font-medium">
        Upload Photos
      </span>
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {paths.length > 0 && (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label="Uploaded photos">
          {paths.map((path, index) => (
            <li key={path} className="relative">
              <img
                src={thumbnailUrl(path)}
                alt={`Photo ${index + 1}`}
                loading="lazy"
                className="aspect-square w-full rounded-md border object-cover"
              />
              <Button
                type="button"
                variant="secondary"
                size="icon-xs"
                className="absolute top-1 right-1 shadow"
                aria-label={`Remove photo ${index + 1}`}
                onClick={() => onRemove(path)}
              >
                <X />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={disabled}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        >
          <ImagePlus />
          Upload Photos
        </Button>
      </div>
      {opened && (
        <Suspense fallback={<Spinner aria-label="Loading the upload dialog" />}>
          <PhotoUploadDialog open={open} onOpenChange={setOpen} onUploaded={onUploaded} />
        </Suspense>
      )}
    </div>
  );
}
