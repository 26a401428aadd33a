import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import type { StorePage } from '../api/custom-pages';
import { CustomPagePage } from './custom-page-page';
import { CustomPagesPage } from './custom-pages-page';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

const page = (over: Partial<StorePage> = {}): StorePage => ({
  id: 'p1',
  type: 'content',
  title: 'About us',
  slug: 'about-us',
  body: 'We cut hair.',
  url: null,
  published: true,
  sort_order: 0,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
  ...over,
});

let api: ReturnType<typeof stubApi>;
let list: StorePage[];
const USER = me({ permissions: ['marketing.pages'] });

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  api = stubApi();
  list = [page(), page({ id: 'p2', type: 'link', title: 'Instagram', slug: 'insta', body: null, url: 'https://instagram.com/salon', published: false })];
  api.routes['GET /api/v1/store/custom-pages'] = () => ({ status: 200, json: { data: list } });
  api.routes['GET /api/v1/store/custom-pages/p1'] = () => ({ status: 200, json: { data: list[0] } });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const renderForm = (id = 'create') => renderPage(<CustomPagePage />, { path: `/store/custom-pages/${id}`, route: '/store/custom-pages/:id', user: USER });

describe('custom page form', () => {
  it('checks the form before sending: a title, a slug of English letters, the text a content page needs', async () => {
    renderForm();
    fireEvent.click(await screen.findByTestId('page-save'));
    const form = screen.getByTestId('page-form');
    await waitFor(() => expect(within(form).getAllByText('This field is required').length).toBeGreaterThanOrEqual(2));
    expect(screen.getByTestId('page-title').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('page-body').getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByTestId('page-title'), { target: { value: 'About us' } });
    // The slug follows the title until typed.
    expect((screen.getByTestId('page-slug') as HTMLInputElement).value).toBe('about-us');
    fireEvent.change(screen.getByTestId('page-slug'), { target: { value: 'من نحن' } });
    fireEvent.change(screen.getByTestId('page-body'), { target: { value: 'We cut hair.' } });
    fireEvent.click(screen.getByTestId('page-save'));
    expect(await screen.findByText('English letters, digits, underscore and hyphen only')).toBeTruthy();
    expect(api.called('POST /api/v1/store/custom-pages')).toHaveLength(0);
  });

  it('a link page needs a web address, and sends no text', async () => {
    api.routes['POST /api/v1/store/custom-pages'] = () => ({ status: 201, json: { message: 'Created', data: page({ id: 'p3' }) } });
    renderForm();
    fireEvent.click(within(await screen.findByTestId('page-type')).getByText('Link'));
    fireEvent.change(screen.getByTestId('page-title'), { target: { value: 'Book on WhatsApp' } });
    fireEvent.click(screen.getByTestId('page-save'));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    fireEvent.change(screen.getByTestId('page-url'), { target: { value: 'wa.me/966500000000' } });
    fireEvent.click(screen.getByTestId('page-save'));
    expect(await screen.findByText('Invalid URL')).toBeTruthy();
    fireEvent.change(screen.getByTestId('page-url'), { target: { value: 'https://wa.me/966500000000' } });
    fireEvent.click(screen.getByTestId('page-save'));
    await waitFor(() => expect(api.called('POST /api/v1/store/custom-pages')).toHaveLength(1));
    expect(api.called('POST /api/v1/store/custom-pages')[0]?.body).toEqual({
      type: 'link',
      title: 'Book on WhatsApp',
      slug: 'book-on-whatsapp',
      body: null,
      url: 'https://wa.me/966500000000',
      published: true,
    });
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/store/custom-pages'));
  });

  it('shows the server’s 422 on the slug under the field', async () => {
    api.routes['POST /api/v1/store/custom-pages'] = () => ({ status: 422, json: { message: 'Invalid', errors: { slug: ['This value already exists'] } } });
    renderForm();
    fireEvent.change(await screen.findByTestId('page-title'), { target: { value: 'About us' } });
    fireEvent.change(screen.getByTestId('page-body'), { target: { value: 'Text' } });
    fireEvent.click(screen.getByTestId('page-save'));
    expect(await screen.findByText('This value already exists')).toBeTruthy();
    expect(screen.getByTestId('page-slug').getAttribute('aria-invalid')).toBe('true');
  });

  it('edits a page with PUT, the form filled from it', async () => {
    api.routes['PUT /api/v1/store/custom-pages/p1'] = () => ({ status: 200, json: { message: 'Saved', data: list[0] } });
    renderForm('p1');
    await waitFor(() => expect((screen.getByTestId('page-title') as HTMLInputElement).value).toBe('About us'));
    expect((screen.getByTestId('page-slug') as HTMLInputElement).value).toBe('about-us');
    // An existing page keeps its slug when its title changes.
    fireEvent.change(screen.getByTestId('page-title'), { target: { value: 'Who we are' } });
    fireEvent.click(screen.getByTestId('page-save'));
    await waitFor(() => expect(api.called('PUT /api/v1/store/custom-pages/p1')).toHaveLength(1));
    expect(api.called('PUT /api/v1/store/custom-pages/p1')[0]?.body).toMatchObject({ title: 'Who we are', slug: 'about-us', body: 'We cut hair.', url: null });
  });
});

describe('custom pages list', () => {
  it('lists title, type, slug and published; deletes after a confirmation', async () => {
    api.routes['DELETE /api/v1/store/custom-pages/p2'] = () => {
      list = [page()];
      return { status: 200, json: { message: 'Deleted' } };
    };
    renderPage(<CustomPagesPage />, { path: '/store/custom-pages', user: USER });
    const row = await screen.findByTestId('page-row-p2');
    expect(within(row).getByTestId('page-type-p2').textContent).toBe('Link');
    expect(within(row).getByTestId('page-published-p2').textContent).toBe('Draft');
    expect(row.textContent).toContain('/insta');
    expect(screen.getByTestId('page-published-p1').textContent).toBe('Published');
    fireEvent.click(within(row).getByTestId('page-delete-p2'));
    await screen.findByTestId('confirm-ok');
    const dialog = screen.getByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Instagram');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    await waitFor(() => expect(api.called('DELETE /api/v1/store/custom-pages/p2')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('page-row-p2')).toBeNull());
  });

  it('invites to create the first page when there is none', async () => {
    list = [];
    renderPage(<CustomPagesPage />, { path: '/store/custom-pages', user: USER });
    fireEvent.click(await screen.findByTestId('pages-add-first'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/store/custom-pages/create'));
  });
});
