import {
  CITIES,
  COMMISSION,
  LISTING_POLICY,
  PAYOUT_PERIOD_DAYS,
  STORE_MESSAGES,
  formatMoney,
  formatPayoutFrequency,
  formatRate,
  type UserProfile,
} from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../../lib/session';
import { jsonResponse, mockFetch, renderRoute, validToken } from '../../../test/render';
import { storeOpenedMessage, storeUnderReviewMessage } from './open-store-form';

const profile = (storeName: string | null): UserProfile => ({
  userName: 'alice',
  firstName: 'Alice',
  lastName: 'Ng',
  email: 'alice@example.com',
  storeName,
  role: 'buyer',
  addresses: [],
});

const STORE = {
  id: 'Alder & Ash',
  name: 'Alder & Ash',
  description: 'Linen from Kitsilano.',
  thumbnail: null,
  city: 'TORONTO',
  productCount: 0,
};

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** GET /user/alice answers with the current store; POST /store with `post`. */
function sellerApi(post: (body: FormData) => Response | Promise<Response>) {
  let storeName: string | null = null;
  return async (method: string, path: string, init: RequestInit | undefined) => {
    if (method === 'GET' && path === '/user/alice') return jsonResponse(200, profile(storeName));
    if (method === 'POST' && path === '/store') {
      const response = await post(init?.body as FormData);
      if (response.ok) storeName = STORE.name;
      return response;
    }
    if (method === 'GET' && path.startsWith('/store/public/items/')) return jsonResponse(200, []);
    return jsonResponse(404, { message: 'Not found.' });
  };
}

async function openStoreForm() {
  return screen.findByRole('form', { name: 'Open your store' });
}

