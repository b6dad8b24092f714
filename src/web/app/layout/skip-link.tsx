import { MAIN_ID } from '@/components/page-main';

/**
 * The first thing Tab reaches (issue 34): past the header and the nav to the page's own content.
 * Hidden until focused. Focus is moved by hand: wouter would not follow the #fragment.
 */
export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
      className="sr-only z-50 rounded-md bg-background text-sm font-medium shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-3"
    >
      Skip to main content
    </a>
  );
}
