import { useEffect, useRef } from 'react';

// SPEC §9: the app's four keyboard shortcuts; Cmd replaces Ctrl on a Mac.
export type ShortcutId = 'newLog' | 'help' | 'save' | 'cancel';

export interface ShortcutKey {
  key: string;
  /** An input method is composing (Japanese, Chinese…): its keys are its own. */
  isComposing?: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export interface ShortcutContext {
  isMac: boolean;
  /** focus is in an input, textarea, select or contenteditable element */
  typing: boolean;
  dialogOpen: boolean;
}

/** Which shortcut a key press means, if any (SPEC §9). */
export function matchShortcut(event: ShortcutKey, context: ShortcutContext): ShortcutId | null {
  if (event.isComposing) return null;
  if (event.key === 'Escape') {
    // Escape works while typing, but not while a dialog or a picker is open (it closes that)
    return context.dialogOpen ? null : 'cancel';
  }
  if (event.altKey) return null;
  const modifier = context.isMac ? event.metaKey : event.ctrlKey;
  const otherModifier = context.isMac ? event.ctrlKey : event.metaKey;
  const key = event.key.toLowerCase();
  // Saving from the field being edited is the point of Ctrl/Cmd+S, and a chord types nothing:
  // it is the one shortcut honoured while typing (besides Escape).
  if (modifier && !otherModifier && !event.shiftKey && key === 's') return 'save';
  if (context.typing) return null;
  if (modifier && !otherModifier && !event.shiftKey && key === 'n') return 'newLog';
  if (event.key === '?' && event.shiftKey && !event.ctrlKey && !event.metaKey) return 'help';
  return null;
}

export function isMacPlatform(platform: string): boolean {
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** How the modifier key is written in the shortcut help. */
export const modifierLabel = (isMac: boolean) => (isMac ? '⌘' : 'Ctrl');

export const isMac = () => isMacPlatform(navigator.platform);

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

/** A dialog, or a popover, menu or picker list (Radix keeps them in a popper wrapper). */
const isDialogOpen = () =>
  document.querySelector(
    '[role="dialog"][data-state="open"], [role="alertdialog"], [data-radix-popper-content-wrapper]',
  ) !== null;

/** Runs the given handlers for their shortcuts while the calling component is mounted. */
export function useShortcuts(handlers: Partial<Record<ShortcutId, () => void>>) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // an open popover, menu or dialog has already handled (and prevented) its Escape
      if (event.defaultPrevented) return;
      const id = matchShortcut(event, {
        isMac: isMac(),
        typing: isTyping(event.target),
        dialogOpen: isDialogOpen(),
      });
      const handler = id ? latest.current[id] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
