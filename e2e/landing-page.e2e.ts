import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** The demo shop's landing page (the marketing seed): a fitness tracker, cash on delivery. */
const SLUG = 'smart-watch-offer';
const PHONE = { width: 390, height: 844 };

interface LandingAnswer {
  landing_page: { headline: string; order_form: { button_text: string } };
  product: { name: string; price: number; retail_price: number };
}

interface PlacedAnswer {
  order: { id: number; number: string; total: number; type: string; payment_method: string; payment_status: string };
  pay_url: string | null;
}

/** Fills in who and where (the first district and its first area), and waits for the page's quote. */
async function fillDelivery(page: Page, shopper: { name: string; phone: string; address: string }) {
  await page.getByLabel('Name').fill(shopper.name);
  await page.getByLabel('Mobile number').fill(shopper.phone);
  await page.getByLabel('Address').fill(shopper.address);
  await page.getByLabel('District (city)').selectOption({ index: 1 });
  const area = page.getByLabel('Area (upazila / thana)');
  await expect.poll(() => area.locator('option').count()).toBeGreaterThan(1);
  const quoted = page.waitForResponse((response) => response.url().endsWith(`/_public/landing/${SLUG}/quote`) && response.ok());
  await area.selectOption({ index: 1 });
  return (await (await quoted).json()) as { subtotal: number; delivery_charge: number; total: number };
}

describe('a landing page on a phone', () => {
  it('shows the headline and price, says what is missing, and places a cash-on-delivery order', async () => {
    const { context, page } = await newPage(browser, PHONE);
    const answer = (await (await page.request.get(`/_public/landing/${SLUG}`)).json()) as LandingAnswer;
    await page.goto(`/landing/${SLUG}`);
    await page.getByRole('heading', { level: 1, name: answer.landing_page.headline }).waitFor();
    await expect.poll(() => page.title()).toBe(answer.landing_page.headline);
    expect(await page.locator('main').count()).toBe(1);
    // The offer's price, the retail price struck through beside it.
    const price = page.getByTestId('landing-price');
    await expect.poll(() => price.locator('strong').textContent()).toMatch(/1,500/);
    expect(answer.product.price).toBeLessThan(answer.product.retail_price);
    await expect.poll(() => price.locator('del').textContent()).toMatch(/1,650/);
    await page.getByRole('heading', { name: 'Questions and answers' }).waitFor();

    // "Order now" takes the shopper to the form; sent empty, each field says what it needs.
    const order = page.getByRole('button', { name: answer.landing_page.order_form.button_text });
    await page.getByRole('link', { name: answer.landing_page.order_form.button_text }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#landing-order');
    await order.click();
    await page.getByTestId('error-summary').waitFor();
    await expect.poll(() => page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByLabel('Mobile number').getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.getByLabel('District (city)').getAttribute('aria-invalid')).toBe('true');
    // The first field in error has the focus.
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('name');

    // Accessible with its errors showing.
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .options({ resultTypes: ['violations'] })
      .setLegacyMode(true)
      .analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

    // Two of them, delivered.
    await page.getByRole('button', { name: 'One more' }).click();
    const quote = await fillDelivery(page, { name: 'Taslima Akter', phone: '01812345161', address: 'House 14, Road 2, Shyamoli' });
    expect(quote.subtotal).toBe(answer.product.price * 2);
    await expect
      .poll(() => page.getByTestId('order-total').textContent())
      .toContain(new Intl.NumberFormat('en-US').format(quote.total / 100));
    const placing = page.waitForResponse(
      (response) => response.url().endsWith(`/_public/landing/${SLUG}/order`) && response.request().method() === 'POST',
    );
    await order.click();
    const placed = (await (await placing).json()) as PlacedAnswer;
    expect(placed.order).toMatchObject({ type: 'landing', payment_method: 'cod', total: quote.total });
    expect(placed.pay_url).toBeNull();
    await page.waitForURL(new RegExp(`/order/${placed.order.number}/thanks$`));
    await page.getByTestId('order-number').getByText(placed.order.number).waitFor();
    await context.close();
  });

  it('pays the delivery charge by bKash through the stand-in: the order is confirmed, the rest due on delivery', async () => {
    const { context, page } = await newPage(browser, PHONE);
    await page.goto(`/landing/${SLUG}`);
    await page.locator('h1').waitFor();
    const quote = await fillDelivery(page, { name: 'Rafiq Islam', phone: '01812345162', address: 'Flat 2A, House 5, Road 11, Banani' });
    const payment = page.getByRole('group', { name: 'Payment' });
    await payment.getByRole('radio', { name: 'bKash', exact: true }).check();
    await payment.getByRole('radio', { name: /^Pay the delivery charge now/ }).check();
    await expect.poll(() => payment.getByTestId('payment-amounts-delivery').textContent()).toMatch(/now, .+ on delivery$/);

    const placing = page.waitForResponse(
      (response) => response.url().endsWith(`/_public/landing/${SLUG}/order`) && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    const placedResponse = await placing;
    expect(placedResponse.status()).toBe(201);
    const placed = (await placedResponse.json()) as PlacedAnswer;
    expect(placed.order).toMatchObject({ type: 'landing', payment_method: 'bkash', payment_status: 'awaiting', total: quote.total });
    expect(placed.pay_url).toMatch(new RegExp(`^/pay/${placed.order.number}\\?key=`));

    // The pay page starts bKash at once: the stand-in's page, for the delivery charge.
    await page.waitForURL(/\/payment-standin\/bkash\//);
    await page.getByRole('heading', { level: 1, name: 'Pay with bKash' }).waitFor();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(new RegExp(`/order/${placed.order.number}/thanks\\?paid=1$`));
    await page.getByTestId('order-number').getByText(placed.order.number).waitFor();
    const received = page.getByTestId('payment-received');
    await received.getByText('Payment received — your order is confirmed').waitFor();
    await expect.poll(() => received.textContent()).toContain('on delivery');
    await context.close();

    // Staff see a confirmed landing order with its delivery charge paid.
    const { context: staff, page: admin } = await newPage(browser);
    await signInAsAdmin(admin);
    const view = (await (await admin.request.get(`/api/admin/orders/${placed.order.id}`)).json()).data as {
      type: string;
      status: number;
      advance_paid: number;
      delivery_charge: number;
    };
    expect(view).toMatchObject({ type: 'landing', status: 2, advance_paid: quote.delivery_charge });
    await staff.close();
  });
});
