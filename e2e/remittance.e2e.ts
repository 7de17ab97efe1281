import type { CourierReceivable, RemittanceBalanceOptions } from '@haat/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  page = (await newPage(browser)).page;
  await signInAsAdmin(page);
});
afterAll(async () => {
  await browser?.close();
});

const read = <T>(url: string) =>
  page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' } });
    return response.json();
  }, url) as Promise<T>;

describe('courier remittance', () => {
  it('records a remittance by hand for a delivered order, and the order shows paid by it', async () => {
    const owed = (await read<{ data: CourierReceivable[] }>('/api/admin/courier/receivable')).data.find(
      (courier) => courier.unpaid.length > 0,
    );
    expect(owed, 'a demo courier still owes for a delivered order').toBeDefined();
    const courier = owed as CourierReceivable;
    const order = courier.unpaid[0] as CourierReceivable['unpaid'][number];

    await page.goto('/admin/courier/receivable');
    await page.getByRole('heading', { name: 'Still owed by couriers', level: 1 }).waitFor();
    await page.getByRole('link', { name: order.order_number }).first().waitFor();

    await page.goto('/admin/courier/remittance/add');
    await page.getByRole('heading', { name: 'Add remittance', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Courier' }).click();
    await page.getByRole('option', { name: courier.courier_name, exact: true }).click();
    await page.getByLabel('Reference').fill('E2E-REMIT-1');
    await page.getByRole('textbox', { name: 'Order number' }).fill(order.order_number);
    await page.getByRole('textbox', { name: 'Amount collected' }).fill(String(order.to_collect / 100));
    await page.getByRole('textbox', { name: 'Delivery fee withheld' }).fill('60');
    // The money went into another balance than the bank transfer's default.
    const balances = (await read<{ data: RemittanceBalanceOptions }>('/api/admin/courier/remittances/balances')).data;
    const bank = balances.balances.find((balance) => balance.id === balances.defaults.bank);
    const other = balances.balances.find((balance) => balance.id !== balances.defaults.bank);
    expect(bank && other, 'the demo books have a bank balance and another').toBeTruthy();
    const receivedInto = page.getByRole('combobox', { name: 'Received into' });
    await expect.poll(() => receivedInto.inputValue()).toBe(bank?.name);
    await receivedInto.click();
    await page.getByRole('option', { name: other?.name, exact: true }).click();
    await page.getByRole('button', { name: 'Record remittance' }).click();
    await page.waitForURL('**/admin/courier/remittance/*');
    await page.getByRole('heading', { name: new RegExp(`${courier.courier_name} remittance #\\d+`) }).waitFor();
    await page.getByText('Paid', { exact: true }).first().waitFor();
    await page.getByText(`Received into: ${other?.name}`).waitFor();

    await page.getByRole('link', { name: order.order_number }).click();
    await page.waitForURL(`**/admin/view/order/${order.order_id}`);
    await page.getByText(new RegExp(`Paid by ${courier.courier_name} remittance #\\d+`)).waitFor();
    const view = await read<{ data: { payment_status: string; due: number } }>(`/api/admin/orders/${order.order_id}`);
    expect(view.data).toMatchObject({ payment_status: 'paid', due: 0 });
  });

  it('reads payments from a courier only when its API is connected, and says so', async () => {
    const courier = (await read<{ data: CourierReceivable[] }>('/api/admin/courier/receivable')).data[0] as CourierReceivable;
    await page.goto('/admin/courier/remittance');
    await page.getByRole('link', { name: 'Read payments from the courier' }).click();
    await page.getByRole('heading', { name: 'Read payments from the courier', level: 1 }).waitFor();
    await page.getByRole('combobox', { name: 'Courier' }).click();
    await page.getByRole('option', { name: courier.courier_name, exact: true }).click();
    await page.getByRole('button', { name: 'Read payments from the courier' }).click();
    await page.getByRole('alert').first().waitFor();
    expect(await page.getByRole('alert').first().textContent()).toMatch(new RegExp(courier.courier_name));
  });
});
