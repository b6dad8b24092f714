import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { Account } from '../../../common/account/schemas';
import {
  locationPrivacyLevels,
  obscuredPlaceChoices,
  type LocationPrivacy,
  type ObscuredPlace,
} from '../../../common/location-privacy';
import { Label } from '@/components/ui/label';
import { NativeSelect, NativeSelectOption } from '@/components/ui/native-select';
import { errorMessage } from '@/lib/error-message';
import { RadioCard } from './radio-card';
import { useUpdateAccount } from './use-account';

// The account's location privacy (issue 35): the level new logs and outings take, and what an
// obscured place's name shows to others.

const levels: Record<LocationPrivacy, { title: string; hint: string }> = {
  open: { title: 'Open', hint: 'Others see the place, rounded to about 1 km.' },
  obscured: { title: 'Obscured', hint: 'Others see only a point in the 22 km square around it.' },
  private: { title: 'Private', hint: 'No one else sees the place or its name.' },
};

const places: Record<ObscuredPlace, { title: string; done: string }> = {
  region: {
    title: 'Their region (e.g. Ontario, Canada)',
    done: 'Obscured places show their region',
  },
  hide: { title: 'No place name', done: 'Obscured places show no place name' },
};

export function LocationPrivacyChoice({ account }: { account: Account }) {
  return (
    <div className="grid gap-6">
      <DefaultLevel level={account.locationPrivacy} />
      <ObscuredPlaceChoice place={account.obscuredPlace} />
      {account.reviewer && (
        <p className="flex items-start gap-2 rounded-md bg-muted p-3 text-sm">
          <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          An admin made you a reviewer: you see the exact place of obscured logs.
        </p>
      )}
    </div>
  );
}

type Choice = 'locationPrivacy' | 'obscuredPlace';

/**
 * Saves one choice of the account at once; the new one shows while it is saved. The control stays
 * enabled: disabling it would drop the keyboard's focus.
 */
function useChoice<K extends Choice>(
  field: K,
  saved: Account[K],
  done: (value: Account[K]) => string,
) {
  const update = useUpdateAccount();
  const [chosen, setChosen] = useState<Account[K]>();
  const choose = (value: Account[K]) => {
    setChosen(value);
    update.mutate({ [field]: value } as Pick<Account, K>, {
      onSuccess: () => toast.success(done(value)),
      onError: (error) => toast.error(errorMessage(error, 'Your choice could not be saved')),
      // a later choice still being saved keeps showing
      onSettled: () => setChosen((latest) => (latest === value ? undefined : latest)),
    });
  };
  return { shown: chosen ?? saved, choose };
}

function DefaultLevel({ level }: { level: LocationPrivacy }) {
  const { shown, choose } = useChoice(
    'locationPrivacy',
    level,
    (value) => `New logs and outings are ${levels[value].title}`,
  );
  return (
    <div className="grid gap-2">
      <Label htmlFor="account-default-privacy">Default for new logs and outings</Label>
      <NativeSelect
        id="account-default-privacy"
        className="sm:max-w-60"
        value={shown}
        aria-describedby="account-default-privacy-hint"
        onChange={(event) => choose(event.target.value as LocationPrivacy)}
      >
        {locationPrivacyLevels.map((value) => (
          <NativeSelectOption key={value} value={value}>
            {levels[value].title}
          </NativeSelectOption>
        ))}
      </NativeSelect>
      <p id="account-default-privacy-hint" className="text-sm text-muted-foreground">
        {levels[shown].hint}
      </p>
    </div>
  );
}

function ObscuredPlaceChoice({ place }: { place: ObscuredPlace }) {
  const { shown, choose } = useChoice('obscuredPlace', place, (value) => places[value].done);
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">Obscured places show</legend>
      {obscuredPlaceChoices.map((value) => (
        <RadioCard
          key={value}
          name="account-obscured-place"
          checked={shown === value}
          onChange={() => choose(value)}
          title={places[value].title}
        />
      ))}
    </fieldset>
  );
}
