import type { Page } from 'playwright-core';

// What the phone-layout tests measure in the page. The scripts are strings: the e2e files are
// type-checked without the DOM library.

/** The controls a finger has to hit (issue 34). */
const CONTROLS =
  'a, button, input, select, textarea, [role=button], [role=combobox], [role=switch], [role=tab]';

/**
 * Every visible control smaller than 44 × 44 px, described ("button "Filters" 36×36"). A radio
 * button or checkbox inside its label is measured as the label, which a tap on takes as well.
 * Left out: the visually hidden (sr-only, 1 px), and links in a line of text, which WCAG 2.5.5
 * exempts (the map's credits).
 */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const inText = (element) =>
      getComputedStyle(element).display === 'inline' &&
      element.parentElement.textContent.trim().length > element.textContent.trim().length;
    const name = (element) =>
      (element.getAttribute('aria-label') || element.innerText || element.getAttribute('placeholder') ||
        element.getAttribute('title') || element.id || element.getAttribute('type') || '').trim().slice(0, 40);
    return [...document.querySelectorAll(${JSON.stringify(CONTROLS)})]
      .filter((element) => element.checkVisibility({ visibilityProperty: true }))
      .map((element) => {
        const label = /^(radio|checkbox)$/.test(element.type) && element.closest('label');
        return { element, box: (label || element).getBoundingClientRect() };
      })
      .filter(({ element, box }) => box.width > 1 && box.height > 1 && !inText(element))
      .filter(({ box }) => box.width < 43.99 || box.height < 43.99)
      .map(({ element, box }) =>
        element.tagName.toLowerCase() + (element.getAttribute('role') ? '[' + element.getAttribute('role') + ']' : '') +
        ' "' + name(element).replace(/\\s+/g, ' ') + '" ' + Math.round(box.width) + '×' + Math.round(box.height));
  })()`);
}

/** The page's scroll width past its width, and the outermost elements reaching past it. */
export function horizontalOverflow(page: Page): Promise<{ excess: number; culprits: string[] }> {
  return page.evaluate(`(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const past = (element) => element.getBoundingClientRect().right > width + 0.5;
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((element) => past(element) && !past(element.parentElement))
      .map((element) => element.tagName.toLowerCase() + '.' + [...element.classList].slice(0, 4).join('.'));
    return { excess: root.scrollWidth - width, culprits };
  })()`);
}

/**
 * The words of the tally's species names split over two lines. A name may wrap at a space or
 * after a hyphen (Short-|toed), nowhere else.
 */
export function wordsBrokenInTally(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const broken = [];
    for (const heading of document.querySelectorAll('[data-testid=tally-entry] h3')) {
      const text = heading.firstChild;
      for (const match of text.data.matchAll(/[^\\s-]+-?/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) broken.push(match[0] + ' in ' + text.data);
      }
    }
    return broken;
  })()`);
}

export interface RingReading {
  focused: string;
  ring: string | null;
  contrast: number;
}

/**
 * The focused element's ring (the widest box-shadow spread Tailwind's ring-* draws, else the
 * outline) and its contrast with what is behind it: the backgrounds of its ancestors, or of
 * the element itself for an inset ring, composited as the browser paints them.
 */
export function focusRing(page: Page): Promise<RingReading> {
  return page.evaluate(`(async () => {
    const element = document.activeElement;
    // the ring as it ends up, not halfway through the button's transition
    await Promise.all(element.getAnimations().map((animation) => animation.finished));
    const style = getComputedStyle(element);
    const split = (list) => list.split(/,(?![^(]*\\))/).map((part) => part.trim());
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const paint = (colours) => {
      context.clearRect(0, 0, 1, 1);
      for (const colour of colours) {
        context.fillStyle = colour;
        context.fillRect(0, 0, 1, 1);
      }
      return [...context.getImageData(0, 0, 1, 1).data];
    };
    let ring = null;
    let inset = false;
    let widest = 0;
    if (style.boxShadow !== 'none') {
      for (const shadow of split(style.boxShadow)) {
        const colour = shadow.match(/^([a-z]+\\([^)]*\\)|#[0-9a-f]+|[a-z]+)/i)[1];
        const lengths = shadow.slice(colour.length).trim().split(/\\s+/);
        const spread = parseFloat(lengths[3] ?? '0');
        if (spread > widest && paint([colour])[3] > 0) {
          [ring, inset, widest] = [colour, lengths.includes('inset'), spread];
        }
      }
    }
    if (!ring && style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) {
      ring = style.outlineColor;
    }
    const layers = [];
    for (let node = inset ? element : element.parentElement; node; node = node.parentElement) {
      const background = getComputedStyle(node).backgroundColor;
      layers.unshift(background);
      if (paint([background])[3] === 255) break;
    }
    const luminance = ([r, g, b]) => {
      const linear = (value) => {
        const channel = value / 255;
        return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const behind = luminance(paint(['white', ...layers]));
    const front = ring ? luminance(paint(['white', ...layers, ring])) : behind;
    const focused = element.tagName.toLowerCase() + ' "' +
      (element.getAttribute('aria-label') || element.innerText || element.getAttribute('placeholder') || '').trim().slice(0, 40) + '"';
    return {
      focused,
      ring,
      contrast: (Math.max(behind, front) + 0.05) / (Math.min(behind, front) + 0.05),
    };
  })()`);
}
