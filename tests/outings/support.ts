import { text } from 'node:stream/consumers';
import yauzl from 'yauzl';

/** Every file of a zip by name, as text. */
export async function unzipText(zip: Buffer): Promise<Record<string, string>> {
  const archive = await yauzl.fromBufferPromise(zip);
  const files: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) => {
      archive
        .openReadStreamPromise(entry)
        .then(text)
        .then((content) => {
          files[entry.fileName] = content;
          archive.readEntry();
        }, reject);
    });
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
  return files;
}
