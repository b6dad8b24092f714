export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'sightbook-theme';

const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

/** SPEC §4: a stored valid value wins; otherwise the system dark preference; otherwise light. */
export function resolveTheme(stored: string | null, systemPrefersDark: boolean): Theme {
  if (isTheme(stored)) return stored;
  return systemPrefersDark ? 'dark' : 'light';
}

function readStoredTheme(): string | null {
  try {
    return window.localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null; // storage blocked (private mode, sandboxed frame)
  }
}

export function storeTheme(theme: Theme) {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // the choice still applies to this page
  }
}

export function initialTheme(): Theme {
  return resolveTheme(readStoredTheme(), window.matchMedia('(prefers-color-scheme: dark)').matches);
}

export function applyTheme(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}
