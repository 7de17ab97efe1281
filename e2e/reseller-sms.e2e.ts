import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsReseller } from './browser';

let browser: Browser;
let reseller: Page;
const message = `Weekend offer ${Date.now().toString(36)}: free delivery on orders above Tk 1500.`;
const shots = process.env.E2E_SCREENSHOTS;

beforeAll(async () => {
  browser = await launch();
  reseller = (await newPage(browser)).page;
  await signInAsReseller(reseller);
});

afterAll(async () => {
  await browser?.close();
});

describe('a reseller’s SMS campaign', () => {
  it('sends a message to a chosen customer, shows count and cost first, and lists it in the SMS history with its delivery', async () => {
    await reseller.getByRole('link', { name: 'SMS campaign' }).click();
    await reseller.getByRole('heading', { name: 'SMS campaign', level: 1 }).waitFor();
    await reseller.getByLabel(/^Message/).fill(message);
    await reseller.getByRole('radio', { name: 'Customers I choose' }).check();
    const first = reseller.getByRole('checkbox', { name: /^Choose / }).first();
    await first.check();
    await reseller.getByText('1 customer chosen').waitFor();
    const estimate = reseller.getByRole('heading', { name: 'Before you send' }).locator('..');
    // One customer, one plain-text part, at the shop's demo price of ৳0.50.
    await expect.poll(async () => estimate.textContent()).toMatch(/Recipients\s*1/);
    expect(await estimate.textContent()).toMatch(/SMS in all\s*1/);
    expect(await estimate.textContent()).toMatch(/Cost\s*৳\s?0\.50/);
    if (shots) await reseller.screenshot({ path: `${shots}/sms-campaign.png`, fullPage: true });
    await reseller.getByRole('button', { name: 'Send SMS' }).click();
    await reseller.waitForURL('**/dropshipper/sms/history');
    const row = reseller.getByRole('row', { name: new RegExp(message.slice(0, 24)) });
    await row.getByText('Finished').waitFor({ timeout: 15_000 });
    expect(await row.textContent()).toContain('1 sent, 0 failed');
    if (shots) await reseller.screenshot({ path: `${shots}/sms-history.png`, fullPage: true });
    await row.getByRole('button', { name: 'Recipients' }).click();
    const dialog = reseller.getByRole('dialog');
    await dialog.getByRole('cell', { name: 'Sent' }).waitFor();
    if (shots) await reseller.screenshot({ path: `${shots}/sms-recipients.png` });
    // The charge is a row of the cashbook.
    await reseller.keyboard.press('Escape');
    await reseller.getByRole('link', { name: 'Cashbook: income' }).click();
    await reseller
      .getByRole('row', { name: /SMS campaign/ })
      .first()
      .waitFor();
  });
});
