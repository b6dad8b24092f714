import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Python's standard library as an independent reader of what the server writes (its csv and
// zipfile modules are what pandas, GDAL and GBIF's tools follow).

const work = mkdtempSync(join(tmpdir(), 'sightbook-python-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
let files = 0;

/** Runs `script` with the bytes saved as a file, its path in sys.argv[1]; parses what it prints. */
export function pythonJson<T>(script: string, bytes: Buffer | string): T {
  const path = join(work, `file-${(files += 1)}`);
  writeFileSync(path, bytes);
  const out = execFileSync('python3', ['-c', script, path], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(out) as T;
}

/**
 * The CSV's rows as Python's csv module reads them, and each row's cells at `numeric` as
 * float() reads them (null for a cell that is no number).
 */
export function pythonCsvNumbers(bytes: Buffer | string, numeric: number[]) {
  const script = [
    'import csv, json, sys',
    'def number(text):',
    '    try: return float(text)',
    '    except ValueError: return None',
    "with open(sys.argv[1], newline='', encoding='utf-8-sig') as f:",
    '    rows = list(csv.reader(f))',
    `print(json.dumps([{"cells": r, "numbers": [number(r[i]) for i in ${JSON.stringify(numeric)}]} for r in rows]))`,
  ].join('\n');
  return pythonJson<Array<{ cells: string[]; numbers: Array<number | null> }>>(script, bytes);
}
