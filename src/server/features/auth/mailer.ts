import type { MailSettings } from '../../config.js';

// Outgoing mail through SMTP_URL (nodemailer). The URL holds the SMTP credentials: it is given
// to nodemailer only, never logged, and failures are logged by their kind and code alone.

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export type SendMail = (mail: Mail) => Promise<void>;

export function createMailer(settings: MailSettings): SendMail {
  // loaded with the first mail, not at every start (issue 38, P5)
  let transport: Promise<{ sendMail(message: object): Promise<unknown> }> | undefined;
  return async (mail) => {
    transport ??= import('nodemailer').then(
      ({ default: nodemailer }) => nodemailer.createTransport(settings.url),
      (error: unknown) => {
        transport = undefined; // the next mail tries again
        throw error;
      },
    );
    await (await transport).sendMail({ from: settings.from, ...mail });
  };
}

/** What may be logged of a failed send: no server reply (it may echo the address), no URL. */
export function mailErrorSummary(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error';
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return [error.name, typeof code === 'string' ? code : '', responseCode ?? '']
    .filter(Boolean)
    .join(' ');
}
