import { describe, expect, it, vi } from 'vitest';
import {
  fallSilent,
  formatClock,
  playheadFraction,
  soundAlone,
  timeAfterKey,
  timeAtPointer,
} from './playback';

describe('formatClock', () => {
  it('shows minutes and seconds, cut to the second', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(2.999)).toBe('0:02');
    expect(formatClock(59.5)).toBe('0:59');
    expect(formatClock(75.9)).toBe('1:15');
    expect(formatClock(600)).toBe('10:00'); // the longest recording taken
  });

  it('shows no time for one not known yet', () => {
    expect(formatClock(Number.NaN)).toBe('0:00');
    expect(formatClock(Number.POSITIVE_INFINITY)).toBe('0:00'); // a stream's duration
    expect(formatClock(-1)).toBe('0:00');
  });
});

describe('timeAtPointer', () => {
  const box = { left: 100, width: 400 };

  it('maps the pointer across the spectrogram to the time under it', () => {
    expect(timeAtPointer(100, box, 12)).toBe(0);
    expect(timeAtPointer(300, box, 12)).toBe(6); // the middle
    expect(timeAtPointer(400, box, 12)).toBe(9);
    expect(timeAtPointer(500, box, 12)).toBe(12);
  });

  it('stops at either end when dragged past them', () => {
    expect(timeAtPointer(40, box, 12)).toBe(0);
    expect(timeAtPointer(900, box, 12)).toBe(12);
  });

  it('answers the start for a spectrogram not laid out', () => {
    expect(timeAtPointer(300, { left: 0, width: 0 }, 12)).toBe(0);
  });
});

describe('timeAfterKey', () => {
  it('steps 5 seconds with the arrows, within the recording', () => {
    expect(timeAfterKey('ArrowRight', 3.2, 12)).toBeCloseTo(8.2);
    expect(timeAfterKey('ArrowUp', 3.2, 12)).toBeCloseTo(8.2);
    expect(timeAfterKey('ArrowLeft', 8.2, 12)).toBeCloseTo(3.2);
    expect(timeAfterKey('ArrowDown', 8.2, 12)).toBeCloseTo(3.2);
    expect(timeAfterKey('ArrowRight', 10, 12)).toBe(12);
    expect(timeAfterKey('ArrowLeft', 2, 12)).toBe(0);
  });

  it('goes to the start with Home and the end with End', () => {
    expect(timeAfterKey('Home', 7, 12)).toBe(0);
    expect(timeAfterKey('End', 7, 12)).toBe(12);
  });

  it('leaves other keys alone', () => {
    for (const key of ['Enter', ' ', 'Tab', 'a', 'constructor']) {
      expect(timeAfterKey(key, 7, 12)).toBeUndefined();
    }
  });
});

describe('playheadFraction', () => {
  it('places the playhead as a share of the width, never outside it', () => {
    expect(playheadFraction(3, 12)).toBe(0.25);
    expect(playheadFraction(12.4, 12)).toBe(1); // an MP3 copy a little longer than the original
    expect(playheadFraction(3, 0)).toBe(0);
  });
});

describe('soundAlone', () => {
  const player = () => ({ pause: vi.fn() });

  it('pauses the player that sounded before, not the one starting', () => {
    const first = player();
    const second = player();
    soundAlone(first);
    soundAlone(first); // started again: nothing to pause
    expect(first.pause).not.toHaveBeenCalled();
    soundAlone(second);
    expect(first.pause).toHaveBeenCalledOnce();
    expect(second.pause).not.toHaveBeenCalled();
    fallSilent(second);
  });

  it('pauses none once the one before stopped by itself', () => {
    const first = player();
    const second = player();
    soundAlone(first);
    fallSilent(first);
    soundAlone(second);
    expect(first.pause).not.toHaveBeenCalled();
    fallSilent(second);
  });
});
