#!/usr/bin/env node
// After `vite build`: a .br and a .gz beside every text asset, so the server sends them compressed
// without spending CPU per request (@fastify/static's preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const assets = path.resolve(import.meta.dirname, '../dist/assets');
const TEXT = /\.(js|css|svg|json|txt|html)$/;
let files = 0;
for (const name of fs.readdirSync(assets)) {
  if (!TEXT.test(name)) continue;
  const full = path.join(assets, name);
  const data = fs.readFileSync(full);
  if (data.length < 1024) continue;
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  files++;
}
console.log(`precompressed ${files} assets`);
