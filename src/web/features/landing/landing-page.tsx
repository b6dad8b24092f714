import { Binoculars, Camera, MapPin, NotebookPen, Smartphone, TrendingUp } from 'lucide-react';
import { Suspense, useState, type ComponentProps, type ReactNode } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { PageMain } from '@/components/page-main';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { productName } from '@/lib/product-name';
import { useStandalone } from '@/lib/use-standalone';

// The About dialog (and the dialog code under it) only for those who open it.
const AboutDialog = lazyComponent(
  () => import('@/components/about-dialog'),
  (m) => m.AboutDialog,
);

// The landing page's promises (SPEC §1).
const features = [
  {
    icon: NotebookPen,
    title: 'Log Sightings',
    description: 'Record species, counts, location and detailed notes for every sighting.',
  },
  {
    icon: Camera,
    title: 'Photos',
    description:
      'Upload photos from your phone or camera, or attach external photo links from your cloud storage services.',
  },
  {
    icon: TrendingUp,
    title: 'Analyze Trends',
    description: 'See statistics, time-series charts and species richness across your logs.',
  },
  {
    icon: MapPin,
    title: 'Track Locations',
    description: 'Keep GPS coordinates and place names with every sighting.',
  },
];

/**
 * Sign-in starts at /api/login; an installed app signs in in a browser tab (SPEC §2). Get Started
 * opens the page on 'Create Account' (`signup`): a newcomer has no account yet (issue 23).
 */
function SignInLink({
  standalone,
  signup = false,
  children,
  ...props
}: { standalone: boolean; signup?: boolean; children: ReactNode } & ComponentProps<typeof Button>) {
  const params = new URLSearchParams({
    ...(standalone && { pwa: 'true' }),
    ...(signup && { signup: 'true' }),
  });
  const href = params.size ? `/api/login?${params}` : '/api/login';
  return (
    <Button asChild {...props}>
      {standalone ? (
        <a href={href} target="_blank" rel="noopener">
          {children}
        </a>
      ) : (
        <a href={href}>{children}</a>
      )}
    </Button>
  );
}

export function LandingPage() {
  const standalone = useStandalone();
  const year = new Date().getFullYear();
  const [about, setAbout] = useState(false);
  const [aboutOpened, setAboutOpened] = useState(false);

  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between px-4">
          <div className="flex items-center gap-2 text-lg font-semibold">
            <Binoculars className="size-5 text-primary" aria-hidden="true" />
            <span>{productName}</span>
          </div>
          <SignInLink standalone={standalone} size="sm">
            Sign In
          </SignInLink>
        </div>
      </header>

      <PageMain className="flex-1">
        <section className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-16 text-center sm:py-24">
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            Track Wildlife Sightings with Precision
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">
            A field journal for naturalists, researchers and outdoor enthusiasts: log what you see,
            where and when, and watch your observations add up.
          </p>
          {standalone && (
            <Alert className="max-w-xl text-left">
              <Smartphone />
              <AlertTitle>Ready to Sign In</AlertTitle>
              <AlertDescription>
                Tap &quot;Get Started&quot; below to sign in. We&apos;ll open Safari for
                authentication, then you can return here to use the app. Your session will
                automatically be available when you return to this app.
              </AlertDescription>
            </Alert>
          )}
          <SignInLink standalone={standalone} signup size="lg">
            Get Started
          </SignInLink>
        </section>

        <section className="mx-auto max-w-6xl px-4 pb-16" aria-label="Features">
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {features.map(({ icon: Icon, title, description }) => (
              <Card key={title}>
                <CardHeader>
                  <Icon className="mb-2 size-8 text-primary" aria-hidden="true" />
                  <CardTitle>
                    <h2>{title}</h2>
                  </CardTitle>
                  <CardDescription>{description}</CardDescription>
                </CardHeader>
              </Card>
            ))}
          </div>
        </section>
      </PageMain>

      <footer className="border-t">
        <div className="mx-auto max-w-6xl px-4 py-6 text-center text-sm text-muted-foreground">
          © {year} {productName}. Built for wildlife observers.{' '}
          <button
            type="button"
            className="underline-offset-4 hover:underline"
            onClick={() => {
              setAboutOpened(true);
              setAbout(true);
            }}
          >
            About
          </button>
          {/* loaded when first opened, then kept for its closing animation */}
          {aboutOpened && (
            <Suspense fallback={null}>
              <AboutDialog open={about} onOpenChange={setAbout} />
            </Suspense>
          )}
        </div>
      </footer>
    </div>
  );
}
