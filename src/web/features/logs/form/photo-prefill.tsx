import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { LogWriteInput, LogWritePayload } from '../../../../common/logs/schemas';
import { PhotoTimeOffer, type UploadedPhoto } from '@/features/photos';
import { differsFromViewer, zoneAbbreviation } from '@/lib/log-dates';
import { readingZone } from './form-values';
import { photoTime, type PhotoTime } from './photo-time';
import { formInstant, loadZoneAt } from './place-zone';

type LogFormApi = UseFormReturn<LogWriteInput, unknown, LogWritePayload>;

/**
 * What the first photo that knows when and where it was taken gives the form (issues 23, 34):
 * its GPS fills empty coordinates; its time, read at the clock of its place, fills a new log's
 * untouched Date & Time (the form's 'now' was only a default), and is offered for an edited
 * log's, which holds the time the log was saved with. A time the user typed stays theirs.
 */
export function usePhotoPrefill(form: LogFormApi, mode: 'create' | 'edit') {
  const [takenAt, setTakenAt] = useState<PhotoTime>();
  const [timeOffered, setTimeOffered] = useState(false);

  const applyTime = (time: PhotoTime) => {
    const options = { shouldDirty: true, shouldValidate: true };
    form.setValue('observedAt', time.local, options);
    form.setValue('timeZone', time.zone, options);
    form.setValue('timeKnown', true, options); // a photo knows its time
  };
  // the camera's clock is the one of the photo's place, when its GPS tells where that was
  const readPhotoTime = async (metadata: UploadedPhoto['metadata'] & { takenAt: string }) => {
    const { coordinates } = metadata;
    const placeZone =
      coordinates && (await loadZoneAt())(coordinates.latitude, coordinates.longitude);
    const values = form.getValues();
    const time = photoTime(metadata, placeZone, readingZone(values));
    if (time.local === values.observedAt && time.zone === readingZone(values)) return;
    // typed while the zone map loaded: the user's time wins
    if (form.getFieldState('observedAt').isDirty) return;
    if (mode === 'create') applyTime(time);
    else setTakenAt(time);
  };

  // Uploads finish one by one, after renders: read the list as it is now, not as rendered.
  const addUploadedPhoto = ({ objectPath, metadata }: UploadedPhoto) => {
    const current = form.getValues('uploadedPhotoUrls') ?? [];
    if (current.includes(objectPath)) return;
    form.setValue('uploadedPhotoUrls', [...current, objectPath], { shouldDirty: true });
    // The first photo that knows when and where it was taken prefills; later ones do not.
    const { coordinates } = metadata;
    const timeTouched = form.getFieldState('observedAt').isDirty;
    if (metadata.takenAt && !timeOffered && !timeTouched) {
      setTimeOffered(true);
      void readPhotoTime({ ...metadata, takenAt: metadata.takenAt });
    }
    if (coordinates && form.getValues('latitude') == null && form.getValues('longitude') == null) {
      form.setValue('latitude', coordinates.latitude, { shouldDirty: true });
      form.setValue('longitude', coordinates.longitude, { shouldDirty: true });
      form.setValue('coordinateUncertainty', null, { shouldDirty: true });
    }
  };

  const takenInstant = takenAt && formInstant(takenAt.local, takenAt.zone);
  // beside Date & Time, which it would change
  const timeOffer = takenAt && (
    <PhotoTimeOffer
      takenAt={takenAt.local}
      zoneName={
        takenInstant && differsFromViewer(takenInstant, takenAt.zone)
          ? zoneAbbreviation(takenInstant, takenAt.zone)
          : undefined
      }
      onAccept={() => {
        applyTime(takenAt);
        setTakenAt(undefined);
      }}
      onDismiss={() => setTakenAt(undefined)}
    />
  );
  return { addUploadedPhoto, timeOffer };
}
