import { useCallback, useEffect, useRef, useState } from 'react';
import Uppy, { type Meta, type UppyFile } from '@uppy/core';
import Dashboard from '@uppy/react/dashboard';
import XHRUpload from '@uppy/xhr-upload';
import { toast } from 'sonner';
import '@uppy/core/css/style.min.css';
import '@uppy/dashboard/css/style.min.css';
import './uppy-theme.css';
import { PHOTO_LIMITS } from '../../../common/photos';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { useTheme } from '@/features/theme';
import { leftOutMessage, limitGuard } from './photo-limit';
import { readPhotoMetadata, type PhotoMetadata } from './photo-metadata';
import { completeUpload, requestUploadUrl, uploadRefusalMessage } from './upload-calls';

type NoBody = Record<string, never>;

export interface UploadedPhoto {
  objectPath: string;
  /** Capture time and GPS from the file's EXIF, read here in the browser. */
  metadata: PhotoMetadata;
}

interface PhotoUploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onUploaded: (photo: UploadedPhoto) => void;
}

/**
 * The Upload Photos dialog (SPEC §4, §5): Uppy's Dashboard, images only, at most 5 files of
 * 10 MB, manual start; of more files chosen, the first ones are kept and the rest named as left
 * out. Each file gets its own upload URL and is PUT there as it is (the app's signed URL or a
 * presigned S3 URL), then completed; Uppy lists restriction errors (4 at most, the rest as a
 * count), rejects duplicates and shows each file's progress.
 */
export default function PhotoUploadDialog({
  open,
  onOpenChange,
  onUploaded,
}: PhotoUploadDialogProps) {
  const [{ uppy, uploadUrls, handedOver }] = useState(createUppy);
  const { theme } = useTheme();

  // Destroyed on unmount; StrictMode's rehearsal (clean-up then effect again) must not kill it.
  const destroyTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    clearTimeout(destroyTimer.current);
    return () => {
      destroyTimer.current = setTimeout(() => uppy.destroy());
    };
  }, [uppy]);
  // Photos handed to the form leave the Dashboard once it is closed (the form lists them), so the
  // next opening has room for 5 more.
  const isOpen = useRef(open);
  const release = useCallback(() => {
    const ids = [...handedOver].filter((id) => uppy.getFile(id));
    handedOver.clear();
    if (ids.length > 0) uppy.removeFiles(ids);
  }, [uppy, handedOver]);
  useEffect(() => {
    isOpen.current = open;
    if (!open) release();
  }, [open, release]);
  useEffect(() => {
    const completed = async (file: UppyFile<Meta, NoBody> | undefined) => {
      if (!file) return;
      const uploadURL = uploadUrls.get(file.id);
      try {
        if (!uploadURL) throw new Error('No upload URL');
        const objectPath = await completeUpload(uploadURL);
        const metadata = file.data instanceof Blob ? await readPhotoMetadata(file.data) : {};
        onUploaded({ objectPath, metadata });
        handedOver.add(file.id);
        if (!isOpen.current) release();
        toast.success(`${file.name ?? 'Photo'} uploaded successfully`);
      } catch {
        uppy.emit('upload-error', file, new Error('The upload could not be completed'));
        toast.error('Error', {
          description: `Failed to complete upload for ${file.name ?? 'photo'}`,
        });
      }
    };
    const onSuccess = (file: UppyFile<Meta, NoBody> | undefined) => void completed(file);
    uppy.on('upload-success', onSuccess);
    return () => void uppy.off('upload-success', onSuccess);
  }, [uppy, uploadUrls, handedOver, release, onUploaded]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[95dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Upload Photos</DialogTitle>
          <DialogDescription>
            Up to {PHOTO_LIMITS.maxFiles} images, 10 MB each. Location and camera details stay
            private: only you see the original file.
          </DialogDescription>
        </DialogHeader>
        <div className="uppy-app-theme">
          <Dashboard
            uppy={uppy}
            width="100%"
            height={380}
            proudlyDisplayPoweredByUppy={false}
            hideProgressDetails={false}
            showRemoveButtonAfterComplete={false}
            doneButtonHandler={() => onOpenChange(false)}
            note={`Images only, up to ${PHOTO_LIMITS.maxFiles} files, 10 MB each`}
            theme={theme}
          />
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Long enough to read a few file names. */
const LEFT_OUT_SHOWN_MS = 8000;

function createUppy() {
  const uploadUrls = new Map<string, string>(); // file id → where it went, for the completion
  const handedOver = new Set<string>(); // ids of the files completed and given to the form
  const uppy: Uppy<Meta, NoBody> = new Uppy<Meta, NoBody>({
    autoProceed: false,
    onBeforeFileAdded: limitGuard(PHOTO_LIMITS.maxFiles, (names) =>
      uppy.info(leftOutMessage(names, PHOTO_LIMITS.maxFiles), 'warning', LEFT_OUT_SHOWN_MS),
    ),
    restrictions: {
      maxNumberOfFiles: PHOTO_LIMITS.maxFiles,
      maxFileSize: PHOTO_LIMITS.maxBytes,
      allowedFileTypes: ['image/*'],
    },
  }).use(XHRUpload<Meta, NoBody>, {
    method: 'PUT',
    formData: false,
    allowedMetaFields: false,
    limit: 2,
    headers: (file) => ({ 'content-type': file.type || 'application/octet-stream' }),
    endpoint: async (fileOrBundle) => {
      const file = Array.isArray(fileOrBundle) ? fileOrBundle[0]! : fileOrBundle;
      try {
        const uploadURL = await requestUploadUrl(file.size ?? undefined);
        uploadUrls.set(file.id, uploadURL);
        return uploadURL;
      } catch (error) {
        toast.error('Upload Error', { description: 'Failed to get upload URL from server' });
        throw error;
      }
    },
    onAfterResponse: (xhr) => {
      if (xhr.status >= 400) throw new Error(uploadRefusalMessage(xhr.status, xhr.responseText));
    },
    getResponseData: () => ({}), // the PUT answers with no body (204 here, 200 from S3)
  });
  return { uppy, uploadUrls, handedOver };
}
