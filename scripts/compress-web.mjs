// Writes .br and .gz beside every compressible file of the built web app, once at build time;
// the server sends them to browsers that accept them (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = 'dist/web';
const compressible = /\.(js|css|html|svg|json|webmanifest|txt|map)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (compressible.test(name) && statSync(path).size >= 1024) yield path;
  }
}

let count = 0;
for (const path of files(root)) {
  const content = readFileSync(path);
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  );
  writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
  count++;
}
console.log(`compressed ${count} files in ${root}`);
