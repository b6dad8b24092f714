import { UploadedPhotosField, type UploadedPhoto } from '@/features/photos';
import { cn } from '@/lib/cn';

interface PhotosStepProps {
  paths: string[];
  online: boolean;
  onUploaded: (photo: UploadedPhoto) => void;
  onRemove: (path: string) => void;
  /** At the top of a new log's form on a phone: the step that can fill the others. */
  first: boolean;
}

/** Upload Photos (SPEC §2), and why it is off while offline (uploads are not queued). */
export function PhotosStep({ paths, online, onUploaded, onRemove, first }: PhotosStepProps) {
  return (
    <div className={cn('grid grid-cols-1 gap-2', first && 'rounded-lg border border-dashed p-4')}>
      {!online && (
        <p className="text-sm text-muted-foreground" role="status">
          Photos need a connection: you can save this log offline and add photos later.
        </p>
      )}
      <UploadedPhotosField
        paths={paths}
        disabled={!online}
        onUploaded={onUploaded}
        onRemove={onRemove}
        hint={first ? 'Start with a photo: its time and place fill in the log.' : undefined}
      />
    </div>
  );
}
