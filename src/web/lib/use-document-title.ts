import { useEffect } from 'react';
import { productName } from './product-name';

/**
 * The screen's own document title, '{title} - Sightbook' (tabs, history, bookmarks and screen
 * readers tell screens apart by it); the product name alone again when the screen goes. Nothing
 * while `title` is undefined (a log still loading keeps the title it had).
 */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title === undefined) return;
    document.title = `${title} - ${productName}`;
    return () => {
      document.title = productName;
    };
  }, [title]);
}
