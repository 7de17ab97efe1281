import AxeBuilder from '@axe-core/playwright';
import type { LoanerDetail, LoanerView, Paginator } from '@haat/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

/**
 * Correcting money (decisions 051, 052, 2026-11-27): a repayment of the demo's bank loan is reversed from
 * the lender's page through the confirm dialog with its reason, the loan is owed it again, and the page and
 * the dialog pass axe's WCAG 2.2 A/AA rules (serious and critical findings).
 */

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

async function axeFindings(): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

describe('correcting a loan repayment', () => {
  it('reverses a repayment with a reason from the lender’s page; it shows as reversed and the loan is owed it again', async () => {
    const lenders = (await read<Paginator<LoanerView>>('/api/admin/loaners?q=BRAC&per_page=5')).data;
    const lender = lenders[0] as LoanerView;
    expect(lender, 'the demo has a bank loan').toBeDefined();
    const before = (await read<{ data: LoanerDetail }>(`/api/admin/loaners/${lender.id}/details`)).data.loans[0];
    const repayment = before?.repayments.at(-1);
    expect(repayment, 'the demo loan has repayments').toBeDefined();

    await page.goto(`/admin/loaner/details/${lender.id}`);
    await page.getByRole('heading', { name: lender.name, level: 1 }).waitFor();
    expect(await page.locator('main').count()).toBe(1);
    expect(await axeFindings()).toEqual([]);

    await page
      .getByRole('button', { name: /^Reverse the repayment of/ })
      .last()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Reverse the repayment of .*\?$/ });
    await dialog.waitFor();
    await dialog.getByText('The money goes back into the balance it was paid from, and the loan is owed it again.').waitFor();
    expect(await axeFindings()).toEqual([]);
    await dialog.getByLabel(/^Reason/).fill('Standing order bounced');
    await dialog.getByRole('button', { name: 'Reverse', exact: true }).click();
    await page.locator('[data-toast-type="success"]').getByText('The repayment was reversed.').waitFor();
    await page
      .getByText(/^Reversed on .*: Standing order bounced$/)
      .first()
      .waitFor();

    const after = (await read<{ data: LoanerDetail }>(`/api/admin/loaners/${lender.id}/details`)).data.loans[0];
    expect(after?.outstanding).toBe((before?.outstanding ?? 0) + (repayment?.amount ?? 0));
    expect(after?.repayments.at(-1)).toMatchObject({ id: repayment?.id, reversal_reason: 'Standing order bounced' });
    // A standing one is corrected in a dialog with its form, which passes axe too.
    await page
      .getByRole('button', { name: /^Edit the repayment of/ })
      .first()
      .click();
    const edit = page.getByRole('dialog', { name: /^Correct the repayment of/ });
    await edit.getByRole('button', { name: 'Save the correction' }).waitFor();
    expect(await axeFindings()).toEqual([]);
    await edit.getByRole('button', { name: 'Close' }).click();
    await edit.waitFor({ state: 'hidden' });
    // Reversed once: its row offers no Reverse any more.
    expect(await page.getByRole('button', { name: /^Reverse the repayment of/ }).count()).toBe((before?.repayments.length ?? 1) - 1);
  });

  it('the other correcting screens pass axe: a bill, an investor, a director’s payments, the loan form', async () => {
    const first = async (api: string) =>
      ((await read<Paginator<Record<string, number>>>(`${api}?per_page=1`)).data[0] ?? {}) as Record<string, number>;
    const bill = await first('/api/admin/bills');
    const investment = await first('/api/admin/investments');
    const director = await first('/api/admin/directors');
    const loan = await first('/api/admin/loans');
    const pages = [
      `/admin/bill/statement/details/${bill.id}`,
      `/admin/company/investor/details/${investment.investor_id}`,
      `/admin/director/payment/details/${director.id}`,
      `/admin/loan/edit/${loan.id}`,
    ];
    for (const path of pages) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.locator('main').count(), path).toBe(1);
      expect(await page.getByRole('heading', { level: 1 }).count(), path).toBe(1);
      expect(await axeFindings(), path).toEqual([]);
    }
    // The investor's own details are edited in a dialog from their page.
    await page.goto(`/admin/company/investor/details/${investment.investor_id}`);
    await page.getByRole('button', { name: /^Edit the details of/ }).click();
    await page
      .getByRole('dialog', { name: /^Correct the details of/ })
      .getByLabel(/^Name/)
      .waitFor();
    expect(await axeFindings()).toEqual([]);
  });
});
