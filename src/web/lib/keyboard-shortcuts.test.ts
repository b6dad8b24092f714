import { describe, expect, it } from 'vitest';
import { isMacPlatform, matchShortcut, type ShortcutKey } from './keyboard-shortcuts';

const press = (key: string, modifiers: Partial<ShortcutKey> = {}): ShortcutKey => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});
const pc = { isMac: false, typing: false, dialogOpen: false };
const mac = { ...pc, isMac: true };

describe('matchShortcut', () => {
  it('uses Ctrl elsewhere and Cmd on a Mac', () => {
    expect(matchShortcut(press('n', { ctrlKey: true }), pc)).toBe('newLog');
    expect(matchShortcut(press('s', { ctrlKey: true }), pc)).toBe('save');
    expect(matchShortcut(press('n', { metaKey: true }), pc)).toBeNull();
    expect(matchShortcut(press('n', { metaKey: true }), mac)).toBe('newLog');
    expect(matchShortcut(press('S', { metaKey: true }), mac)).toBe('save');
    expect(matchShortcut(press('n', { ctrlKey: true }), mac)).toBeNull();
    expect(matchShortcut(press('n'), pc)).toBeNull();
  });

  it('opens the help with Shift+?', () => {
    expect(matchShortcut(press('?', { shiftKey: true }), pc)).toBe('help');
    expect(matchShortcut(press('?', { shiftKey: true, ctrlKey: true }), pc)).toBeNull();
  });

  it('ignores everything but Escape and Ctrl+S while typing', () => {
    const typing = { ...pc, typing: true };
    expect(matchShortcut(press('n', { ctrlKey: true }), typing)).toBeNull();
    expect(matchShortcut(press('s', { ctrlKey: true }), typing)).toBe('save');
    expect(matchShortcut(press('?', { shiftKey: true }), typing)).toBeNull();
    expect(matchShortcut(press('Escape'), typing)).toBe('cancel');
  });

  it('leaves Escape to an open dialog', () => {
    expect(matchShortcut(press('Escape'), pc)).toBe('cancel');
    expect(matchShortcut(press('Escape'), { ...pc, dialogOpen: true })).toBeNull();
  });

  it('leaves every key to an input method that is composing, Escape included', () => {
    const typing = { ...pc, typing: true };
    expect(matchShortcut(press('Escape', { isComposing: true }), typing)).toBeNull();
    expect(matchShortcut(press('s', { ctrlKey: true, isComposing: true }), typing)).toBeNull();
  });
});

describe('isMacPlatform', () => {
  it('knows Macs and iOS devices', () => {
    expect(isMacPlatform('MacIntel')).toBe(true);
    expect(isMacPlatform('iPhone')).toBe(true);
    expect(isMacPlatform('Win32')).toBe(false);
    expect(isMacPlatform('Linux x86_64')).toBe(false);
  });
});
