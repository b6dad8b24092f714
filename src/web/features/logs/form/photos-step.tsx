import { UploadedPhotosField, type UploadedPhoto } from '@/features/photos';

interface PhotosStepProps {
  paths: string[];
  online: boolean;
  onUploaded: (photo: UploadedPhoto) => void;
  onRemove: (path: string) => void;
}

/** Upload Photos (SPEC §2), and why it is off while offline (uploads are not queued). */
export function PhotosStep({ paths, online, onUploaded, onRemove }: PhotosStepProps) {
  return (
    <div className="grid grid-cols-1 gap-2">
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
      />
    </div>
  );
}
