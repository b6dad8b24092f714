import { describe, expect, it } from 'vitest';
import { toasterOptions } from './toaster-options';

describe('the toast queue', () => {
  it('shows at most one toast, removed after 3000 ms', () => {
    expect(toasterOptions).toMatchObject({ visibleToasts: 1, duration: 3000 });
  });

  it('shows toasts at the top, below the header, away from the forms’ buttons', () => {
    expect(toasterOptions).toMatchObject({ position: 'top-center', offset: { top: 64 } });
  });
});
