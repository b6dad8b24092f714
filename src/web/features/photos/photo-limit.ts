/** What the limit guard needs of an Uppy file. */
interface ChosenFile {
  id: string;
  name?: string;
  isGhost?: boolean;
}

/**
 * Uppy's `onBeforeFileAdded` for a dialog holding at most `maxFiles`: files are kept in the order
 * chosen while there is room, and the rest are left out, not the whole choice refused as Uppy's
 * `maxNumberOfFiles` does. The names left out in one choice are handed to `onLeftOut` together,
 * once Uppy has gone through the whole choice. A file already in the dialog is refused, so Uppy
 * says it is a duplicate (its own default).
 */
export function limitGuard(maxFiles: number, onLeftOut: (names: string[]) => void) {
  const leftOut: string[] = [];
  return (file: ChosenFile, files: Record<string, ChosenFile>): boolean => {
    if (Object.hasOwn(files, file.id)) return false;
    const held = Object.values(files).filter((held) => !held.isGhost).length;
    if (held < maxFiles) return true;
    // Uppy checks a whole choice synchronously, one file after another
    if (leftOut.push(file.name ?? 'A file') === 1)
      queueMicrotask(() => onLeftOut(leftOut.splice(0)));
    return false;
  };
}

const NAMED = 3; // more names than this are counted instead

/** 'IMG_0006.jpg was left out: at most 5 photos can be uploaded at a time.' */
export function leftOutMessage(names: string[], maxFiles: number) {
  const shown =
    names.length > NAMED
      ? [...names.slice(0, NAMED - 1), `${names.length - NAMED + 1} more`]
      : names;
  const list = new Intl.ListFormat('en', { type: 'conjunction' }).format(shown);
  const verb = names.length === 1 ? 'was' : 'were';
  return `${list} ${verb} left out: at most ${maxFiles} photos can be uploaded at a time.`;
}
