import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  browser = await launch();
  ({ context, page } = await newPage(browser));
  await signInAsAdmin(page);
});
afterAll(() => browser?.close());

async function counts(): Promise<Record<number, number>> {
  const answer = await page.request.get('/api/admin/orders/counts');
  expect(answer.status()).toBe(200);
  const body = (await answer.json()) as { data: { status: number; count: number }[] };
  return Object.fromEntries(body.data.map((row) => [row.status, row.count]));
}

/** The number a status tab shows beside its name. */
async function tabCount(name: string): Promise<number> {
  const text = (await page.getByRole('tab', { name: new RegExp(`^${name}`) }).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}

describe('order workflow in the back office', () => {
  it('moves a pending demo order to confirmed, the tabs follow, the view shows its timeline and prints', async () => {
    await page.goto('/admin/order/process/1');
    await page.getByRole('heading', { name: 'Pending orders', level: 1 }).waitFor();
    const table = page.getByRole('table', { name: 'Pending orders' });
    const firstLink = table.getByRole('link', { name: /^HB-\d+$/ }).first();
    await firstLink.waitFor();
    const number = (await firstLink.textContent()) as string;
    const href = (await firstLink.getAttribute('href')) as string;
    const before = await counts();
    await expect.poll(() => tabCount('Pending')).toBe(before[1]);
    await expect.poll(() => tabCount('Confirmed')).toBe(before[2]);

    await page.getByRole('checkbox', { name: `Select order ${number}` }).check();
    await page.getByText('Selected: 1').first().waitFor();
    await page.getByRole('button', { name: 'Change status' }).click();
    const dialog = page.getByRole('dialog', { name: 'Move orders' });
    await dialog.getByRole('combobox', { name: 'Move to' }).click();
    await page.getByRole('option', { name: 'Confirmed' }).click();
    await dialog.getByRole('textbox', { name: 'Note' }).fill('Customer confirmed on the phone');
    await dialog.getByRole('button', { name: 'Move' }).click();
    await page.getByText('Orders moved to Confirmed: 1').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await table.getByRole('link', { name: number, exact: true }).waitFor({ state: 'detached' });
    await expect.poll(() => tabCount('Pending')).toBe((before[1] ?? 0) - 1);
    await expect.poll(() => tabCount('Confirmed')).toBe((before[2] ?? 0) + 1);

    // The confirmed tab lists it now.
    await page.getByRole('tab', { name: /^Confirmed/ }).click();
    await page.getByRole('heading', { name: 'Confirmed orders', level: 1 }).waitFor();
    await page.getByRole('table', { name: 'Confirmed orders' }).getByRole('link', { name: number, exact: true }).waitFor();

    await page.goto(href);
    await page.getByRole('heading', { name: `Order ${number}`, level: 1 }).waitFor();
    await page.getByText('Pending → Confirmed').waitFor();
    await page.getByText('Customer confirmed on the phone').waitFor();
    expect(await page.getByRole('button', { name: 'Processing' }).isVisible()).toBe(true);

    const [printPage] = await Promise.all([context.waitForEvent('page'), page.getByRole('link', { name: 'Print invoice' }).click()]);
    await printPage.getByRole('heading', { name: 'Print invoices (1)' }).waitFor();
    await printPage.getByRole('article', { name: `Invoice ${number}` }).waitFor();
    expect(await printPage.getByText(number).first().isVisible()).toBe(true);
    await printPage.close();
  });
});

describe('orders on a phone (390 px)', () => {
  let phone: Page;
  let phoneContext: BrowserContext;
  beforeAll(async () => {
    ({ context: phoneContext, page: phone } = await newPage(browser, { width: 390, height: 844 }));
    await signInAsAdmin(phone);
  });
  afterAll(() => phoneContext?.close());

  /** An order of the demo shop with at least two lines, and its lines as the API reads them. */
  async function orderWithLines() {
    const list = (await (await phone.request.get('/api/admin/orders?per_page=100')).json()) as { data: { id: number }[] };
    for (const { id } of list.data) {
      const order = (await (await phone.request.get(`/api/admin/orders/${id}`)).json()).data as {
        id: number;
        number: string;
        lines: { quantity: number; unit_price: number }[];
      };
      if (order.lines.length >= 2) return order;
    }
    throw new Error('the demo shop has no order of two lines');
  }

  /** Every line's quantity and price cells, with their boxes, as the order view shows them. */
  async function lineCells() {
    const rows = phone.getByTestId('order-lines').locator('tbody tr');
    const cells = [];
    for (let index = 0; index < (await rows.count()); index += 1) {
      const row = rows.nth(index);
      for (const testId of ['line-quantity', 'line-price', 'line-total']) {
        const cell = row.getByTestId(testId);
        cells.push({ testId, text: (await cell.textContent()) ?? '', box: await cell.boundingBox(), visible: await cell.isVisible() });
      }
    }
    return cells;
  }

  it('the order view shows the quantity and price of every line within the screen, in English and Bengali', async () => {
    const order = await orderWithLines();
    await phone.goto(`/admin/view/order/${order.id}`);
    await phone.getByRole('heading', { name: `Order ${order.number}`, level: 1 }).waitFor();
    const cells = await lineCells();
    expect(cells).toHaveLength(order.lines.length * 3);
    for (const cell of cells) {
      expect(cell.visible, `${cell.testId} visible`).toBe(true);
      expect(cell.box, cell.testId).not.toBeNull();
      expect(cell.box?.x ?? -1, `${cell.testId} starts on screen`).toBeGreaterThanOrEqual(0);
      expect((cell.box?.x ?? 0) + (cell.box?.width ?? 0), `${cell.testId} ends on screen`).toBeLessThanOrEqual(390);
    }
    // Each line's card names its figures: "Quantity 2", "Price ৳850".
    const quantities = cells.filter((cell) => cell.testId === 'line-quantity').map((cell) => cell.text);
    expect(quantities).toEqual(order.lines.map((line) => String(line.quantity)));
    const width = await phone.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'the page does not scroll sideways').toBeLessThanOrEqual(390);

    await phone.evaluate(() => localStorage.setItem('haat_language', 'bn'));
    await phone.reload();
    await phone.getByRole('heading', { name: `অর্ডার ${order.number}`, level: 1 }).waitFor();
    const bengali = await lineCells();
    const digits = (value: number) => value.toLocaleString('bn-BD');
    expect(bengali.filter((cell) => cell.testId === 'line-quantity').map((cell) => cell.text)).toEqual(
      order.lines.map((line) => digits(line.quantity)),
    );
    for (const cell of bengali) expect((cell.box?.x ?? 0) + (cell.box?.width ?? 0), cell.testId).toBeLessThanOrEqual(390);
    await phone.evaluate(() => localStorage.setItem('haat_language', 'en'));
  });

  it('lists orders newest first, each a card whose figures stay on the screen; another order can be chosen', async () => {
    await phone.goto('/admin/order/process/5');
    await phone.getByRole('heading', { name: 'Delivered orders', level: 1 }).waitFor();
    const placed = phone.getByTestId('order-list').getByTestId('order-placed');
    await placed.first().waitFor();
    const times = async () =>
      (await placed.evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-placed') ?? ''))).map(Date.parse);
    const newestFirst = await times();
    expect(newestFirst.length).toBeGreaterThan(1);
    expect(newestFirst).toEqual([...newestFirst].sort((a, b) => b - a));
    for (const box of await placed.evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().right)))
      expect(box).toBeLessThanOrEqual(390);

    await phone.getByRole('combobox', { name: 'Sort' }).click();
    await phone.getByRole('option', { name: 'Oldest first' }).click();
    await phone.waitForURL(/sort=placed_at/);
    // The oldest delivered order comes first now.
    await expect.poll(async () => (await times())[0]).toBeLessThanOrEqual(Math.min(...newestFirst));
    const oldestFirst = await times();
    expect(oldestFirst).toEqual([...oldestFirst].sort((a, b) => a - b));
  });
  it('order entry: a quantity above the stock stays as typed and the field says how many are left', async () => {
    await phone.goto('/admin/add/order');
    await phone.getByRole('heading', { name: 'Add order', level: 1 }).waitFor();
    await phone.getByRole('searchbox', { name: 'Search products' }).fill('Polo');
    const add = phone.getByRole('button', { name: /^Add Premium Cotton Polo/ }).first();
    await add.waitFor();
    const stockText = (await add.locator('xpath=ancestor::tr').innerText()).match(/(\d[\d,]*) in stock/i);
    const stock = Number(stockText?.[1]?.replace(/,/g, ''));
    expect(stock).toBeGreaterThan(0);
    await add.click();
    const quantity = phone.getByRole('textbox', { name: /^Quantity: Premium Cotton Polo/ });
    await quantity.fill(String(stock + 5));
    await phone.getByText(`Only ${stock.toLocaleString('en-IN')} left in stock: lower the quantity.`).waitFor();
    expect(await quantity.inputValue()).toBe(String(stock + 5));
    const box = await quantity.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  });
});
