import { describe, expect, it } from 'vitest';
import { filterOptions, newValueOption, nextValue } from './combobox-options';

const options = ['Barn Owl', 'Tawny Owl', 'Robin'];

describe('combobox options', () => {
  it('filters by case-insensitive substring', () => {
    expect(filterOptions(options, 'owl')).toEqual(['Barn Owl', 'Tawny Owl']);
    expect(filterOptions(options, ' ROB ')).toEqual(['Robin']);
    expect(filterOptions(options, '')).toEqual(options);
  });

  it('offers the typed text unless it is empty or known', () => {
    expect(newValueOption(options, ' Snowy Owl ')).toBe('Snowy Owl');
    expect(newValueOption(options, 'Robin')).toBeNull();
    expect(newValueOption(options, '  ')).toBeNull();
  });

  it('clears when the selected option is chosen again', () => {
    expect(nextValue('Robin', 'Robin')).toBe('');
    expect(nextValue('Robin', 'Barn Owl')).toBe('Barn Owl');
  });
});
