import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { Entry, ZipFile } from 'yauzl';

// Reading a zip opened with yauzl's lazyEntries: its entries by name, and one entry's stream or
// text. The Darwin Core Archives of the backbone (taxa:import) and of reference occurrence sets
// (occurrences:import) both read theirs so.

/**
 * The zip's file entries by name (folders left out); `flatten` names them by their base name,
 * as archives that nest everything in one folder need.
 */
export function listZipEntries(
  zip: ZipFile,
  { flatten = false } = {},
): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  return new Promise((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      if (!entry.fileName.endsWith('/')) {
        entries.set(flatten ? entry.fileName.replace(/^.*\//, '') : entry.fileName, entry);
      }
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

export const openZipEntry = (zip: ZipFile, entry: Entry) =>
  new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
  );

/** An entry's content as UTF-8 text (a meta.xml, an EML): small files only. */
export async function readZipText(zip: ZipFile, entry: Entry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await openZipEntry(zip, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** How a Darwin Core Archive's meta.xml describes one of its text files. */
export interface DelimitedText {
  delimiter: string;
  /** false: no quoting (a value may hold a quote). */
  quote: string | false;
  headerLines: number;
}

/** An entry's rows after its header lines, streamed: an archive's core may be gigabytes. */
export async function* readZipRows(zip: ZipFile, entry: Entry, text: DelimitedText) {
  const parser = (await openZipEntry(zip, entry)).pipe(
    parse({
      bom: true,
      delimiter: text.delimiter,
      quote: text.quote,
      from_line: text.headerLines + 1,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
    }),
  );
  yield* parser as AsyncIterable<string[]>;
}
