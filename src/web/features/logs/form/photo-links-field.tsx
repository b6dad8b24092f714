import { ExternalLink, Plus, X } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { logWriteSchema } from '../../../../common/logs/schemas';
import { Button } from '@/components/ui/button';
import { IconTooltip } from '@/components/ui/tooltip';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

const photoLinkSchema = logWriteSchema.shape.photoLinks.unwrap().element;

/** A link the form accepts: what the API accepts (http or https URL). */
export const isPhotoLink = (text: string) => photoLinkSchema.safeParse(text.trim()).success;

interface PhotoLinksFieldProps {
  links: string[];
  onLinksChange: (links: string[]) => void;
  pending: string;
  onPendingChange: (text: string) => void;
}

/** External Photo Links: type a URL, add it with the button or Enter (SPEC §2). */
export function PhotoLinksField({
  links,
  onLinksChange,
  pending,
  onPendingChange,
}: PhotoLinksFieldProps) {
  const id = useId();
  const add = () => {
    const link = pending.trim();
    if (!link) return;
    if (!isPhotoLink(link)) {
      toast.error('Invalid URL', { description: 'Please enter a valid URL' });
      return;
    }
    if (!links.includes(link)) onLinksChange([...links, link]);
    onPendingChange('');
  };

  return (
    <div className="grid grid-cols-1 gap-2">
      <Label htmlFor={id}>External Photo Links</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="url"
          inputMode="url"
          placeholder="https://..."
          value={pending}
          onChange={(event) => onPendingChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault(); // adds the link instead of submitting the form
              add();
            }
          }}
        />
        <IconTooltip label="Add photo link">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Add photo link"
            onClick={add}
          >
            <Plus />
          </Button>
        </IconTooltip>
      </div>
      {links.length > 0 && (
        <ul className="grid grid-cols-1 gap-1" aria-label="Photo links">
          {links.map((link) => (
            <li
              key={link}
              className="flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm"
            >
              <ExternalLink className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate" title={link}>
                {link}
              </span>
              <IconTooltip label={`Remove ${link}`}>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon-xs"
                  aria-label={`Remove ${link}`}
                  onClick={() => onLinksChange(links.filter((other) => other !== link))}
                >
                  <X />
                </Button>
              </IconTooltip>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
