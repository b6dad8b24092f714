import { describe, expect, it } from 'vitest';
import { leftOutMessage, limitGuard } from './photo-limit';

const file = (n: number) => ({ id: `file-${n}`, name: `IMG_000${n}.jpg` });

/** Runs a choice through the guard as Uppy does: a file goes in when the guard lets it. */
async function choose(names: number[], held: ReturnType<typeof file>[] = [], max = 5) {
  const reported: string[][] = [];
  const guard = limitGuard(max, (names) => reported.push(names));
  const files = Object.fromEntries(held.map((f) => [f.id, f]));
  for (const n of names) {
    const chosen = file(n);
    if (guard(chosen, files)) files[chosen.id] = chosen;
  }
  await Promise.resolve(); // the report waits for the end of the choice
  return { kept: Object.values(files).map((f) => f.name), reported };
}

describe('limitGuard', () => {
  it('keeps the first 5 of 6 chosen files and reports the 6th once', async () => {
    const { kept, reported } = await choose([1, 2, 3, 4, 5, 6]);
    expect(kept).toEqual([
      'IMG_0001.jpg',
      'IMG_0002.jpg',
      'IMG_0003.jpg',
      'IMG_0004.jpg',
      'IMG_0005.jpg',
    ]);
    expect(reported).toEqual([['IMG_0006.jpg']]);
  });

  it('counts the files already in the dialog', async () => {
    const { kept, reported } = await choose([4, 5, 6, 7], [file(1), file(2), file(3)]);
    expect(kept).toHaveLength(5);
    expect(reported).toEqual([['IMG_0006.jpg', 'IMG_0007.jpg']]);
  });

  it('reports nothing when everything fits, and ignores ghost files', async () => {
    const ghost = { ...file(9), isGhost: true };
    const guard = limitGuard(2, () => expect.unreachable());
    expect(guard(file(1), { [ghost.id]: ghost })).toBe(true);
    expect(guard(file(2), { [ghost.id]: ghost, 'file-1': file(1) })).toBe(true);
    await Promise.resolve();
  });

  it('refuses a file already in the dialog, so Uppy calls it a duplicate', () => {
    const guard = limitGuard(5, () => expect.unreachable());
    expect(guard(file(1), { 'file-1': file(1) })).toBe(false);
  });

  it('reports each choice on its own', async () => {
    const reported: string[][] = [];
    const guard = limitGuard(1, (names) => reported.push(names));
    const full = { 'file-1': file(1) };
    guard(file(2), full);
    await Promise.resolve();
    guard(file(3), full);
    await Promise.resolve();
    expect(reported).toEqual([['IMG_0002.jpg'], ['IMG_0003.jpg']]);
  });
});

describe('leftOutMessage', () => {
  it('names the files left out and says why', () => {
    expect(leftOutMessage(['IMG_0006.jpg'], 5)).toBe(
      'IMG_0006.jpg was left out: at most 5 photos can be uploaded at a time.',
    );
    expect(leftOutMessage(['a.jpg', 'b.jpg'], 5)).toBe(
      'a.jpg and b.jpg were left out: at most 5 photos can be uploaded at a time.',
    );
    expect(leftOutMessage(['a.jpg', 'b.jpg', 'c.jpg'], 5)).toBe(
      'a.jpg, b.jpg, and c.jpg were left out: at most 5 photos can be uploaded at a time.',
    );
  });

  it('counts the rest of a long list', () => {
    expect(leftOutMessage(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg', 'e.jpg'], 5)).toBe(
      'a.jpg, b.jpg, and 3 more were left out: at most 5 photos can be uploaded at a time.',
    );
  });
});
