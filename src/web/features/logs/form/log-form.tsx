import { History } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type LogWriteInput, type LogWritePayload } from '../../../../common/logs/schemas';
import type { Taxon } from '../../../../common/taxonomy';
import { ComboboxField } from '@/components/combobox-field';
import { SaveBar } from '@/components/save-bar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  FormDescription,
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { LocationFields } from '@/components/map/location-fields';
import { useShortcuts } from '@/lib/keyboard-shortcuts';
import { PhotoTimeOffer, UploadedPhotosField, type UploadedPhoto } from '@/features/photos';
import { useOnline } from '@/lib/use-online';
import { OfferNotice } from '@/components/offer-notice';
import { deleteFormDraft, readFormDraft, saveFormDraft } from '@/features/offline';
import { differsFromViewer, zoneAbbreviation } from '@/lib/log-dates';
import { readingZone } from './form-values';
import { ObservedTimeField } from './observed-time-field';
import { photoTime, type PhotoTime } from './photo-time';
import { isPhotoLink, PhotoLinksField } from './photo-links-field';
import { formInstant, loadZoneAt, PlaceZoneOffer, usePlaceZoneOffer } from './place-zone';
import { CountField } from './count-field';
import { logFormResolver } from './count-resolver';
import { useLeaveGuard } from './leave-guard';
import { RecordFields } from './record-fields';
import { SpeciesField } from './species-field';
import { useLocations, useSpecies } from '../api/use-suggestions';

interface LogFormProps {
  mode: 'create' | 'edit';
  /** observedAt is a `datetime-local` value here */
  defaultValues: LogWriteInput;
  /** The taxon the log is linked to (an edit), shown under its names. */
  taxon?: Taxon | null;
  saving: boolean;
  onSave: (values: LogWritePayload) => void;
  onCancel: () => void;
  /** The new log's form keeps a draft on the device, under this user's name (issue 23). */
  draftOf?: string;
}

/** What a draft of the form holds: its values, and the taxon shown under the names. */
interface FormDraft {
  values: LogWriteInput;
  taxon: Taxon | null;
}

export const NEW_LOG_DRAFT = 'new-log';

