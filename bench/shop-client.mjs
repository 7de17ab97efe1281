// A shop's clients for the checkout benchmarks: an admin session, a shopper's browser (CSRF cookie
// and token, then the cart cookie), and a product with a known stock.
import { cookiesFrom, httpRequest, signInAsAdmin } from './lib.mjs';

const REQUEST_TIMEOUT_MS = 120_000;

const json = (response, what) => {
  try {
    return JSON.parse(response.body);
  } catch {
    throw new Error(`${what} answered ${response.status} with no JSON: ${response.body.slice(0, 200)}`);
  }
};

export function expectStatus(response, status, what) {
  if (response.status !== status) throw new Error(`${what} answered ${response.status}: ${response.body.slice(0, 300)}`);
  return json(response, what);
}

/** An admin session that can send unsafe requests. */
export async function adminClient(base, admin) {
  const { cookie, csrfToken } = await signInAsAdmin(base, admin);
  const headers = { cookie, 'x-csrf-token': csrfToken, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
  return {
    get: (path) => httpRequest(`${base}${path}`, { headers: { cookie }, timeoutMs: REQUEST_TIMEOUT_MS }),
    post: (path, body) =>
      httpRequest(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body), timeoutMs: REQUEST_TIMEOUT_MS }),
  };
}

/** A shopper's browser: the CSRF cookie and token, then the cart cookie after the first add. */
export async function newShopper(base, { agent } = {}) {
  const response = await httpRequest(`${base}/api/csrf-token`);
  const { token } = expectStatus(response, 200, 'GET /api/csrf-token');
  const cookies = { haat_csrf: cookiesFrom(response).haat_csrf };
  const headers = () => ({
    cookie: Object.entries(cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; '),
    'x-csrf-token': token,
    'x-requested-with': 'XMLHttpRequest',
    'content-type': 'application/json',
  });
  return {
    async post(path, body) {
      const answer = await httpRequest(`${base}${path}`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify(body),
        timeoutMs: REQUEST_TIMEOUT_MS,
        agent,
      });
      Object.assign(cookies, cookiesFrom(answer));
      return answer;
    },
  };
}

/** A category and one published product with one variant holding `stock` units, and a place to deliver to. */
export async function prepareShop(base, admin, stock) {
  const category = expectStatus(
    await admin.post('/api/admin/categories', { name: `Bench ${Date.now()}` }),
    201,
    'POST /api/admin/categories',
  );
  const sku = `BENCH-${Date.now()}`;
  const product = expectStatus(
    await admin.post('/api/admin/products', {
      name: `Last Units Kurti ${sku}`,
      sku,
      category_id: category.data.id,
      wholesale_price: 80000,
      retail_price: 120000,
      variants: [{ sku, attribute_value_ids: [], opening_stock: stock }],
    }),
    201,
    'POST /api/admin/products',
  ).data;
  const { cities } = expectStatus(await httpRequest(`${base}/_public/cities`), 200, 'GET /_public/cities');
  const dhaka = cities.find((city) => city.is_main_city) ?? cities[0];
  const subCities = expectStatus(await httpRequest(`${base}/_public/cities/${dhaka.id}/sub-cities`), 200, 'GET sub cities');
  const list = subCities.sub_cities ?? subCities.data ?? [];
  if (!list.length) throw new Error(`no sub cities in ${dhaka.name}: ${JSON.stringify(subCities).slice(0, 200)}`);
  return { productId: product.id, variantId: product.variants[0].id, place: { city_id: dhaka.id, sub_city_id: list[0].id } };
}
