import './store.css';
import { setApiLanguage } from './api';
import { mountBooking } from './book';
import { setLocale } from './i18n';
import type { StoreData } from './logic';
import { mountManage } from './manage';

/**
 * The store's script: the server renders the page (and the data below); this adds the booking steps
 * (data-view="book") or the customer's own booking page (data-view="manage").
 */
function start(): void {
  const root = document.getElementById('store-app');
  const json = document.getElementById('store-data')?.textContent;
  if (!root || !json) return;
  const data = JSON.parse(json) as StoreData;
  setApiLanguage(setLocale(data.locale));
  const view = root.dataset.view;
  if (view === 'manage' && root.dataset.token) {
    // `/api/v1/store/<subdomain>` → `/api/v1/store/booking`.
    const manageApi = (data as StoreData & { manage_api?: string }).manage_api ?? `${data.api.replace(/\/[^/]+\/?$/, '')}/booking`;
    mountManage(root, data, root.dataset.token, manageApi);
  } else if (view === 'book') mountBooking(root, data);
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
