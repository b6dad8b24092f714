import { Fragment, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  type LogRecording,
  type LogWriteInput,
  type LogWritePayload,
} from '../../../../common/logs/schemas';
import type { Taxon } from '../../../../common/taxonomy';
import { ComboboxField } from '@/components/combobox-field';
import { SaveBar } from '@/components/save-bar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import type { ShownPlace } from '@/components/location-privacy/location-shown';
import { Spinner } from '@/components/ui/spinner';
import { LocationFields } from '@/components/map/location-fields';
import { useShortcuts } from '@/lib/keyboard-shortcuts';
import { useMediaQuery } from '@/lib/use-media-query';
import { useOnline } from '@/lib/use-online';
import { ObservedTimeField } from './observed-time-field';
import { isPhotoLink, PhotoLinksField } from './photo-links-field';
import { usePhotoPrefill } from './photo-prefill';
import { PhotosStep } from './photos-step';
import { PrivacyField } from './privacy-field';
import { formInstant, PlaceZoneOffer, usePlaceZoneOffer } from './place-zone';
import { CountField } from './count-field';
import { logFormResolver } from './count-resolver';
import { useFormDraft } from './form-draft';
import { useLeaveGuard } from './leave-guard';
import { RecordFields } from './record-fields';
import { RecordingsField } from './recordings-field';
import { SpeciesField } from './species-field';
import { UnusualNotice } from './unusual-notice';
import { PublicField, TextFields } from './text-fields';
import { useLocations, useSpecies } from '../api/use-suggestions';

interface LogFormProps {
  mode: 'create' | 'edit';
  /** observedAt is a `datetime-local` value here */
  defaultValues: LogWriteInput;
  /** The taxon the log is linked to (an edit), shown under its names. */
  taxon?: Taxon | null;
  /** How the saved log's place shows to others (an edit): a rule or its outing may decide. */
  shown?: ShownPlace;
  /** The log's sound recordings (an edit), which its payload names by object path only. */
  recordings?: LogRecording[];
  saving: boolean;
  onSave: (values: LogWritePayload) => void;
  onCancel: () => void;
  /** The new log's form keeps a draft on the device, under this user's name (issue 23). */
  draftOf?: string;
}

/** A phone: Tailwind's `sm` and below, where the tab bar shows (index.css). */
const PHONE = '(width < 40rem)';

/** The create and edit form (SPEC §2), validated with the API's own schema. */
export function LogForm({
  mode,
  defaultValues,
  taxon: linkedTaxon = null,
  shown,
  recordings,
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
  const zoneOffer = usePlaceZoneOffer(form);
  const { addUploadedPhoto, timeOffer } = usePhotoPrefill(form, mode);
  const observedAt = useWatch({ control: form.control, name: 'observedAt' });
  const online = useOnline(); // offline saves are queued; photo uploads are not
  const [recordingBusy, setRecordingBusy] = useState(false);

  const submit = () => {
    if (saving || recordingBusy) return; // a recording still being made or sent would be lost
    // SPEC §4: a pending valid link is added on submit; an invalid one is silently dropped
    const link = pendingLink.trim();
    if (link && isPhotoLink(link) && !photoLinks.includes(link)) {
      form.setValue('photoLinks', [...photoLinks, link]);
    }
    setPendingLink('');
    void form.handleSubmit(onSave)();
  };
  const draft = useFormDraft(form, draftOf, taxon, setTaxon);
  // on a phone, a new log can begin with its photos: their time and place fill the form (issue 34)
  const photosFirst = useMediaQuery(PHONE) && mode === 'create';
  const photos = (
    <PhotosStep
      key="photos"
      paths={uploadedPhotos}
      online={online}
      first={photosFirst}
      onUploaded={addUploadedPhoto}
      onRemove={(path) =>
        form.setValue(
          'uploadedPhotoUrls',
          uploadedPhotos.filter((other) => other !== path),
          { shouldDirty: true },
        )
      }
    />
  );

  const sounds = (
    <RecordingsField
      key="recordings"
      form={form}
      existing={recordings}
      online={online}
      onBusyChange={setRecordingBusy}
    />
  );

  const fields = (
    <Fragment key="fields">
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
      {timeOffer}
      <ComboboxField control={form.control} name="placeName" label="Location" options={locations} />
      <LocationFields form={form} />
      {zoneOffer.offer && (
        <PlaceZoneOffer
          zone={zoneOffer.offer}
          instant={formInstant(observedAt, zoneOffer.offer)}
          onAccept={zoneOffer.accept}
          onDecline={zoneOffer.decline}
        />
      )}
      <PrivacyField form={form} shown={shown} />
      <TextFields form={form} />
      <RecordFields form={form} />
      <PhotoLinksField
        links={photoLinks}
        onLinksChange={(links) => form.setValue('photoLinks', links)}
        pending={pendingLink}
        onPendingChange={setPendingLink}
      />
    </Fragment>
  );

  const { confirmLeave, dialog: leaveDialog } = useLeaveGuard(
    isDirty && !saving,
    draft.discard,
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
        {draft.notice}
        <Form {...form}>
          <form
            className="grid grid-cols-1 gap-5"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            {/* keyed: turning the phone moves the photos, and uploads under way go on */}
            {photosFirst ? [photos, fields, sounds] : [fields, photos, sounds]}
            <PublicField form={form} />
            <UnusualNotice form={form} />
            <SaveBar>
              <Button type="button" variant="outline" disabled={saving} onClick={cancel}>
                Cancel
              </Button>
              <Button type="submit" disabled={saving || recordingBusy}>
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
