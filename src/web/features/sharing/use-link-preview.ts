import { useEffect } from 'react';
import { linkPreviewKeys, type LinkPreview } from '../../../common/sharing';
import { productName } from '@/lib/product-name';

// SPEC §2: the shared page sets the title and the share-preview tags, and restores the app's
// own title on leaving. The server already wrote the same tags for crawlers (features/sharing
// on the server), so what the page found on arrival may be this preview: it is not kept.

const selectorOf = (key: string) => `meta[property="${key}"], meta[name="${key}"]`;

function removePreviewTags() {
  for (const key of linkPreviewKeys) {
    document.head.querySelectorAll(selectorOf(key)).forEach((tag) => tag.remove());
  }
}

export function useLinkPreview(preview: LinkPreview | undefined) {
  useEffect(() => {
    if (!preview) return;
    document.title = preview.documentTitle;
    removePreviewTags();
    for (const { attribute, key, content } of preview.tags) {
      const tag = document.createElement('meta');
      tag.setAttribute(attribute, key);
      tag.setAttribute('content', content);
      document.head.append(tag);
    }
    return () => {
      document.title = productName;
      removePreviewTags();
    };
  }, [preview]);
}
