import { useCallback, useState } from 'react';

/** A callback ref and the element's width in CSS pixels, following resizes; 0 until laid out. */
export function useElementWidth<T extends HTMLElement>(): [(element: T | null) => void, number] {
  const [width, setWidth] = useState(0);
  const ref = useCallback((element: T | null) => {
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect(); // React 19 runs a ref's cleanup on detach
  }, []);
  return [ref, width];
}
