import { describe, expect, it } from 'vitest';
import { toasterOptions } from './toaster-options';

describe('the toast queue', () => {
  it('shows at most one toast, removed after 3000 ms', () => {
    expect(toasterOptions).toEqual({ visibleToasts: 1, duration: 3000 });
  });
});
