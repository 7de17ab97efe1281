import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, newPage, signInAsAdmin } from './browser';

let browser: Browser;
let admin: Page;

const CLIENT_ID = '4242-e2e.apps.googleusercontent.com';

beforeAll(async () => {
  browser = await launch();
  admin = (await newPage(browser)).page;
  await signInAsAdmin(admin);
});

afterAll(async () => {
  // The other journeys share this shop: no sign-in buttons for them.
  await admin
    ?.evaluate(async () => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
      await fetch('/api/admin/settings/social', {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': token },
        body: JSON.stringify({ google_enabled: false }),
      });
    })
    .catch(() => {});
  await browser?.close();
});

describe('social sign-in', () => {
  it('shows no Google button while Google sign-in is off', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in to your account' }).waitFor();
    expect(await page.getByRole('link', { name: 'Continue with Google' }).count()).toBe(0);
    await context.close();
  });

  it('is switched on in the back office with the client id and secret', async () => {
    await admin.goto('/admin/social/login');
    await admin.getByRole('heading', { name: 'Social login', level: 1 }).waitFor();
    await admin.getByLabel(/^Google client id/).fill(CLIENT_ID);
    await admin.getByLabel(/^Google sign-in/).check({ force: true });
    await admin.getByRole('button', { name: 'Save' }).click();
    // The secret is needed too: the field says so.
    await admin.getByText('Enter the Google client secret to turn Google sign-in on').waitFor();
    await admin.getByLabel(/^Google client secret/).fill('GOCSPX-e2e-secret-value-7788');
    await admin.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Social login saved.').waitFor();
    // Saved, only the end of the secret is shown.
    await expect.poll(() => admin.locator('input[name="google_client_secret"]').inputValue()).toBe('••••7788');
  });

  it('shows "Continue with Google" on the sign-in and sign-up pages, leading to Google with the shop’s client id', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/register');
    await page.getByRole('link', { name: 'Continue with Google' }).waitFor();
    expect(await page.getByRole('link', { name: 'Continue with Facebook' }).count()).toBe(0);

    await page.goto('/login?next=%2Fcart');
    const button = page.getByRole('link', { name: 'Continue with Google' });
    expect(await button.getAttribute('href')).toBe('/auth/google/start?next=%2Fcart');

    // No real Google: the browser's request to Google is answered here, after checking what it asks for.
    let asked: URL | null = null;
    await page.route('https://accounts.google.com/**', (route) => {
      asked = new URL(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google</title><h1>Choose an account</h1>' });
    });
    await button.click();
    await page.getByRole('heading', { name: 'Choose an account' }).waitFor();
    expect(asked).not.toBeNull();
    const params = (asked as unknown as URL).searchParams;
    expect(params.get('client_id')).toBe(CLIENT_ID);
    expect(params.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/auth\/google\/callback$/);
    expect(params.get('code_challenge_method')).toBe('S256');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'haat_oauth')).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/auth' });
    await context.close();
  });

  it('brings a refused sign-in back to the sign-in page with a clear message, in Bengali too', async () => {
    const { context, page } = await newPage(browser);
    // A callback without the state cookie (another browser, or a forged link).
    await page.goto('/auth/google/callback?code=abc&state=forged');
    await page.waitForURL('**/login?social_error=state');
    await page.getByRole('alert').getByText('The sign-in link expired or was opened in another browser. Please try again.').waitFor();

    await page.evaluate(() => localStorage.setItem('haat_language', 'bn'));
    await page.goto('/login?social_error=denied');
    await page.getByText('সাইন-ইন বাতিল করা হয়েছে, তাই আপনি সাইন ইন করেননি।').waitFor();
    await page.getByRole('link', { name: 'Google দিয়ে চালিয়ে যান' }).waitFor();
    await context.close();
  });
});
