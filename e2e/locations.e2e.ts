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
afterAll(() => browser?.close());

interface Place {
  id: number;
  name: string;
}

/** What checkout would be charged for Dhanmondi, read from the public calls. */
async function dhanmondiCharge(): Promise<number> {
  const { cities } = (await (await page.request.get('/_public/cities')).json()) as { cities: Place[] };
  const dhaka = cities.find((city) => city.name === 'Dhaka') as Place;
  const { sub_cities } = (await (await page.request.get(`/_public/cities/${dhaka.id}/sub-cities`)).json()) as { sub_cities: Place[] };
  const dhanmondi = sub_cities.find((subCity) => subCity.name === 'Dhanmondi') as Place;
  const quote = await page.request.get(`/_public/delivery/charge?city_id=${dhaka.id}&sub_city_id=${dhanmondi.id}`);
  return (await quote.json()).delivery_charge;
}

/** Opens the "Inside Dhaka" default and sets its charge in taka. */
async function setInsideDhaka(taka: string) {
  await page.goto('/admin/delivery/charge');
  await page.getByRole('heading', { name: 'Delivery charges', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Inside Dhaka (default)' }).click();
  await page.waitForURL(/\/admin\/edit\/delivery\/charge\/\d+$/);
  await page.waitForFunction(() => document.title === 'Edit delivery charge');
  const charge = page.getByLabel(/^Charge/);
  await expect(charge.inputValue()).resolves.toMatch(/\d/);
  await charge.fill(taka);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.waitForFunction(() => window.location.pathname === '/admin/delivery/charge');
  await page.getByText('The delivery charge was saved.').waitFor();
}

describe('locations and delivery charges', () => {
  it("edits Dhaka's delivery charge, and checkout's quote follows", async () => {
    expect(await dhanmondiCharge()).toBe(7000);
    await setInsideDhaka('80');
    const row = page.getByRole('row', { name: /Inside Dhaka \(default\)/ });
    await row.getByText('৳80').waitFor();
    expect(await dhanmondiCharge()).toBe(8000);

    // A field error shows beside its field, and nothing is saved.
    await page.getByRole('link', { name: 'Inside Dhaka (default)' }).click();
    await page.getByLabel(/^Charge/).fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Enter the charge').waitFor();
    expect(await dhanmondiCharge()).toBe(8000);

    await setInsideDhaka('70');
    expect(await dhanmondiCharge()).toBe(7000);
  });

  it('finds a sub city by its Bengali name', async () => {
    await page.goto('/admin/sub/city');
    await page.getByRole('heading', { name: 'Sub cities', level: 1 }).waitFor();
    await page.getByLabel('Search', { exact: true }).fill('ধানমন্ডি');
    await page.waitForFunction(() => new URLSearchParams(window.location.search).get('q') === 'ধানমন্ডি');
    const row = page.getByRole('row', { name: /Dhanmondi/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Dhaka');
    expect(await page.getByRole('row').count()).toBe(2);

    // The delivery-charge table is searched the same way: সাভার is Savar, a suburb with its own charge.
    await page.goto('/admin/delivery/charge');
    await page.getByLabel('Search', { exact: true }).fill('সাভার');
    await page.getByRole('link', { name: 'Dhaka › Savar' }).waitFor();
    await page
      .getByRole('row', { name: /Dhaka › Savar/ })
      .getByText('৳100')
      .waitFor();
  });
});