describe('seller home', () => {
  it('shows the policy numbers from the shared constants', async () => {
    mockFetch(() => jsonResponse(404, {}));
    renderRoute('/seller-home');
    await screen.findByRole('heading', { level: 1 });

    // What a brand reads, checked against both the constants and the words on the page.
    expect(formatRate(COMMISSION.totalRate)).toBe('20%');
    expect(formatRate(COMMISSION.paymentFeeRate)).toBe('2.9%');
    expect(formatRate(COMMISSION.marketplaceRate)).toBe('17.1%');
    expect(formatPayoutFrequency(PAYOUT_PERIOD_DAYS)).toBe('every 2 weeks');

    expect(screen.getByText('20% per sale')).toBeInTheDocument();
    expect(
      screen.getByText(
        `${formatRate(COMMISSION.paymentFeeRate)} + ${formatMoney(COMMISSION.paymentFeeFixed)}`,
      ),
    ).toHaveTextContent('2.9% + $0.30');
    expect(screen.getByText('17.1%')).toBeInTheDocument();
    expect(
      screen.getByText(/Your first 20 listings are free, then \$0\.10 per listing/),
    ).toHaveTextContent(`up to ${LISTING_POLICY.maxPhotosPerPost} photos`);
    expect(screen.getByText(/Payouts every 2 weeks \(14 days\)/)).toBeInTheDocument();
    expect(
      screen.getByText(/free over \$200\.00 USD \(USA\) or \$300\.00 CAD \(Canada\)/),
    ).toHaveTextContent('$10.00 per brand');
    expect(screen.getByText(/under \$80\.00 CAD or \$70\.00 USD/)).toHaveTextContent(
      'we reimburse 50% of your shipping fee',
    );
  });

  it('asks a visitor to log in or create an account', async () => {
    mockFetch(() => jsonResponse(404, {}));
    renderRoute('/seller-home');
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/seller-home#open-store')}`,
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      `/signup?next=${encodeURIComponent('/seller-home#open-store')}`,
    );
    expect(screen.queryByRole('form', { name: 'Open your store' })).not.toBeInTheDocument();
  });

  it('comes back to the open-store form after logging in from it (issue 39.24)', async () => {
    // jsdom has no layout: the page scrolls to #open-store in a browser.
    Element.prototype.scrollIntoView = vi.fn();
    const api = sellerApi(() => jsonResponse(500, {}));
    mockFetch((method, path, init) =>
      method === 'POST' && path === '/auth/login'
        ? jsonResponse(200, { accessToken: validToken('alice') })
        : api(method, path, init),
    );
    const { user, location } = renderRoute('/seller-home');
    await user.click(await screen.findByRole('link', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Login Now' });
    await user.type(screen.getByLabelText('User name or email'), 'alice');
    await user.type(screen.getByLabelText('Password'), 'Password123!');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await openStoreForm()).toBeInTheDocument();
    expect(location().pathname).toBe('/seller-home');
  });

  it('links a seller to the dashboard instead of the form', async () => {
    setSession(validToken('alice'), 'alice');
    mockFetch((method, path) =>
      path === '/user/alice' ? jsonResponse(200, profile('Maple Denim Co')) : jsonResponse(404, {}),
    );
    renderRoute('/seller-home');
    expect(await screen.findByRole('link', { name: 'Go to your Admin Dashboard' })).toHaveAttribute(
      'href',
      '/admin',
    );
    expect(screen.getByRole('heading', { name: 'Maple Denim Co is open' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Open your store' })).not.toBeInTheDocument();
  });

  it('opens a store: posts FormData, shows the dashboard link in the navbar and goes to /admin', async () => {
    setSession(validToken('alice'), 'alice');
    const pending = deferred<Response>();
    const fetchMock = mockFetch(sellerApi(() => pending.promise));
    const { user, location } = renderRoute('/seller-home');
    const form = within(await openStoreForm());

    expect(form.getByLabelText('City')).toHaveValue(CITIES[0]);
    expect(
      Array.from((form.getByLabelText('City') as HTMLSelectElement).options, (o) => o.textContent),
    ).toEqual(['Vancouver', 'Montreal', 'Toronto', 'Los Angeles', 'New York']);
    await user.type(form.getByLabelText('Store name'), STORE.name);
    await user.type(form.getByLabelText('Description'), STORE.description);
    await user.selectOptions(form.getByLabelText('City'), 'TORONTO');
    const image = new File(['png'], 'logo.png', { type: 'image/png' });
    await user.upload(form.getByLabelText('Store image (optional)'), image);
    await user.click(form.getByRole('button', { name: 'Open your store' }));

    // Submitting disables the form.
    expect(await form.findByRole('button', { name: 'Opening your store…' })).toBeDisabled();
    expect(form.getByLabelText('Store name')).toBeDisabled();

    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = call?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    const data = body as FormData;
    expect(data.get('name')).toBe(STORE.name);
    expect(data.get('description')).toBe(STORE.description);
    expect(data.get('city')).toBe('TORONTO');
    expect((data.get('thumbnail') as File).name).toBe('logo.png');

    pending.resolve(jsonResponse(201, STORE));
    await waitFor(() => expect(location().pathname).toBe('/admin'));
    expect(await screen.findByText(storeOpenedMessage(STORE.name))).toBeInTheDocument();

    // The ['user'] queries were refreshed: the account menu now offers the dashboard.
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const menu = document.querySelector('.account-menu .dropdown-menu');
    await waitFor(() => expect(menu).toHaveTextContent('Admin Dashboard'));
    expect(
      await screen.findByRole('heading', { level: 1, name: `${STORE.name} Admin Dashboard` }),
    ).toBeInTheDocument();
  });

  it('says a store waiting for approval is under review, not open (issue 39.4)', async () => {
    setSession(validToken('alice'), 'alice');
    mockFetch(sellerApi(() => jsonResponse(201, { ...STORE, status: 'PENDING' })));
    const { user, location } = renderRoute('/seller-home');
    const form = within(await openStoreForm());
    await user.type(form.getByLabelText('Store name'), STORE.name);
    await user.click(form.getByRole('button', { name: 'Open your store' }));
    await waitFor(() => expect(location().pathname).toBe('/admin'));
    expect(await screen.findByText(storeUnderReviewMessage(STORE.name))).toBeInTheDocument();
    expect(screen.queryByText(storeOpenedMessage(STORE.name))).toBeNull();
  });

  it.each([STORE_MESSAGES.nameTaken, STORE_MESSAGES.alreadyOpen])(
    'shows a 409 (%s) inline and as a toast, and stays on the page',
    async (message) => {
      setSession(validToken('alice'), 'alice');
      mockFetch(sellerApi(() => jsonResponse(409, { message })));
      const { user, location } = renderRoute('/seller-home');
      const formElement = await openStoreForm();
      const form = within(formElement);
      await user.type(form.getByLabelText('Store name'), STORE.name);
      await user.click(form.getByRole('button', { name: 'Open your store' }));

      expect(await form.findByRole('alert')).toHaveTextContent(message);
      await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
      expect(location().pathname).toBe('/seller-home');
      expect(form.getByRole('button', { name: 'Open your store' })).toBeEnabled();
    },
  );

  it('marks the name for a name that looks like another store’s (409)', async () => {
    setSession(validToken('alice'), 'alice');
    const message = STORE_MESSAGES.nameLooksTaken;
    mockFetch(sellerApi(() => jsonResponse(409, { message, fieldErrors: { name: message } })));
    const { user } = renderRoute('/seller-home');
    const form = within(await openStoreForm());
    await user.type(form.getByLabelText('Store name'), 'Maple Denim C\u043e');
    await user.click(form.getByRole('button', { name: 'Open your store' }));
    await waitFor(() =>
      expect(form.getByLabelText('Store name')).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(form.getAllByText(message).length).toBeGreaterThan(0);
  });

  it('refuses invisible characters in the name before posting', async () => {
    setSession(validToken('alice'), 'alice');
    const fetchMock = mockFetch(sellerApi(() => jsonResponse(201, STORE)));
    const { user } = renderRoute('/seller-home');
    const form = within(await openStoreForm());
    await user.type(form.getByLabelText('Store name'), 'Maple\u200b Denim Co');
    await user.click(form.getByRole('button', { name: 'Open your store' }));
    expect(
      await form.findByText('Store name: remove invisible or control characters.'),
    ).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('checks the fields with the shared schema before posting', async () => {
    setSession(validToken('alice'), 'alice');
    const fetchMock = mockFetch(sellerApi(() => jsonResponse(201, STORE)));
    const { user } = renderRoute('/seller-home');
    const form = within(await openStoreForm());
    await user.type(form.getByLabelText('Store name'), '   ');
    await user.click(form.getByRole('button', { name: 'Open your store' }));
    expect(await form.findByText(STORE_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(form.getByLabelText('Store name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
