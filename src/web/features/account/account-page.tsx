import type { ReactNode } from 'react';
import { Archive } from 'lucide-react';
import { toast } from 'sonner';
import type { Account } from '../../../common/account/schemas';
import {
  DATA_LICENSE_INFO,
  OFFERED_DATA_LICENSES,
  type DataLicense,
} from '../../../common/data-exchange/licenses';
import { PageMain } from '@/components/page-main';
import { QueryErrorAlert } from '@/components/query-error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-message';
import { DeleteAccountDialog } from './delete-account-dialog';
import { LocationPrivacyChoice } from './location-privacy-choice';
import { PasswordForm } from './password-form';
import { PhotoPositionsCheck } from './photo-positions-check';
import { ProfileForm } from './profile-form';
import { RadioCard } from './radio-card';
import { SessionsList } from './sessions-list';
import { StationTokens } from './station-tokens';
import { TrustedViewers } from './trusted-viewers';
import { formatStorage, usedPercent } from '@/lib/storage-format';
import { useAccount, useUpdateAccount } from './use-account';
import { useDocumentTitle } from '@/lib/use-document-title';

function Section({
  title,
  description,
  children,
  id,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  id: string;
}) {
  return (
    <Card aria-labelledby={id} role="region">
      <CardHeader>
        <CardTitle id={id} className="text-lg">
          <h2>{title}</h2>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * The account page (/account): profile, password, sessions, station tokens, licence, location
 * privacy and trusted viewers, storage, the check of photo positions, archive, deletion.
 */
export function AccountPage() {
  useDocumentTitle('Account');
  const account = useAccount();
  return (
    <PageMain className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Account</h1>
        <p className="text-muted-foreground">Your profile, sign-ins and data</p>
      </div>
      {account.isPending ? (
        <div className="grid gap-6" aria-busy="true">
          <Skeleton className="h-64" />
          <Skeleton className="h-40" />
        </div>
      ) : account.isError ? (
        <QueryErrorAlert error={account.error} onRetry={() => void account.refetch()} />
      ) : (
        <AccountSections account={account.data} />
      )}
    </PageMain>
  );
}

function AccountSections({ account }: { account: Account }) {
  return (
    <>
      <Section id="account-profile" title="Profile">
        {/* a new form when the saved account changes: its defaults are the saved values */}
        <ProfileForm key={`${account.email}`} account={account} />
      </Section>
      {account.hasPassword && (
        <Section
          id="account-password"
          title="Password"
          description="Changing it signs you out everywhere else."
        >
          <PasswordForm />
        </Section>
      )}
      <Section
        id="account-sessions"
        title="Sessions"
        description="Where your account is signed in now."
      >
        <SessionsList />
      </Section>
      <Section
        id="account-tokens"
        title="Station tokens"
        description="A recording station (BirdNET-Pi, BirdNET-Go) posts its detections with a token instead of signing in. A token can import detections and nothing else."
      >
        <StationTokens />
      </Section>
      <Section
        id="account-license"
        title="Data licence"
        description="How others may use the sightings you publish (the Darwin Core Archive for GBIF)."
      >
        <LicenseChoice license={account.dataLicense} />
      </Section>
      <Section
        id="account-location-privacy"
        title="Location privacy"
        description="What others see of where your logs and outings are; each one can also set its own."
      >
        <LocationPrivacyChoice account={account} />
      </Section>
      <Section
        id="account-trusted-viewers"
        title="Trusted viewers"
        description="They see the exact place of your obscured logs and outings when signed in. Private places stay hidden from everyone."
      >
        <TrustedViewers />
      </Section>
      <Section id="account-storage" title="Storage" description="Your uploaded photos.">
        <StorageBar {...account.storage} />
      </Section>
      <Section
        id="account-photo-positions"
        title="Photo positions"
        description="Sightbook once saved a photo's GPS position without its hemisphere: a place west of Greenwich or south of the equator ended up on the other side of the world, with the time zone there. The check compares your logs with their uploaded photos."
      >
        <PhotoPositionsCheck />
      </Section>
      <Section
        id="account-archive"
        title="Your data"
        description="Everything in one zip file: your sightings as CSV, a Darwin Core Archive, every photo you uploaded, and your profile. Sightbook can import it again, here or on another server."
      >
        <Button variant="outline" asChild>
          <a href="/api/account/archive.zip" download>
            <Archive />
            Download archive
          </a>
        </Button>
      </Section>
      <Section
        id="account-delete"
        title="Delete account"
        description="Deletes your account with all your logs and photos. This cannot be undone."
      >
        <DeleteAccountDialog account={account} />
      </Section>
    </>
  );
}

function LicenseChoice({ license }: { license: DataLicense }) {
  const update = useUpdateAccount();
  const choose = (dataLicense: DataLicense) =>
    update.mutate(
      { dataLicense },
      {
        onSuccess: () => toast.success(`Licence set to ${DATA_LICENSE_INFO[dataLicense].title}`),
        onError: (error) => toast.error(errorMessage(error, 'The licence could not be saved')),
      },
    );
  const shown =
    update.isPending && update.variables.dataLicense ? update.variables.dataLicense : license;
  return (
    <fieldset className="grid gap-2" disabled={update.isPending}>
      <legend className="sr-only">Data licence</legend>
      {OFFERED_DATA_LICENSES.map((value) => (
        <RadioCard
          key={value}
          name="account-license"
          checked={shown === value}
          onChange={() => choose(value)}
          title={DATA_LICENSE_INFO[value].title}
        >
          {DATA_LICENSE_INFO[value].text}
        </RadioCard>
      ))}
    </fieldset>
  );
}

function StorageBar({ usedBytes, quotaBytes }: { usedBytes: number; quotaBytes: number }) {
  const percent = usedPercent(usedBytes, quotaBytes);
  const text = `${formatStorage(usedBytes)} of ${formatStorage(quotaBytes)} used`;
  const shown = usedBytes > 0 ? Math.max(percent, 1) : 0; // a few photos still show on the bar
  return (
    <div className="grid gap-2">
      <div
        role="meter"
        aria-label="Storage used"
        aria-valuemin={0}
        aria-valuemax={quotaBytes}
        aria-valuenow={Math.min(usedBytes, quotaBytes)}
        aria-valuetext={text}
        className="h-3 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={percent >= 90 ? 'h-full bg-destructive' : 'h-full bg-primary'}
          style={{ width: `${shown}%` }}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        {text} ({percent}%)
      </p>
    </div>
  );
}
