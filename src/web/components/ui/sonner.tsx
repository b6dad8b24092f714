import {
  CircleCheckIcon,
  InfoIcon,
  Loader2Icon,
  OctagonXIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { Toaster as Sonner, type ToasterProps } from 'sonner';

// shadcn's version reads next-themes; here the caller passes `theme` (app/providers.tsx).
// Rich colours for errors only (SPEC §8: error toasts are destructive); the others keep the
// popover's colours, so an error never looks like a success.
const Toaster = ({ ...props }: ToasterProps) => {
  return (
    <Sonner
      richColors
      className="toaster group"
      icons={{
        success: <CircleCheckIcon className="size-4" />,
        info: <InfoIcon className="size-4" />,
        warning: <TriangleAlertIcon className="size-4" />,
        error: <OctagonXIcon className="size-4" />,
        loading: <Loader2Icon className="size-4 animate-spin" />,
      }}
      style={
        {
          '--normal-bg': 'var(--popover)',
          '--normal-text': 'var(--popover-foreground)',
          '--normal-border': 'var(--border)',
          '--border-radius': 'var(--radius)',
          '--error-bg': 'var(--toast-error-bg)',
          '--error-text': 'var(--toast-error-text)',
          '--error-border': 'var(--toast-error-bg)',
          ...Object.fromEntries(
            ['success', 'info', 'warning'].flatMap((type) => [
              [`--${type}-bg`, 'var(--popover)'],
              [`--${type}-text`, 'var(--popover-foreground)'],
              [`--${type}-border`, 'var(--border)'],
            ]),
          ),
        } as React.CSSProperties
      }
      {...props}
    />
  );
};

export { Toaster };
