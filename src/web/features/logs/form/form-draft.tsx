import { History } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { LogWriteInput, LogWritePayload } from '../../../../common/logs/schemas';
import type { Taxon } from '../../../../common/taxonomy';
import { OfferNotice } from '@/components/offer-notice';
import { deleteFormDraft, readFormDraft, saveFormDraft } from '@/features/offline';

type LogFormApi = UseFormReturn<LogWriteInput, unknown, LogWritePayload>;

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

/**
 * The new log's draft on this device, under its user's name (issue 23): offered back when the
 * form opens, kept while it changes. `notice` is the offer, `discard` forgets the draft.
 */
export function useFormDraft(
  form: LogFormApi,
  draftOf: string | undefined,
  taxon: Taxon | null,
  setTaxon: (taxon: Taxon | null) => void,
) {
  const { isDirty } = form.formState; // read in render: the form state subscribes to it
  const [offered, setOffered] = useState(() =>
    draftOf ? readFormDraft<FormDraft>(draftOf, NEW_LOG_DRAFT) : undefined,
  );
  const values = useWatch({ control: form.control });
  useEffect(() => {
    if (!draftOf || !isDirty) return;
    saveFormDraft<FormDraft>(draftOf, NEW_LOG_DRAFT, { values: form.getValues(), taxon });
  }, [draftOf, isDirty, values, taxon, form]);
  const restore = (draft: FormDraft) => {
    form.reset(draft.values, { keepDefaultValues: true }); // dirty: it differs from a new form
    setTaxon(draft.taxon);
    setOffered(undefined);
  };
  const discard = () => {
    if (draftOf) deleteFormDraft(draftOf, NEW_LOG_DRAFT);
    setOffered(undefined);
  };
  // changing the form instead of restoring declines the offer
  const notice = offered && !isDirty && (
    <OfferNotice
      icon={History}
      acceptLabel="Restore"
      dismissLabel="Discard the unsaved sighting"
      onAccept={() => restore(offered.value)}
      onDismiss={discard}
    >
      Restore your unsaved sighting?{' '}
      <span className="text-muted-foreground">
        {offered.value.values.speciesCommon || 'No species yet'} · {formatSavedAt(offered.savedAt)}
      </span>
    </OfferNotice>
  );
  return { notice, discard };
}
