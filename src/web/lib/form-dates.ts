// The form's Date & Time is a `datetime-local` value (local time to the minute, no offset);
// the API gets it with the browser's offset (ARCHITECTURE "Logs").

const pad = (value: number) => String(value).padStart(2, '0');

/** A Date as a `datetime-local` value in the browser's time zone, cut to minutes. */
export function toLocalInput(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}

/** SPEC §9: the default observed time is now, cut to minutes. */
export const localNowToTheMinute = () => toLocalInput(new Date());

/** '2026-05-01T06:30' → '2026-05-01T06:30:00+02:00', with the offset that applies then. */
export function withLocalOffset(local: string): string {
  const date = new Date(local); // no offset: read as local time
  if (Number.isNaN(date.getTime())) return local;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${toLocalInput(date)}:00${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
