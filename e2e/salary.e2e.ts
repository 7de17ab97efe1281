import type { Paginator, SalaryMonthDetail, TeamMemberView } from '@haat/contracts';
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

const taka = (paisa: number) => `৳${(paisa / 100).toLocaleString('en-IN')}`;

describe('salaries', () => {
  it('pays a month’s salary from the month screen and prints its payslip', async () => {
    const members = (await read<Paginator<TeamMemberView>>('/api/admin/team-members?per_page=50&sort=id')).data;
    const member = members.find((each) => each.designation === 'Delivery coordinator') as TeamMemberView;
    expect(member, 'the demo has a delivery coordinator').toBeDefined();
    const month = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 7);
    const before = (await read<{ data: SalaryMonthDetail }>(`/api/admin/team-members/${member.id}/salary/${month}`)).data;
    expect(before.paid).toBe(0);

    await page.goto(`/admin/team/salary/${member.id}`);
    await page.getByRole('heading', { name: `Salary of ${member.name}`, level: 1 }).waitFor();
    await page.goto(`/admin/team/salary/${member.id}/${month}`);
    await page.getByRole('heading', { name: new RegExp(`Salary of ${member.name} for`), level: 1 }).waitFor();
    expect(await page.getByTestId('salary-net').textContent()).toBe(taka(before.net));

    await page.getByRole('combobox', { name: 'Pay from' }).click();
    await page.getByRole('option', { name: /^Dutch-Bangla Bank current/ }).click();
    await page.getByLabel('Payment reference').last().fill('E2E-SALARY-1');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByText('The salary was paid.').waitFor();
    await page.getByTestId('salary-due').getByText(taka(0)).waitFor();
    expect(await page.getByTestId('salary-paid').textContent()).toBe(taka(before.net));
    await page.getByText('Paid', { exact: true }).first().waitFor();
    await page.getByRole('cell', { name: 'E2E-SALARY-1' }).waitFor();

    await page.getByRole('link', { name: 'Payslip' }).click();
    await page.waitForURL(`**/admin/team/salary/${member.id}/${month}?payslip=1`);
    const slip = page.getByRole('article', { name: 'Payslip' });
    await slip.waitFor();
    await slip.getByText(member.name).waitFor();
    await slip.getByText(taka(before.net)).first().waitFor();
    await slip.getByText('Paid', { exact: true }).first().waitFor();
    await slip.getByText('Received by').waitFor();

    // On paper: the payslip alone, without the menu or the buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await slip.isVisible()).toBe(true);
    expect(await page.locator('#admin-side-menu').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    const after = (await read<{ data: SalaryMonthDetail }>(`/api/admin/team-members/${member.id}/salary/${month}`)).data;
    expect(after).toMatchObject({ saved: true, paid: before.net, due: 0 });
  });
});
