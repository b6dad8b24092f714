import type { Log } from '../../../common/logs/schemas';
import { sharedLogPath } from '../../../common/routes';

type ShareableLog = Pick<Log, 'id' | 'speciesCommon' | 'count' | 'placeName' | 'photos'>;

/** SPEC §4's words, without a number for an X (present, not counted) or a 0 (evidence only). */
const shareText = ({ count, speciesCommon }: ShareableLog) =>
  count === null
    ? `Check out the ${speciesCommon} I spotted`
    : count === 0
      ? `Check out the signs of ${speciesCommon} I found`
      : `Check out the ${count} ${speciesCommon} I spotted`;

/** What the device share sheet gets (SPEC §4 "Share"). */
export function shareData(log: ShareableLog, origin: string): ShareData {
  const place = log.placeName ? ` at ${log.placeName}` : '';
  const uploaded = log.photos.filter((photo) => photo.sourceType === 'uploaded').length;
  const photos = uploaded > 0 ? ` I took ${uploaded} photo${uploaded === 1 ? '' : 's'}!` : '';
  return {
    title: `${log.speciesCommon} sighting`,
    text: `${shareText(log)}${place}!${photos}`,
    url: `${origin}${sharedLogPath(log.id)}`,
  };
}

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** The share sheet when the device has one, else the link goes to the clipboard. */
export async function shareLink(data: ShareData): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return 'shared';
    } catch (error) {
      if (isAbort(error)) return 'cancelled'; // the person closed the sheet: nothing to say
      // the sheet refused (no user gesture, unsupported data): fall back to copying
    }
  }
  try {
    await navigator.clipboard.writeText(data.url ?? '');
    return 'copied';
  } catch {
    return 'failed';
  }
}

/** A log's share link, through the share sheet or the clipboard (SPEC §4 "Share"). */
export const shareLog = (log: ShareableLog) => shareLink(shareData(log, window.location.origin));
