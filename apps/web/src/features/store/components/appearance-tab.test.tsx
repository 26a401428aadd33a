import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { me, renderPage, stubApi } from '@/features/subscription/test-support';
import { changeLocale } from '@/lib/i18n';
import type { ImageSize } from '../lib/image-check';
import { settings } from '../test-fixtures';
import { AppearanceTab } from './appearance-tab';

const show = vi.hoisted(() => vi.fn());
vi.mock('@mantine/notifications', () => ({ notifications: { show } }));

let api: ReturnType<typeof stubApi>;
/** The pixel size the "browser" reads from the picked image. */
let pixels: ImageSize | null;
const sizeOf = vi.fn(async () => pixels);

beforeAll(async () => {
  await changeLocale('en');
});
beforeEach(() => {
  show.mockClear();
  sizeOf.mockClear();
  pixels = { width: 400, height: 400 };
  api = stubApi();
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const render = (over = {}) => renderPage(<AppearanceTab settings={settings(over)} sizeOf={sizeOf} />, { path: '/store/store-panel/appearance', user: me({ permissions: ['store.appearance'] }) });

const file = (name: string, type: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type });

function pick(kind: string, f: File) {
  const input = screen.getByTestId(`image-${kind}`).querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [f] } });
}

describe('AppearanceTab — images', () => {
  it('shows each image’s limit and formats', () => {
    render();
    expect(screen.getByTestId('image-logo-limit').textContent).toBe('Up to 500 KB, square, at most 500×500 px · JPG, PNG');
    expect(screen.getByTestId('image-banner-limit').textContent).toBe('Up to 2 MB · JPG, PNG, WEBP');
  });

  it('checks a logo before sending it: type, size, pixels, shape — in the server’s words', async () => {
    render();
    pick('logo', file('logo.gif', 'image/gif', 1000));
    expect((await screen.findByTestId('image-logo-error')).textContent).toBe('File type unsupported');

    pick('logo', file('big.png', 'image/png', 600 * 1024));
    await waitFor(() => expect(screen.getByTestId('image-logo-error').textContent).toBe('Image too large (limit 500 KB)'));

    pixels = { width: 600, height: 600 };
    pick('logo', file('wide.png', 'image/png', 10_000));
    await waitFor(() => expect(screen.getByTestId('image-logo-error').textContent).toBe('The logo is at most 500×500 pixels'));

    pixels = { width: 400, height: 300 };
    pick('logo', file('rect.jpg', 'image/jpeg', 10_000));
    await waitFor(() => expect(screen.getByTestId('image-logo-error').textContent).toBe('The logo must be square (1:1)'));
    expect(screen.queryByTestId('image-logo-file')).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends a good logo as the multipart field `file`', async () => {
    api.routes['POST /api/v1/store/settings/images/logo'] = () => ({ status: 200, json: { message: 'Saved', data: settings({ logo: '/files/logo.png' }) } });
    render();
    pick('logo', file('logo.png', 'image/png', 20_000));
    expect((await screen.findByTestId('image-logo-file')).textContent).toBe('logo.png');
    expect(screen.queryByTestId('image-logo-error')).toBeNull();
    fireEvent.click(screen.getByTestId('image-logo-save'));
    await waitFor(() => expect(api.called('POST /api/v1/store/settings/images/logo')).toHaveLength(1));
    const body = api.called('POST /api/v1/store/settings/images/logo')[0]?.body as FormData;
    expect((body.get('file') as File).name).toBe('logo.png');
  });

  it('saving with no file chosen asks the server, and shows its "change first" under the image', async () => {
    api.routes['POST /api/v1/store/settings/images/banner'] = () => ({ status: 422, json: { message: 'Invalid', errors: { file: ['Change the banner first'] } } });
    render();
    fireEvent.click(screen.getByTestId('image-banner-save'));
    expect((await screen.findByTestId('image-banner-error')).textContent).toBe('Change the banner first');
    const body = api.called('POST /api/v1/store/settings/images/banner')[0]?.body as FormData;
    expect(body.get('file')).toBeNull();
  });

  it('removes an image', async () => {
    api.routes['DELETE /api/v1/store/settings/images/favicon'] = () => ({ status: 200, json: { message: 'Removed', data: settings() } });
    render({ favicon: '/files/icon.png' });
    expect(screen.getByTestId('image-favicon-preview')).toBeTruthy();
    expect(screen.queryByTestId('image-logo-remove')).toBeNull();
    fireEvent.click(screen.getByTestId('image-favicon-remove'));
    await waitFor(() => expect(api.called('DELETE /api/v1/store/settings/images/favicon')).toHaveLength(1));
  });
});

describe('AppearanceTab — colours', () => {
  it('previews the colours live, resets to the defaults and saves them', async () => {
    api.routes['POST /api/v1/store/settings/appearance'] = () => ({ status: 200, json: { message: 'Saved', data: settings() } });
    render({ primary_color: '#111111' });
    const header = screen.getByTestId('store-preview-header');
    expect(header.style.background).toBe('rgb(17, 17, 17)');
    fireEvent.click(screen.getByTestId('store-colors-reset'));
    await waitFor(() => expect(screen.getByTestId('store-preview-header').style.background).toBe('rgb(59, 113, 254)'));
    expect((screen.getByTestId('store-colors-reset') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('store-appearance-save'));
    await waitFor(() => expect(api.called('POST /api/v1/store/settings/appearance')).toHaveLength(1));
    expect(api.called('POST /api/v1/store/settings/appearance')[0]?.body).toEqual({ primary_color: '#3B71FE', secondary_color: '#6DC8F9', background_color: '#FFFFFF' });
  });

  it('refuses a colour that is not a hex colour', async () => {
    render();
    const input = within(screen.getByTestId('store-appearance-tab')).getByTestId('store-primary_color');
    fireEvent.change(input, { target: { value: 'blue' } });
    fireEvent.click(screen.getByTestId('store-appearance-save'));
    expect(await screen.findByText('Invalid colour (like #3B71FE)')).toBeTruthy();
    expect(api.called('POST /api/v1/store/settings/appearance')).toHaveLength(0);
  });
});
