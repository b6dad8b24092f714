const FALLBACK = 'Sightbook';

/** The server writes APP_NAME into this meta tag when it serves index.html (ARCHITECTURE "Configuration"). */
export function readProductName(doc: Pick<Document, 'querySelector'>): string {
  const content = doc.querySelector('meta[name="application-name"]')?.getAttribute('content');
  return content?.trim() || FALLBACK;
}

export const productName = readProductName(document);
