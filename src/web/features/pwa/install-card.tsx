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

/** Whether the person has used the page yet: a tap, a click, a key or a scroll. */
function useHasInteracted() {
  const [interacted, setInteracted] = useState(false);
  useEffect(() => {
    if (interacted) return;
    const types = ['pointerdown', 'keydown', 'scroll'] as const;
    const onInput = () => setInteracted(true);
    for (const type of types) addEventListener(type, onInput, { passive: true, capture: true });
    return () => {
      for (const type of types) removeEventListener(type, onInput, { capture: true });
    };
  }, [interacted]);
  return interacted;
}

/**
 * SPEC §4 "Install prompt": shows when the browser offers installation. Install opens the
 * browser's prompt and the card goes once it is accepted; 'Not now' and close hide it.
 * Issue 23: the offer comes seconds after the page is drawn (once the worker is in), and a card
 * popping over the page then was its largest paint, 2 s after the list: the card waits for the
 * person's first tap, click, key or scroll, and then shows at once.
 */
export function InstallCard() {
  const [offer, setOffer] = useState<BeforeInstallPromptEvent | null>(null);
  const interacted = useHasInteracted();

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

  if (!offer || !interacted) return null;

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
