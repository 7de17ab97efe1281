import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

// A phone of its own: no history, so the phone-risk checks (decision 055) ask for nothing.
const SHOPPER = { name: 'Nusrat Jahan', phone: '01812345098', address: 'Flat 4B, House 9, Road 27, Dhanmondi' };

interface PlacedAnswer {
  order: { id: number; number: string; total: number; payment_method: string; payment_status: string };
  pay_url: string | null;
}

describe('paying an order online', () => {
  it('pays by bKash in full through the stand-in: the thanks page says it was received and the order is confirmed and paid', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto('/product/khadi-cotton-panjabi');
    await page.getByRole('heading', { level: 1, name: 'Khadi Cotton Panjabi' }).waitFor();
    await page.getByRole('button', { name: 'L', exact: true }).click();
    await page.getByRole('button', { name: 'Off White' }).click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added to your cart.').waitFor();

    await page.goto('/checkout');
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByLabel('Name').fill(SHOPPER.name);
    await page.getByLabel('Mobile number').fill(SHOPPER.phone);
    await page.getByLabel('Address').fill(SHOPPER.address);
    await page.getByLabel('District (city)').selectOption({ index: 1 });
    const area = page.getByLabel('Area (upazila / thana)');
    await expect.poll(() => area.locator('option').count()).toBeGreaterThan(1);
    const quoted = page.waitForResponse((response) => response.url().endsWith('/_public/checkout/quote') && response.ok());
    await area.selectOption({ index: 1 });
    const quote = (await (await quoted).json()) as { total: number; delivery_charge: number };

    // The payment choice: cash on delivery first, then bKash with what it may take and the amounts of each.
    const payment = page.getByRole('group', { name: 'Payment' });
    await expect.poll(() => payment.getByRole('radio', { name: 'Cash on delivery' }).isChecked()).toBe(true);
    await payment.getByRole('radio', { name: 'bKash', exact: true }).check();
    const full = payment.getByRole('radio', { name: /^Pay in full now/ });
    await full.check();
    await expect.poll(() => payment.getByTestId('payment-amounts-full').textContent()).toMatch(/now, nothing on delivery$/);
    await expect.poll(() => payment.getByTestId('payment-amounts-delivery').textContent()).toMatch(/now, .+ on delivery$/);

    const placing = page.waitForResponse(
      (response) => response.url().endsWith('/_public/checkout') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Place order and pay' }).click();
    const placedResponse = await placing;
    expect(placedResponse.status()).toBe(201);
    const placed = (await placedResponse.json()) as PlacedAnswer;
    expect(placed.order).toMatchObject({ payment_method: 'bkash', payment_status: 'awaiting', total: quote.total });
    expect(placed.pay_url).toMatch(new RegExp(`^/pay/${placed.order.number}\\?key=`));

    // The pay page starts the chosen gateway at once: the stand-in's bKash page, for the whole order.
    await page.waitForURL(/\/payment-standin\/bkash\//);
    await page.getByRole('heading', { level: 1, name: 'Pay with bKash' }).waitFor();
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    // Back on the shop: the confirmation says the payment arrived.
    await page.waitForURL(new RegExp(`/order/${placed.order.number}/thanks\\?paid=1$`));
    await page.getByTestId('order-number').getByText(placed.order.number).waitFor();
    const received = page.getByTestId('payment-received');
    await received.getByText('Payment received — your order is confirmed').waitFor();
    await expect.poll(() => received.textContent()).toContain('Paid online');

    // The pay link now has nothing left to pay.
    const payView = (await (
      await page.request.get(
        `/_public/orders/${placed.order.number}/pay?key=${new URL(placed.pay_url ?? '', 'http://x').searchParams.get('key')}`,
      )
    ).json()) as { payment_status: string; due_online: number; paid: number; total: number };
    expect(payView).toMatchObject({ payment_status: 'paid', due_online: 0, paid: quote.total, total: quote.total });
    await page.goto(placed.pay_url ?? '');
    await page.getByTestId('pay-paid').getByText('Payment received — your order is confirmed').waitFor();
    expect(await page.getByRole('button', { name: /^Pay .+ with bKash$/ }).count()).toBe(0);
    await context.close();

    // Staff see it confirmed and paid, with the bKash payment's transaction.
    const { context: staff, page: admin } = await newPage(browser);
    await signInAsAdmin(admin);
    const order = (await (await admin.request.get(`/api/admin/orders/${placed.order.id}`)).json()).data as {
      status: number;
      payment_status: string;
      advance_paid: number;
      total: number;
    };
    expect(order).toMatchObject({ status: 2, payment_status: 'paid', advance_paid: order.total });
    const payments = (await (await admin.request.get(`/api/admin/orders/${placed.order.id}/payments`)).json()).data as {
      to_collect: number;
      payments: { gateway: string; state: string; amount: number; trx_id: string | null }[];
    };
    expect(payments.to_collect).toBe(0);
    expect(payments.payments).toHaveLength(1);
    expect(payments.payments[0]).toMatchObject({ gateway: 'bkash', state: 'paid', amount: quote.total });
    expect(payments.payments[0]?.trx_id).toBeTruthy();
    await admin.goto(`/admin/view/order/${placed.order.id}`);
    await admin.getByRole('heading', { name: `Order ${placed.order.number}`, level: 1 }).waitFor();
    await admin.getByText('Confirmed').first().waitFor();
    await staff.close();
  });

  it("pays the delivery charge in a reseller's shop and comes back to the shop's own thanks page, not the storefront's", async () => {
    const slug = 'sadias-closet';
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    const listing = (await (await page.request.get(`/_public/shop/${slug}/products`)).json()) as {
      data: { slug: string; in_stock: boolean }[];
    };
    const product = listing.data.find((each) => each.in_stock);
    expect(product).toBeDefined();
    await page.goto(`/shop/${slug}/product/${product?.slug}`);
    await page.getByRole('button', { name: 'Add to cart' }).waitFor();
    const groups = page.getByTestId('option-group');
    for (let index = 0; index < (await groups.count()); index += 1)
      await groups.nth(index).locator('button:not([disabled])').first().click();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Added to your cart.').waitFor();
    await page.goto(`/shop/${slug}/checkout`);
    await page.getByLabel('Name').fill('Mim Chowdhury');
    await page.getByLabel('Mobile number').fill('01822334466');
    await page.getByLabel('Address').fill('Flat 3B, Road 11, Banani');
    await page.getByLabel('District (city)').selectOption({ index: 1 });
    const area = page.getByLabel('Area (upazila / thana)');
    await expect.poll(() => area.locator('option').count()).toBeGreaterThan(1);
    await area.selectOption({ index: 1 });
    const payment = page.getByRole('group', { name: 'Payment' });
    await payment.getByRole('radio', { name: 'bKash', exact: true }).check();
    await payment.getByRole('radio', { name: /^Pay the delivery charge now/ }).check();
    await page.getByRole('button', { name: 'Place order and pay' }).click();

    // The shop's pay page starts bKash; bKash sends the shopper back into the shop.
    await page.waitForURL(/\/payment-standin\/bkash\//);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(new RegExp(`/shop/${slug}/order/[^/]+/thanks\\?paid=1$`));
    await page.getByRole('heading', { level: 1, name: 'Thank you for your order!' }).waitFor();
    await page.getByTestId('payment-received').waitFor();
    expect(await page.getByTestId('shop-name').textContent()).toBe("Sadia's Closet");
    await context.close();
  });
});
