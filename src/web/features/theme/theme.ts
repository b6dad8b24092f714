export type Theme = 'light' | 'dark';

// Must match public/theme-init.js, which applies the initial theme before the first paint.
export const THEME_STORAGE_KEY = 'sightbook-theme';

/** The theme public/theme-init.js chose (SPEC §4 rule), as the class on <html> shows it. */
export const currentTheme = (): Theme =>
  document.documentElement.classList.contains('dark') ? 'dark' : 'light';

export function storeTheme(theme: Theme) {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // the choice still applies to this page
  }
}

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}
