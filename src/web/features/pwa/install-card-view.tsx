import { Download, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { IconTooltip } from '@/components/ui/tooltip';
import { productName } from '@/lib/product-name';

/** The install card itself, loaded once it shows (install-card.tsx): Install, Not now, close. */
export function InstallCardView({
  onInstall,
  onClose,
}: {
  onInstall: () => void;
  onClose: () => void;
}) {
  return (
    <Card
      role="region"
      aria-label="Install app"
      className="fixed right-4 bottom-[calc(var(--tab-bar-h)+1rem)] left-4 z-50 gap-3 shadow-lg sm:left-auto sm:w-96"
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
            onClick={onClose}
          >
            <X />
          </Button>
        </IconTooltip>
      </CardHeader>
      <CardContent className="flex justify-end gap-2">
        <Button variant="outline" onClick={onClose}>
          Not now
        </Button>
        <Button onClick={onInstall}>
          <Download />
          Install
        </Button>
      </CardContent>
    </Card>
  );
}
