// Unsaved forms kept on this device (issue 23): a new sighting typed in the field survives a
// closed tab, a reload or a flat battery, and is offered back when the form opens again. Kept
// per user and forgotten at sign-out with the rest of the device's data (device-data.ts).

const PREFIX = 'sightbook-form-draft:';
const keyOf = (userId: string, name: string) => `${PREFIX}${name}:${userId}`;

export interface StoredDraft<T> {
  savedAt: string;
  value: T;
}

/** The draft, if one is kept and readable; storage may be full, off or from another version. */
export function readFormDraft<T>(userId: string, name: string): StoredDraft<T> | undefined {
  try {
    const text = localStorage.getItem(keyOf(userId, name));
    return text ? (JSON.parse(text) as StoredDraft<T>) : undefined;
  } catch {
    return undefined;
  }
}

export function saveFormDraft<T>(userId: string, name: string, value: T) {
  try {
    const draft: StoredDraft<T> = { savedAt: new Date().toISOString(), value };
    localStorage.setItem(keyOf(userId, name), JSON.stringify(draft));
  } catch {
    // full or disabled storage: the form still works, only without its safety copy
  }
}

export function deleteFormDraft(userId: string, name: string) {
  try {
    localStorage.removeItem(keyOf(userId, name));
  } catch {
    // nothing kept, nothing to delete
  }
}

/** Every draft of the user (sign-out, account deletion). */
export function forgetFormDrafts(userId: string) {
  try {
    const mine = Object.keys(localStorage).filter(
      (key) => key.startsWith(PREFIX) && key.endsWith(`:${userId}`),
    );
    mine.forEach((key) => localStorage.removeItem(key));
  } catch {
    // storage unavailable: nothing was kept either
  }
}
