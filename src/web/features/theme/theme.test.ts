import { describe, expect, it } from 'vitest';
import script from '../../../../public/theme-init.js?raw';
import { THEME_STORAGE_KEY } from './theme';

/** Runs public/theme-init.js against a fake page; returns the theme it set on <html>. */
function initialTheme(stored: string | null | Error, systemPrefersDark: boolean) {
  const classes = new Set<string>();
  const keys: string[] = [];
  const window = {
    localStorage: {
      getItem: (key: string) => {
        keys.push(key);
        if (stored instanceof Error) throw stored;
        return stored;
      },
    },
    matchMedia: (query: string) => ({
      matches: query === '(prefers-color-scheme: dark)' && systemPrefersDark,
    }),
  };
  const document = {
    documentElement: {
      classList: {
        toggle: (name: string, force: boolean) => {
          if (force) classes.add(name);
          else classes.delete(name);
        },
      },
    },
  };
  // the script reads only these two globals; a Function scope hands it the fakes
  new Function('window', 'document', script)(window, document);
  expect(keys).toEqual([THEME_STORAGE_KEY]);
  return classes.has('dark') ? 'dark' : 'light';
}

describe('the initial theme (public/theme-init.js)', () => {
  it('uses a stored valid value over the system preference', () => {
    expect(initialTheme('light', true)).toBe('light');
    expect(initialTheme('dark', false)).toBe('dark');
  });

  it('falls back to the system dark preference, then light', () => {
    expect(initialTheme(null, true)).toBe('dark');
    expect(initialTheme(null, false)).toBe('light');
    expect(initialTheme('purple', true)).toBe('dark');
    expect(initialTheme('', false)).toBe('light');
  });

  it('survives blocked storage', () => {
    expect(initialTheme(new Error('SecurityError'), true)).toBe('dark');
    expect(initialTheme(new Error('SecurityError'), false)).toBe('light');
  });
});
