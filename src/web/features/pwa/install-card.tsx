import { Suspense, useEffect, useState } from 'react';
import { lazyComponent } from '@/lib/lazy-component';

// The offer is listened for from the start (the browser makes it once); the card's code and
// its tooltip come when it shows, not with the landing page.
const InstallCardView = lazyComponent(
  () => import('./install-card-view'),
  (m) => m.InstallCardView,
);

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
    <Suspense fallback={null}>
      <InstallCardView onInstall={() => void install()} onClose={() => setOffer(null)} />
    </Suspense>
  );
}
