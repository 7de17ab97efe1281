import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
}, 600_000);
afterAll(async () => t?.close());

it('times pushes', async () => {
  const times: number[] = [];
  const refused: number[] = [];
  for (let i = 0; i < 300; i++) {
    const started = performance.now();
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/courier/webhook/pathao',
      headers: { 'x-pathao-signature': 'demo-pathao-webhook-secret' },
      payload: { event: 'order.in-transit', consignment_id: 'DL271126ABCD1', updated_at: `x${i}` },
    });
    times.push(performance.now() - started);
    expect(answer.statusCode).toBe(202);
    const s2 = performance.now();
    await t.app.inject({ method: 'POST', url: '/api/courier/webhook/pathao', headers: { 'x-pathao-signature': 'x' }, payload: { a: 1 } });
    refused.push(performance.now() - s2);
  }
  const med = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
  const p95 = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length * 0.95)];
  console.log(`new p50 ${med(times.slice(50))} p95 ${p95(times.slice(50))}; refused p50 ${med(refused.slice(50))}`);
}, 600_000);
