import { Download, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { IconTooltip } from '@/components/ui/tooltip';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { productName } from '@/lib/product-name';

/** Chromium's install offer; not in TypeScript's DOM types. */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/**
 * SPEC §4 "Install prompt": shows when the browser offers installation. Install opens the
 * browser's prompt and the card goes once it is accepted; 'Not now' and close hide it.
 */
export function InstallCard() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    const onOffer = (event: Event) => {
      event.preventDefault(); // the card asks instead of the browser's mini-infobar
      setOffer(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setOffer(null);
    window.addEventListener('beforeinstallprompt', onOffer);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onOffer);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!offer) return null;

  const install = async () => {
    await offer.prompt();
    const { outcome } = await offer.userChoice;
    if (outcome === 'accepted') setOffer(null);
  };

  return (
    <Card
      role="region"
      aria-label="Install app"
      className="fixed right-4 bottom-4 left-4 z-50 gap-3 shadow-lg sm:left-auto sm:w-96"
    >
      <CardHeader className="relative pr-12">
        <CardTitle>Install {productName}</CardTitle>
        <CardDescription>
          Add it to your home screen for quick access, even offline.
        </CardDescription>
        <IconTooltip label="Close">
          <Button
            variant="ghost"
            size="icon-sm"
            className="absolute top-0 right-4"
            aria-label="Close"
            onClick={() => setOffer(null)}
          >
            <X />
          </Button>
        </IconTooltip>
      </CardHeader>
      <CardContent className="flex justify-end gap-2">
        <Button variant="outline" onClick={() => setOffer(null)}>
          Not now
        </Button>
        <Button onClick={() => void install()}>
          <Download />
          Install
        </Button>
      </CardContent>
    </Card>
  );
}