/** When a draft was kept: 'today, 10:42' reads as the time alone, older ones with the day. */
const formatSavedAt = (iso: string) => {
  const saved = new Date(iso);
  const sameDay = saved.toDateString() === new Date().toDateString();
  return new Intl.DateTimeFormat(
    undefined,
    sameDay ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(saved);
};

/** The create and edit form (SPEC §2), validated with the API's own schema. */
export function LogForm({
  mode,
  defaultValues,
  taxon: linkedTaxon = null,
  saving,
  onSave,
  onCancel,
  draftOf,
}: LogFormProps) {
  const form = useForm({ resolver: logFormResolver, defaultValues });
  const { isDirty } = form.formState; // read in render: the form state subscribes to it
  const species = useSpecies().data ?? [];
  const locations = useLocations().data ?? [];
  const [taxon, setTaxon] = useState(linkedTaxon);
  const chooseTaxon = (chosen: Taxon | null) => {
    setTaxon(chosen);
    form.setValue('taxonId', chosen?.id ?? null, { shouldDirty: true });
  };
  const scientificNames = [
    ...new Set(species.flatMap((entry) => (entry.scientific ? [entry.scientific] : []))),
  ];
  const [pendingLink, setPendingLink] = useState('');
  const photoLinks = useWatch({ control: form.control, name: 'photoLinks' }) ?? [];
  const uploadedPhotos = useWatch({ control: form.control, name: 'uploadedPhotoUrls' }) ?? [];
  const [takenAt, setTakenAt] = useState<PhotoTime>();
  const [timeOffered, setTimeOffered] = useState(false);
  const zoneOffer = usePlaceZoneOffer(form);

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
      void offerPhotoTime({ ...metadata, takenAt: metadata.takenAt });
    }
    if (coordinates && form.getValues('latitude') == null && form.getValues('longitude') == null) {
      form.setValue('latitude', coordinates.latitude, { shouldDirty: true });
      form.setValue('longitude', coordinates.longitude, { shouldDirty: true });
      form.setValue('coordinateUncertainty', null, { shouldDirty: true });
    }
  };
  // the camera's clock is the one of the photo's place, when its GPS tells where that was
  const offerPhotoTime = async (metadata: UploadedPhoto['metadata'] & { takenAt: string }) => {
    const { coordinates } = metadata;
    const placeZone =
      coordinates && (await loadZoneAt())(coordinates.latitude, coordinates.longitude);
    const values = form.getValues();
    const time = photoTime(metadata, placeZone, readingZone(values));
    if (time.local !== values.observedAt || time.zone !== readingZone(values)) setTakenAt(time);
  };
  const takenInstant = takenAt && formInstant(takenAt.local, takenAt.zone);
  const observedAt = useWatch({ control: form.control, name: 'observedAt' });
  const online = useOnline(); // offline saves are queued; photo uploads are not

  const submit = () => {
    if (saving) return;
    // SPEC §4: a pending valid link is added on submit; an invalid one is silently dropped
    const link = pendingLink.trim();
    if (link && isPhotoLink(link) && !photoLinks.includes(link)) {
      form.setValue('photoLinks', [...photoLinks, link]);
    }
    setPendingLink('');
    void form.handleSubmit(onSave)();
  };
  // the draft on this device: offered back when the form opens, kept while it changes
  const [offeredDraft, setOfferedDraft] = useState(() =>
    draftOf ? readFormDraft<FormDraft>(draftOf, NEW_LOG_DRAFT) : undefined,
  );
  const values = useWatch({ control: form.control });
  useEffect(() => {
    if (!draftOf || !isDirty) return;
    saveFormDraft<FormDraft>(draftOf, NEW_LOG_DRAFT, { values: form.getValues(), taxon });
  }, [draftOf, isDirty, values, taxon, form]);
  const restoreDraft = (draft: FormDraft) => {
    form.reset(draft.values, { keepDefaultValues: true }); // dirty: it differs from a new form
    setTaxon(draft.taxon);
    setOfferedDraft(undefined);
  };
  const discardDraft = () => {
    if (draftOf) deleteFormDraft(draftOf, NEW_LOG_DRAFT);
    setOfferedDraft(undefined);
  };

  const { confirmLeave, dialog: leaveDialog } = useLeaveGuard(
    isDirty && !saving,
    discardDraft,
    onCancel,
  );
  const cancel = () => confirmLeave(onCancel);
  useShortcuts({ save: submit, cancel });

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl font-bold tracking-tight">
            {mode === 'create' ? 'New Wildlife Log' : 'Edit Log'}
          </h1>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {/* changing the form instead of restoring declines the offer */}
        {offeredDraft && !isDirty && (
          <OfferNotice
            icon={History}
            acceptLabel="Restore"
            dismissLabel="Discard the unsaved sighting"
            onAccept={() => restoreDraft(offeredDraft.value)}
            onDismiss={discardDraft}
          >
            Restore your unsaved sighting?{' '}
            <span className="text-muted-foreground">
              {offeredDraft.value.values.speciesCommon || 'No species yet'} ·{' '}
              {formatSavedAt(offeredDraft.savedAt)}
            </span>
          </OfferNotice>
        )}
        <Form {...form}>
          <form
            className="grid grid-cols-1 gap-5"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <div className="grid grid-cols-1 items-start gap-5 sm:grid-cols-2">
              <SpeciesField form={form} own={species} taxon={taxon} onTaxonChange={chooseTaxon} />
              <ComboboxField
                control={form.control}
                name="speciesScientific"
                label="Scientific Name"
                options={scientificNames}
                onPick={(value) => {
                  // another scientific name is another species: the server matches it again
                  if (taxon && value.toLowerCase() !== taxon.scientificName.toLowerCase()) {
                    chooseTaxon(null);
                  }
                }}
              />
              <CountField form={form} />
              <ObservedTimeField form={form} />
            </div>
            {/* beside Date & Time, which it would change (issue 23) */}
            {takenAt && (
              <PhotoTimeOffer
                takenAt={takenAt.local}
                zoneName={
                  takenInstant && differsFromViewer(takenInstant, takenAt.zone)
                    ? zoneAbbreviation(takenInstant, takenAt.zone)
                    : undefined
                }
                onAccept={() => {
                  const options = { shouldDirty: true, shouldValidate: true };
                  form.setValue('observedAt', takenAt.local, options);
                  form.setValue('timeZone', takenAt.zone, options);
                  form.setValue('timeKnown', true, options); // a photo knows its time
                  setTakenAt(undefined);
                }}
                onDismiss={() => setTakenAt(undefined)}
              />
            )}
            <ComboboxField
              control={form.control}
              name="placeName"
              label="Location"
              options={locations}
            />
            <LocationFields form={form} />
            {zoneOffer.offer && (
              <PlaceZoneOffer
                zone={zoneOffer.offer}
                instant={formInstant(observedAt, zoneOffer.offer)}
                onAccept={zoneOffer.accept}
                onDecline={zoneOffer.decline}
              />
            )}
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Description</FormLabel>
                  <FormControl>
                    <Textarea
                      rows={3}
                      placeholder="Describe what you saw, the weather, the habitat..."
                      {...field}
                      value={field.value ?? ''}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="notes"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Notes</FormLabel>
                  <FormControl>
                    <Textarea rows={4} {...field} value={field.value ?? ''} />
                  </FormControl>
                  {/* one rule for notes on every public surface (issue 34) */}
                  <FormDescription>
                    Shown with the log wherever it is public: its shared page and exports for
                    publishing.
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <RecordFields form={form} />
            {!online && (
              <p className="text-sm text-muted-foreground" role="status">
                Photos need a connection: you can save this log offline and add photos later.
              </p>
            )}
            <PhotoLinksField
              links={photoLinks}
              onLinksChange={(links) => form.setValue('photoLinks', links)}
              pending={pendingLink}
              onPendingChange={setPendingLink}
            />
            <UploadedPhotosField
              paths={uploadedPhotos}
              disabled={!online}
              onUploaded={addUploadedPhoto}
              onRemove={(path) =>
                form.setValue(
                  'uploadedPhotoUrls',
                  uploadedPhotos.filter((other) => other !== path),
                  { shouldDirty: true },
                )
              }
            />
            <FormField
              control={form.control}
              name="isPublic"
              render={({ field }) => (
                <FormItem className="flex items-center justify-between gap-4 rounded-lg border p-4">
                  <div className="grid gap-1">
                    <FormLabel>Public</FormLabel>
                    <p className="text-sm text-muted-foreground">
                      {field.value
                        ? 'Anyone with the link can see this log'
                        : 'Only you can see this log'}
                    </p>
                  </div>
                  <FormControl>
                    <Switch checked={field.value} onCheckedChange={field.onChange} />
                  </FormControl>
                </FormItem>
              )}
            />
            <SaveBar>
              <Button type="button" variant="outline" disabled={saving} onClick={cancel}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving}>
                {saving && <Spinner aria-hidden="true" />}
                {mode === 'create' ? (
                  <>
                    <span className="hidden sm:inline">Create Log</span>
                    <span className="sm:hidden">Create</span>
                  </>
                ) : (
                  'Update Log'
                )}
              </Button>
            </SaveBar>
          </form>
        </Form>
        {leaveDialog}
      </CardContent>
    </Card>
  );
}
