import { EyeOff, MoreHorizontal, Pencil, Share2, SquareDashed, Trash2 } from 'lucide-react';
import { Link } from 'wouter';
import { locationShownText } from '../../../../common/location-privacy';
import type { Log, LogPhoto } from '../../../../common/logs/schemas';
import { photoSrcSet, thumbnailUrl } from '../../../../common/photos';
import { editLogPath } from '../../../../common/routes';
import { privacyLabels } from '@/components/location-privacy/privacy-fields';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { IconTooltip } from '@/components/ui/tooltip';
import { cn } from '@/lib/cn';
import { shortCount } from '@/lib/log-count';

// What a log's card (tablets, desktops) and its row (phones) have alike in the list.

export interface LogItemProps {
  log: Log;
  onShare: (log: Log) => void;
  onDelete: (log: Log) => void;
}

/**
 * The menu: Edit, Share and Delete (SPEC §2). Placed by `className` beside the item's link,
 * not inside it: a button in a link is invalid and would navigate.
 */
export function LogItemMenu({
  log,
  onShare,
  onDelete,
  className,
}: LogItemProps & { className: string }) {
  return (
    <div className={className}>
      {/* not modal: the delete dialog opened from it would otherwise inherit a locked page */}
      <DropdownMenu modal={false}>
        <IconTooltip label={`Actions for ${log.speciesCommon}`}>
          <DropdownMenuTrigger asChild>
            <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${log.speciesCommon}`}>
              <MoreHorizontal />
            </Button>
          </DropdownMenuTrigger>
        </IconTooltip>
        <DropdownMenuContent align="end">
          <DropdownMenuItem asChild>
            <Link href={editLogPath(log.id)}>
              <Pencil />
              Edit
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => onShare(log)}>
            <Share2 />
            Share
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem variant="destructive" onSelect={() => onDelete(log)}>
            <Trash2 />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

/** The count badge: the number, `X` or `0 · evidence only`, with what it means. */
export function CountBadge({ count, className }: { count: Log['count']; className?: string }) {
  const { text, title, label } = shortCount(count);
  return (
    <Badge
      variant="secondary"
      className={className}
      aria-label={label}
      title={title}
      data-testid="log-card-count"
    >
      {text}
    </Badge>
  );
}

/**
 * How the log's place shows to others when it is not open (issue 35): 'Obscured' or 'Private',
 * read as why ('Location obscured: sensitive species').
 */
export function LocationBadge({ log, className }: { log: Log; className?: string }) {
  const text = locationShownText(log.locationShown, log.locationEmbargoUntil);
  if (!text || log.locationShown.level === 'open') return null;
  const Icon = log.locationShown.level === 'private' ? EyeOff : SquareDashed;
  return (
    <Badge variant="outline" className={className} title={text} data-testid="location-badge">
      <Icon aria-hidden="true" />
      <span aria-hidden="true">{privacyLabels[log.locationShown.level]}</span>
      <span className="sr-only">{text}</span>
    </Badge>
  );
}

/** The log's cover: its first uploaded photo. */
export const coverOf = (log: Log) => log.photos.find((photo) => photo.sourceType === 'uploaded');

/** The cover small, beside a phone's row: the thumbnail is plenty. */
export function CoverThumbnail({ photo, className }: { photo: LogPhoto; className: string }) {
  return (
    <img
      src={thumbnailUrl(photo.url)}
      alt=""
      loading="lazy"
      className={cn('shrink-0 rounded-md border object-cover', className)}
      data-testid="log-card-cover"
    />
  );
}

/**
 * The cover across the top of a card (issue 34): a 16:9 box every card of a row shares, so a
 * row of cards with photos is even. `sizes` follows the grid's columns (grouped-logs.tsx), so a
 * desktop at 1x takes the thumbnail and a sharper screen the preview.
 */
export function CoverImage({ photo }: { photo: LogPhoto }) {
  return (
    <img
      src={thumbnailUrl(photo.url)}
      srcSet={photoSrcSet(photo.url)}
      sizes="(min-width: 64rem) 23rem, (min-width: 40rem) 50vw, 100vw"
      alt=""
      loading="lazy"
      className="aspect-video w-full border-b bg-muted object-cover"
      data-testid="log-card-cover"
    />
  );
}

export const photoCount = (count: number) => `${count} photo${count === 1 ? '' : 's'}`;
