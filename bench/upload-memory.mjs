// The server's resident memory while oversized image uploads arrive (issue 16, finding 8): six parallel 50 MB
// multipart uploads to POST /api/admin/uploads (the shop's limit is 5 MB), sent once chunked (no declared length:
// refused while the bytes stream) and once with their Content-Length (refused at once). Reports the server's
// resident memory before and its peak during each round (sampled every 50 ms from /proc), and the answers.
// Usage: node bench/upload-memory.mjs

import fs from 'node:fs';
import http from 'node:http';
import {
  benchAdmin,
  freePort,
  LOOPBACK,
  makeTempDir,
  removeTempDir,
  runBenchmark,
  signInAsAdmin,
  sleep,
  startHaat,
  waitFor200,
} from './lib.mjs';

const UPLOADS = 6;
const SIZE = 50 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 7);
const ADMIN = benchAdmin();
const BOUNDARY = '----haat-bench-boundary';

const rssMb = (pid) => Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);

/** One upload of SIZE bytes, written with backpressure; resolves with the status (or the error that ended it). */
function upload(base, session, declared) {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const headers = {
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    cookie: session.cookie,
    'x-csrf-token': session.csrfToken,
    'x-requested-with': 'XMLHttpRequest',
    ...(declared ? { 'content-length': String(head.length + SIZE + tail.length) } : {}),
  };
  return new Promise((resolve) => {
    let answered = null;
    const request = http.request(`${base}/api/admin/uploads?folder=products`, { method: 'POST', headers, agent: false }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        answered = `${response.statusCode} ${Buffer.concat(chunks).toString('utf8').slice(0, 80)}`;
        resolve(answered);
        request.destroy();
      });
    });
    request.on('error', (error) => resolve(answered ?? `error ${error.code ?? error.message}`));
    let sent = 0;
    const write = () => {
      if (sent === 0) request.write(head);
      while (sent < SIZE && !answered) {
        sent += CHUNK.length;
        if (!request.write(CHUNK)) return request.once('drain', write);
      }
      if (!answered) request.end(tail);
    };
    write();
  });
}

async function round(base, session, pid, declared) {
  global.gc?.();
  await sleep(1000);
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: UPLOADS }, () => upload(base, session, declared)));
  const ms = Math.round(performance.now() - started);
  await sleep(300);
  clearInterval(sampler);
  return { declared, before, peak, grew: peak - before, ms, answers: [...new Set(answers)] };
}

await runBenchmark(
  'upload-memory',
  async () => {
    const port = await freePort();
    const dataDir = makeTempDir('uploads');
    const server = startHaat(
      { PORT: String(port), DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      { label: 'haat (uploads)', guard: true },
    );
    try {
      const base = `http://${LOOPBACK}:${port}`;
      await waitFor200(`${base}/api/get/site/info`, { child: server, intervalMs: 50, timeoutMs: 120_000 });
      const session = await signInAsAdmin(base, ADMIN);
      await sleep(2000);
      const rounds = [];
      for (const declared of [false, true]) {
        const result = await round(base, session, server.pid, declared);
        rounds.push(result);
        console.log(
          `${UPLOADS} × ${SIZE / 1024 / 1024} MB ${declared ? 'with Content-Length' : 'chunked'}: RSS ${result.before} MB before, ` +
            `peak ${result.peak} MB (+${result.grew} MB), ${result.ms} ms; answers: ${result.answers.join(' | ')}`,
        );
      }
      return { status: 'pass', rounds };
    } finally {
      await server.stop();
      removeTempDir(dataDir);
    }
  },
  { timeLimitMs: 5 * 60_000 },
);
