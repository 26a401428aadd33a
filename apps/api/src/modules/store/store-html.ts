import type { Locale } from '@app/shared/constants';
import { formatDate, formatDuration, formatMoney, formatNumber } from '@app/shared/format';
import type { StoreLayout, StoreSocialKey } from '@app/shared/schemas/store';

/**
 * The public store's pages as HTML (pure functions: data in, text out; no React on the server).
 * Everything a business or a visitor wrote is escaped where it lands (`esc` for text and attributes,
 * `safeUrl` for addresses, `jsonScript` for the JSON data blocks); colours are checked before they
 * reach the CSS. The page is complete without JavaScript; the store script (H5) only takes over
 * `#store-app` on the booking and the customer's booking pages. docs/decisions.md "The public store
 * pages (issue 19)".
 */

// ------------------------------------------------------------------ escaping

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const esc = (v: unknown): string => String(v ?? '').replace(/[&<>"']/g, (c) => ESC[c] ?? c);
/** Words the business wrote, in either language, isolated so their punctuation stays on their own side in a page of the other direction. */
const own = (v: unknown): string => `<bdi>${esc(v)}</bdi>`;

/** JSON inside `<script type="application/json">`: nothing in it can close the element or start a comment. */
export function jsonScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** An address a link or an image may use: our own paths and http(s) only (never javascript:, data:, //host). */
export function safeUrl(v: string | null | undefined): string | null {
  if (!v) return null;
  const s = v.trim();
  if (/^\/(?!\/)/.test(s) && !s.includes('\\')) return s;
  if (/^https?:\/\/[^\s"'<>]+$/i.test(s)) return s;
  return null;
}

/** An outside address a link page may lead to: http(s) with a host only. */
export function externalUrl(v: string | null | undefined): string | null {
  const s = v?.trim() ?? '';
  if (!/^https?:\/\/[^\s"'<>\\]+$/i.test(s)) return null;
  try {
    return new URL(s).host ? s : null;
  } catch {
    return null;
  }
}

const HEX = /^#[0-9a-f]{6}$/i;
const color = (v: string | null | undefined, fallback: string) => (v && HEX.test(v) ? v : fallback);

// ------------------------------------------------------------------ words

const WORDS = {
  ar: {
    home: 'الرئيسية',
    book: 'احجز',
    bookNow: 'احجز الآن',
    services: 'الخدمات',
    categories: 'التصنيفات',
    products: 'المنتجات',
    packages: 'الباقات',
    reviews: 'آراء العملاء',
    gallery: 'معرض الصور',
    contact: 'تواصل معنا',
    phone: 'الجوال',
    email: 'البريد الإلكتروني',
    address: 'العنوان',
    servicesCount: (n: number) => (n === 1 ? 'خدمة واحدة' : n === 2 ? 'خدمتان' : `${formatNumber(n, 'ar')} خدمات`),
    allServices: 'كل الخدمات',
    noServices: 'لا توجد خدمات متاحة للحجز حاليًا.',
    ratingOf: (avg: string, n: number) => `${avg} من 5 (${formatNumber(n, 'ar')} تقييم)`,
    stars: (n: number) => `${n} من 5`,
    reply: 'رد النشاط',
    bookingTitle: 'احجز موعدك',
    bookingIntro: 'اختر الخدمة والموعد المناسب لك.',
    manageTitle: 'حجزي',
    manageIntro: 'تفاصيل حجزك، ويمكنك تغيير الموعد أو إلغاؤه هنا.',
    noscript: 'يحتاج الحجز عبر الإنترنت إلى تفعيل JavaScript في متصفحك. يمكنك أيضًا التواصل معنا مباشرة.',
    maintenanceDefault: 'المتجر تحت الصيانة',
    maintenanceBody: 'نعود قريبًا.',
    unavailableTitle: 'المتجر غير متاح',
    unavailableBody: 'هذا المتجر غير متاح حاليًا.',
    notFoundTitle: 'الصفحة غير موجودة',
    notFoundBody: 'لم نجد ما تبحث عنه.',
    storeNotFoundBody: 'لا يوجد متجر بهذا العنوان.',
    linkInvalidTitle: 'رابط الحجز غير صالح',
    linkInvalidBody: 'تأكد من الرابط المرسل إليك، أو تواصل مع النشاط.',
    linkExpiredTitle: 'انتهت صلاحية رابط الحجز',
    linkExpiredBody: 'هذا الرابط لم يعد صالحًا. تواصل مع النشاط لأي تغيير على حجزك.',
    backHome: 'العودة إلى المتجر',
    language: 'English',
    poweredBy: 'يعمل بواسطة خدمة',
    menu: 'القائمة',
    from: 'المدة',
    leavingTitle: 'أنت تغادر المتجر',
    leaving: (store: string, host: string) => `أنت تغادر ${store} إلى ${host}`,
    leavingNote: 'هذا الرابط يفتح موقعًا خارجيًا لسنا مسؤولين عن محتواه.',
    continueTo: (host: string) => `المتابعة إلى ${host}`,
  },
  en: {
    home: 'Home',
    book: 'Book',
    bookNow: 'Book now',
    services: 'Services',
    categories: 'Categories',
    products: 'Products',
    packages: 'Packages',
    reviews: 'Reviews',
    gallery: 'Gallery',
    contact: 'Contact us',
    phone: 'Phone',
    email: 'E-mail',
    address: 'Address',
    servicesCount: (n: number) => (n === 1 ? '1 service' : `${formatNumber(n, 'en')} services`),
    allServices: 'All services',
    noServices: 'No services can be booked at the moment.',
    ratingOf: (avg: string, n: number) => `${avg} out of 5 (${formatNumber(n, 'en')} ${n === 1 ? 'review' : 'reviews'})`,
    stars: (n: number) => `${n} out of 5`,
    reply: 'Reply from the business',
    bookingTitle: 'Book an appointment',
    bookingIntro: 'Choose a service and a time that suits you.',
    manageTitle: 'My booking',
    manageIntro: 'Your booking’s details; you can reschedule or cancel it here.',
    noscript: 'Booking online needs JavaScript turned on in your browser. You can also contact us directly.',
    maintenanceDefault: 'The store is under maintenance',
    maintenanceBody: 'We will be back soon.',
    unavailableTitle: 'Store unavailable',
    unavailableBody: 'This store is not available at the moment.',
    notFoundTitle: 'Page not found',
    notFoundBody: 'We could not find what you were looking for.',
    storeNotFoundBody: 'There is no store at this address.',
    linkInvalidTitle: 'This booking link is not valid',
    linkInvalidBody: 'Check the link we sent you, or contact the business.',
    linkExpiredTitle: 'This booking link has expired',
    linkExpiredBody: 'This link is no longer valid. Contact the business for any change to your booking.',
    backHome: 'Back to the store',
    language: 'العربية',
    poweredBy: 'Powered by Khidma',
    menu: 'Menu',
    from: 'Duration',
    leavingTitle: 'You are leaving the store',
    leaving: (store: string, host: string) => `You are leaving ${store} for ${host}`,
    leavingNote: 'This link opens an outside site; we are not responsible for its content.',
    continueTo: (host: string) => `Continue to ${host}`,
  },
} as const;
export const storeWords = (locale: Locale) => WORDS[locale];

// ------------------------------------------------------------------ the page's data

export type StoreChrome = {
  locale: Locale;
  /** The `lang` the visitor asked for in the query (kept on every link), else null. */
  langParam: Locale | null;
  /** '/s/<subdomain>' on the main host, '' on the store's own host. */
  base: string;
  /** The store's address for search engines (no trailing slash): its custom domain or the main host's /s/<subdomain>. */
  canonicalBase: string;
  subdomain: string;
  name: string;
  description: string | null;
  logo: string | null;
  banner: string | null;
  favicon: string | null;
  colors: { primary: string; secondary: string; background: string };
  phone: string | null;
  email: string | null;
  address: string | null;
  social: Partial<Record<StoreSocialKey, string | null>>;
  currency: string;
  showPrices: boolean;
  /** The published custom pages for the menu; a `link` page opens its outside address directly. */
  pages: { title: string; slug: string; type?: string; url?: string | null }[];
  /** The store script's files (null: not built; the pages work without it). */
  assets: { js: string; css: string[] } | null;
};

export type HomeData = {
  layout: StoreLayout;
  /** A category chosen on the home page (`?category=`): its services and items only. */
  category: { id: string; name: string; description: string | null } | null;
  categories: { id: string; name: string; description: string | null; services: number }[];
  services: { id: string; name: string; description: string | null; duration: number; price: number; categoryId: string | null }[];
  products: { id: string; name: string; price: number; image: string | null; categoryId: string | null }[];
  packages: { id: string; name: string; description: string | null; price: number }[];
  reviews: { by_name: string; rating: number; body: string | null; reply: string | null; created_at: string }[];
  rating: { count: number; average: number } | null;
  gallery: { url: string; caption: string | null }[];
};

/**
 * What each homepage layout shows (spec §3 options). "Categories": the business's categories that
 * hold a bookable service or a product, as tiles (a tile opens the home page on that category,
 * which lists its services and items whatever the layout). "Services": the bookable services, each
 * with its Book link. "Items": what is sold besides services, the products and (with the packages
 * plugin) the packages. Reviews, gallery and contacts show under every layout.
 */
export function layoutSections(layout: StoreLayout): { categories: boolean; services: boolean; items: boolean } {
  switch (layout) {
    case 'categories_only':
      return { categories: true, services: false, items: false };
    case 'categories_and_items':
      return { categories: true, services: false, items: true };
    case 'items_only':
      return { categories: false, services: false, items: true };
    case 'services_only':
      return { categories: false, services: true, items: false };
    case 'services_and_items':
      return { categories: false, services: true, items: true };
    case 'categories_and_services':
      return { categories: true, services: true, items: false };
    default:
      return { categories: true, services: true, items: true };
  }
}

// ------------------------------------------------------------------ pieces

/** A link inside the store, keeping the visitor's language choice. */
function href(c: StoreChrome, path: string, query: [string, string][] = []): string {
  const q = [...query, ...(c.langParam ? ([['lang', c.langParam]] as [string, string][]) : [])];
  const qs = q.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');
  const p = `${c.base}${path}` || '/';
  return qs ? `${p}?${qs}` : p;
}

const money = (c: StoreChrome, minor: number) => formatMoney(minor, c.locale, c.currency);

function stars(rating: number, locale: Locale): string {
  const n = Math.max(0, Math.min(5, Math.round(rating)));
  return `<span class="stars" role="img" aria-label="${esc(storeWords(locale).stars(n))}">${'★'.repeat(n)}<span class="off">${'★'.repeat(5 - n)}</span></span>`;
}

/** Plain text with blank lines as paragraphs and single line breaks kept. */
function paragraphs(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${esc(p).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

const SOCIAL_BASE: Partial<Record<StoreSocialKey, string>> = {
  facebook: 'https://www.facebook.com/',
  twitter: 'https://x.com/',
  youtube: 'https://www.youtube.com/@',
  instagram: 'https://www.instagram.com/',
  tiktok: 'https://www.tiktok.com/@',
  linkedin: 'https://www.linkedin.com/in/',
  snapchat: 'https://www.snapchat.com/add/',
};
const SOCIAL_LABEL: Record<StoreSocialKey, string> = {
  facebook: 'Facebook',
  twitter: 'X',
  youtube: 'YouTube',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  linkedin: 'LinkedIn',
  snapchat: 'Snapchat',
  email: 'E-mail',
  whatsapp: 'WhatsApp',
};

/** A social value (a full address, a handle, an e-mail, a phone number) → the link it opens, or null. */
export function socialHref(key: StoreSocialKey, value: string | null | undefined): string | null {
  const v = value?.trim();
  if (!v) return null;
  if (key === 'email') return /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/.test(v) ? `mailto:${v}` : null;
  if (key === 'whatsapp') {
    if (/^https?:\/\//i.test(v)) return safeUrl(v);
    const digits = v.replace(/[\s+()-]/g, '');
    return /^\d{6,15}$/.test(digits) ? `https://wa.me/${digits}` : null;
  }
  if (/^https?:\/\//i.test(v)) return safeUrl(v);
  const handle = v.replace(/^@/, '');
  const base = SOCIAL_BASE[key];
  return base && /^[\w.-]{1,100}$/.test(handle) ? `${base}${handle}` : null;
}

// ------------------------------------------------------------------ the document

const CSS = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Tahoma,"Noto Sans Arabic","Noto Sans",Arial,sans-serif;line-height:1.6;color:#1d2433;background:var(--bg);}
a{color:var(--primary)}
img{max-width:100%;height:auto;display:block}
.wrap{max-width:1120px;margin-inline:auto;padding-inline:16px}
header.top{background:#fff;border-block-end:1px solid #e6e8ee}
.bar{display:flex;align-items:center;gap:12px;min-height:60px;flex-wrap:wrap;padding-block:8px}
.brand{display:flex;align-items:center;gap:10px;text-decoration:none;color:inherit;font-weight:700;font-size:1.1rem;margin-inline-end:auto;min-width:0}
.brand img{width:40px;height:40px;border-radius:10px;object-fit:cover}
.brand span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
nav.menu{display:flex;gap:4px 14px;flex-wrap:wrap;align-items:center;font-size:.95rem}
nav.menu a{text-decoration:none;color:#3a4256;padding-block:4px}
nav.menu a.btn{color:#fff;padding-block:7px}
.btn{display:inline-block;background:var(--primary);color:#fff;text-decoration:none;padding:10px 18px;border-radius:10px;font-weight:600;line-height:1.2;border:0}
.btn.alt{background:#fff;color:var(--primary);border:1px solid var(--primary)}
.btn.sm{padding:7px 14px;font-size:.9rem}
.hero{position:relative;background:linear-gradient(135deg,var(--primary),var(--secondary));color:#fff}
.hero img.banner{width:100%;height:auto;aspect-ratio:3/1;object-fit:cover;max-height:360px}
.hero .in{padding-block:28px}
.hero.has-banner .in{padding-block:20px}
.hero h1{margin:0 0 6px;font-size:1.7rem;line-height:1.3}
.hero p{margin:0 0 14px;max-width:70ch;opacity:.95}
.hero .btn{background:#fff;color:var(--primary)}
.rating{display:flex;align-items:center;gap:8px;margin-block-end:12px}
section{padding-block:24px}
section h2{font-size:1.3rem;margin:0 0 14px}
.grid{display:grid;gap:14px;grid-template-columns:repeat(auto-fill,minmax(240px,1fr))}
.card{background:#fff;border:1px solid #e6e8ee;border-radius:14px;padding:16px;display:flex;flex-direction:column;gap:6px}
.card h3{margin:0;font-size:1.05rem}
.card p{margin:0;color:#5b6478;font-size:.92rem}
.card .meta{display:flex;gap:10px;flex-wrap:wrap;color:#5b6478;font-size:.9rem}
.card .price{font-weight:700;color:#1d2433}
.card .act{margin-block-start:auto;padding-block-start:8px}
.card.item{padding:0;overflow:hidden}
.card.item .body{padding:12px 14px 14px;display:flex;flex-direction:column;gap:4px}
.card.item img{width:100%;aspect-ratio:4/3;object-fit:cover;background:#eef0f5}
a.tile{text-decoration:none;color:inherit;border-inline-start:4px solid var(--secondary)}
a.tile[aria-current]{border-color:var(--primary);background:#f6f8ff}
.stars{color:#f5a524;letter-spacing:1px}.stars .off{color:#d5d9e2}
.review blockquote{margin:0}
.review .reply{background:#f4f6fa;border-radius:10px;padding:8px 10px;font-size:.9rem}
.gallery{display:grid;gap:10px;grid-template-columns:repeat(auto-fill,minmax(140px,1fr))}
.gallery figure{margin:0}.gallery img{width:100%;aspect-ratio:4/3;object-fit:cover;border-radius:12px;background:#eef0f5}
.gallery figcaption{font-size:.85rem;color:#5b6478;padding-block-start:4px}
.prose{background:#fff;border:1px solid #e6e8ee;border-radius:14px;padding:20px;max-width:75ch}
.notice{text-align:center;padding-block:56px}
.notice img{margin-inline:auto;width:72px;height:72px;border-radius:16px;object-fit:cover;margin-block-end:12px}
.notice h1{font-size:1.6rem;margin:0 0 8px}
.notice p{color:#5b6478;margin:0 auto 18px;max-width:60ch}
#store-app{min-height:50vh}
footer.foot{background:#fff;border-block-start:1px solid #e6e8ee;margin-block-start:24px;padding-block:22px;font-size:.92rem;color:#3a4256}
footer .cols{display:flex;gap:18px 40px;flex-wrap:wrap}
footer ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:4px}
footer .social{flex-direction:row;flex-wrap:wrap;gap:6px 14px}
footer .small{color:#7a8297;font-size:.82rem;margin-block-start:14px}
bdi,.ltr{unicode-bidi:isolate}
.ltr{direction:ltr}
@media (min-width:720px){header.top{position:sticky;inset-block-start:0;z-index:2}.hero h1{font-size:2.1rem}.hero .in{padding-block:44px}section{padding-block:32px}}`;

type DocOptions = {
  title: string;
  description?: string | null;
  /** Path of the page under the store's base ('' home, '/book' …) for the canonical address; null: not indexed. */
  canonicalPath?: string | null;
  jsonLd?: unknown;
  /** The store script and its data (the booking and the customer's booking pages). */
  script?: boolean;
  ogImage?: string | null;
  main: string;
};

function document(c: StoreChrome, o: DocOptions): string {
  const dir = c.locale === 'ar' ? 'rtl' : 'ltr';
  const w = storeWords(c.locale);
  const colors = `:root{--primary:${color(c.colors.primary, '#3B71FE')};--secondary:${color(c.colors.secondary, '#6DC8F9')};--bg:${color(c.colors.background, '#FFFFFF')}}`;
  const canonical = o.canonicalPath == null ? null : `${c.canonicalBase}${o.canonicalPath}`;
  const withLang = (u: string, l: Locale) => `${u}?lang=${l}`;
  const icon = safeUrl(c.favicon) ?? safeUrl(c.logo);
  const image = o.ogImage ?? safeUrl(c.banner) ?? safeUrl(c.logo);
  const absolute = (u: string) => (u.startsWith('/') ? `${c.canonicalBase.replace(/(https?:\/\/[^/]+).*/, '$1')}${u}` : u);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width,initial-scale=1">',
    `<title>${esc(o.title)}</title>`,
    o.description ? `<meta name="description" content="${esc(o.description.slice(0, 300))}">` : '',
    canonical ? `<link rel="canonical" href="${esc(c.langParam ? withLang(canonical, c.locale) : canonical)}">` : '<meta name="robots" content="noindex">',
    canonical ? `<link rel="alternate" hreflang="ar" href="${esc(withLang(canonical, 'ar'))}"><link rel="alternate" hreflang="en" href="${esc(withLang(canonical, 'en'))}">` : '',
    `<meta name="theme-color" content="${esc(color(c.colors.primary, '#3B71FE'))}">`,
    icon ? `<link rel="icon" href="${esc(icon)}">` : '',
    `<meta property="og:type" content="website"><meta property="og:site_name" content="${esc(c.name)}"><meta property="og:title" content="${esc(o.title)}">`,
    o.description ? `<meta property="og:description" content="${esc(o.description.slice(0, 300))}">` : '',
    canonical ? `<meta property="og:url" content="${esc(canonical)}">` : '',
    image ? `<meta property="og:image" content="${esc(absolute(image))}">` : '',
    `<meta property="og:locale" content="${c.locale === 'ar' ? 'ar_SA' : 'en_US'}"><meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">`,
    `<style>${colors}\n${CSS}</style>`,
    ...(o.script && c.assets ? c.assets.css.map((h) => `<link rel="stylesheet" href="/store-assets/${esc(h)}">`) : []),
    o.script && c.assets ? `<script type="module" src="/store-assets/${esc(c.assets.js)}"></script>` : '',
    o.jsonLd ? `<script type="application/ld+json">${jsonScript(o.jsonLd)}</script>` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const otherLang: Locale = c.locale === 'ar' ? 'en' : 'ar';
  const logo = safeUrl(c.logo);
  const pagesNav = c.pages
    .map((p) => {
      if (p.type !== 'link') return `<a href="${esc(href(c, `/p/${encodeURIComponent(p.slug)}`))}">${own(p.title)}</a>`;
      const url = externalUrl(p.url);
      return url ? `<a href="${esc(url)}" rel="noopener nofollow" target="_blank">${own(p.title)}</a>` : '';
    })
    .join('');
  return `<!doctype html>
<html lang="${c.locale}" dir="${dir}">
<head>
${head}
</head>
<body>
<header class="top"><div class="wrap bar">
<a class="brand" href="${esc(href(c, ''))}">${logo ? `<img src="${esc(logo)}" alt="" width="40" height="40">` : ''}<span>${own(c.name)}</span></a>
<nav class="menu" aria-label="${esc(w.menu)}"><a href="${esc(href(c, ''))}">${esc(w.home)}</a>${pagesNav}<a href="${esc(`${c.base || '/'}?lang=${otherLang}`)}" hreflang="${otherLang}" lang="${otherLang}">${esc(w.language)}</a><a class="btn sm" href="${esc(href(c, '/book'))}">${esc(w.bookNow)}</a></nav>
</div></header>
<main>
${o.main}
</main>
${footer(c)}
</body>
</html>`;
}

function footer(c: StoreChrome): string {
  const w = storeWords(c.locale);
  const contact: string[] = [];
  if (c.phone) contact.push(`<li>${esc(w.phone)}: <a href="tel:${esc(c.phone.replace(/[^\d+]/g, ''))}" class="ltr" dir="ltr">${esc(c.phone)}</a></li>`);
  if (c.email) contact.push(`<li>${esc(w.email)}: <a href="mailto:${esc(c.email)}">${esc(c.email)}</a></li>`);
  if (c.address) contact.push(`<li>${esc(w.address)}: ${own(c.address)}</li>`);
  const social = (Object.keys(SOCIAL_LABEL) as StoreSocialKey[])
    .map((k) => [k, socialHref(k, c.social[k])] as const)
    .filter((x): x is readonly [StoreSocialKey, string] => Boolean(x[1]))
    .map(([k, u]) => `<li><a href="${esc(u)}" rel="noopener me" target="_blank">${esc(SOCIAL_LABEL[k])}</a></li>`);
  return `<footer class="foot"><div class="wrap">
<div class="cols">
<div><strong>${own(c.name)}</strong>${contact.length ? `<ul>${contact.join('')}</ul>` : ''}</div>
${social.length ? `<div><strong>${esc(w.contact)}</strong><ul class="social">${social.join('')}</ul></div>` : ''}
</div>
<p class="small">© ${new Date().getUTCFullYear()} ${esc(c.name)} · ${esc(w.poweredBy)}</p>
</div></footer>`;
}

// ------------------------------------------------------------------ pages

export function renderHome(c: StoreChrome, d: HomeData): string {
  const w = storeWords(c.locale);
  const show = d.category ? { categories: true, services: true, items: true } : layoutSections(d.layout);
  const parts: string[] = [];
  const banner = safeUrl(c.banner);
  const avg = d.rating ? formatNumber(Math.round(d.rating.average * 10) / 10, c.locale) : '';
  parts.push(`<div class="hero${banner ? ' has-banner' : ''}">${banner ? `<img class="banner" src="${esc(banner)}" alt="" width="1200" height="400" fetchpriority="high">` : ''}<div class="wrap in">
<h1>${own(d.category ? d.category.name : c.name)}</h1>
${d.rating ? `<div class="rating">${stars(d.rating.average, c.locale)}<span>${esc(w.ratingOf(avg, d.rating.count))}</span></div>` : ''}
${(d.category ? d.category.description : c.description) ? `<p>${own(d.category ? d.category.description : c.description)}</p>` : ''}
<a class="btn" href="${esc(href(c, '/book'))}">${esc(w.bookNow)}</a>
</div></div>`);

  if (show.categories && d.categories.length) {
    const tiles = [
      d.category ? `<a class="card tile" href="${esc(href(c, ''))}"><h3>${esc(w.allServices)}</h3></a>` : '',
      ...d.categories.map(
        (cat) =>
          `<a class="card tile" href="${esc(href(c, '', [['category', cat.id]]))}#services"${d.category?.id === cat.id ? ' aria-current="page"' : ''}><h3>${own(cat.name)}</h3>${cat.description ? `<p>${own(cat.description)}</p>` : ''}${cat.services ? `<p>${esc(w.servicesCount(cat.services))}</p>` : ''}</a>`,
      ),
    ].join('');
    parts.push(`<section id="categories"><div class="wrap"><h2>${esc(w.categories)}</h2><div class="grid">${tiles}</div></div></section>`);
  }

  if (show.services) {
    const cards = d.services.map(
      (s) => `<article class="card service"><h3>${own(s.name)}</h3>${s.description ? `<p>${own(s.description)}</p>` : ''}
<div class="meta"><span>${esc(formatDuration(s.duration, c.locale))}</span>${c.showPrices ? `<span class="price">${esc(money(c, s.price))}</span>` : ''}</div>
<div class="act"><a class="btn sm" href="${esc(href(c, '/book', [['service', s.id]]))}">${esc(w.book)}</a></div></article>`,
    );
    parts.push(
      `<section id="services"><div class="wrap"><h2>${esc(w.services)}</h2>${cards.length ? `<div class="grid">${cards.join('')}</div>` : `<p>${esc(w.noServices)}</p>`}</div></section>`,
    );
  }

  if (show.items && d.products.length) {
    const cards = d.products.map((p) => {
      const img = safeUrl(p.image);
      return `<article class="card item">${img ? `<img src="${esc(img)}" alt="" width="400" height="300" loading="lazy" decoding="async">` : ''}<div class="body"><h3>${own(p.name)}</h3>${c.showPrices ? `<span class="price">${esc(money(c, p.price))}</span>` : ''}</div></article>`;
    });
    parts.push(`<section id="products"><div class="wrap"><h2>${esc(w.products)}</h2><div class="grid">${cards.join('')}</div></div></section>`);
  }
  if (show.items && d.packages.length) {
    const cards = d.packages.map(
      (p) => `<article class="card"><h3>${own(p.name)}</h3>${p.description ? `<p>${own(p.description)}</p>` : ''}${c.showPrices ? `<span class="price">${esc(money(c, p.price))}</span>` : ''}</article>`,
    );
    parts.push(`<section id="packages"><div class="wrap"><h2>${esc(w.packages)}</h2><div class="grid">${cards.join('')}</div></div></section>`);
  }

  if (d.reviews.length) {
    const cards = d.reviews.map(
      (r) => `<article class="card review">${stars(r.rating, c.locale)}${r.body ? `<blockquote><p dir="auto">${esc(r.body)}</p></blockquote>` : ''}
<p><bdi>${esc(r.by_name)}</bdi> · <time datetime="${esc(r.created_at)}">${esc(formatDate(r.created_at, c.locale))}</time></p>
${r.reply ? `<div class="reply"><strong>${esc(w.reply)}:</strong> <bdi>${esc(r.reply)}</bdi></div>` : ''}</article>`,
    );
    parts.push(`<section id="reviews"><div class="wrap"><h2>${esc(w.reviews)}</h2><div class="grid">${cards.join('')}</div></div></section>`);
  }

  const pics = d.gallery.map((g) => ({ ...g, url: safeUrl(g.url) })).filter((g) => g.url);
  if (pics.length) {
    const figs = pics.map(
      (g) =>
        `<figure><img src="${esc(g.url)}" alt="${esc(g.caption ?? '')}" width="360" height="270" loading="lazy" decoding="async">${g.caption ? `<figcaption>${own(g.caption)}</figcaption>` : ''}</figure>`,
    );
    parts.push(`<section id="gallery"><div class="wrap"><h2>${esc(w.gallery)}</h2><div class="gallery">${figs.join('')}</div></div></section>`);
  }

  const path = d.category ? `?category=${encodeURIComponent(d.category.id)}` : '';
  return document(c, {
    title: d.category ? `${d.category.name} | ${c.name}` : c.name,
    description: (d.category ? d.category.description : null) ?? c.description ?? d.services.map((s) => s.name).slice(0, 8).join('، '),
    canonicalPath: d.category ? null : path,
    jsonLd: localBusiness(c, d),
    main: parts.join('\n'),
  });
}

/** schema.org LocalBusiness: name, telephone, address, and the rating once reviews exist. */
export function localBusiness(c: StoreChrome, d: Pick<HomeData, 'rating' | 'services'>) {
  const logo = safeUrl(c.logo);
  const origin = c.canonicalBase.replace(/(https?:\/\/[^/]+).*/, '$1');
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    name: c.name,
    url: c.canonicalBase,
    ...(c.description ? { description: c.description } : {}),
    ...(logo ? { logo: logo.startsWith('/') ? `${origin}${logo}` : logo, image: logo.startsWith('/') ? `${origin}${logo}` : logo } : {}),
    ...(c.phone ? { telephone: c.phone } : {}),
    ...(c.email ? { email: c.email } : {}),
    ...(c.address ? { address: { '@type': 'PostalAddress', streetAddress: c.address } } : {}),
    currenciesAccepted: c.currency,
    ...(d.rating && d.rating.count > 0
      ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: Math.round(d.rating.average * 10) / 10, reviewCount: d.rating.count, bestRating: 5, worstRating: 1 } }
      : {}),
  };
}

/**
 * About the height (px) of the booking script's first step, reserved in `#store-app` so nothing below
 * moves when the script replaces the empty placeholder (the page's layout shift): progress and title,
 * a branch choice when there are several, a card a service (a line more with a description), the
 * summary and the buttons. The details step of a held seat (a waitlist offer) is taller.
 */
export function bookPlaceholderHeight(data: unknown): number {
  const d = (data ?? {}) as { branches?: unknown[]; services?: { description?: string | null }[]; preselect?: { hold?: unknown } | null };
  if (d.preselect?.hold) return 760;
  const services = d.services ?? [];
  const cards = services.reduce((sum, s) => sum + (s.description ? 102 : 80), 0);
  const gaps = Math.max(0, services.length - 1) * 10;
  const branch = (d.branches?.length ?? 0) > 1 ? 88 : 0;
  return Math.min(2400, 78 + branch + (services.length ? cards + gaps : 24) + 14 + 66 + 14 + 44);
}

/** The booking page: a shell the store script fills (its data in `#store-data`). */
export function renderBook(c: StoreChrome, data: unknown): string {
  const w = storeWords(c.locale);
  return document(c, {
    title: `${w.bookingTitle} | ${c.name}`,
    description: w.bookingIntro,
    canonicalPath: '/book',
    script: true,
    main: `<section><div class="wrap"><h1>${esc(w.bookingTitle)}</h1><p>${esc(w.bookingIntro)}</p>
<noscript><p class="prose">${esc(w.noscript)}</p></noscript>
<div id="store-app" data-view="book" style="min-height:${esc(bookPlaceholderHeight(data))}px"></div>
<script type="application/json" id="store-data">${jsonScript(data)}</script>
</div></section>`,
  });
}

/** The customer's own booking page: the script loads the booking by its token (never indexed). */
export function renderManage(c: StoreChrome, token: string, data: unknown): string {
  const w = storeWords(c.locale);
  return document(c, {
    title: `${w.manageTitle} | ${c.name}`,
    canonicalPath: null,
    script: true,
    main: `<section><div class="wrap"><h1>${esc(w.manageTitle)}</h1><p>${esc(w.manageIntro)}</p>
<noscript><p class="prose">${esc(w.noscript)}</p></noscript>
<div id="store-app" data-view="manage" data-token="${esc(token)}" style="min-height:420px"></div>
<script type="application/json" id="store-data">${jsonScript(data)}</script>
</div></section>`,
  });
}

/** A link page (`/p/<slug>` of type link): where it leads, to follow or not; never a redirect from our address. */
export function renderLeaving(c: StoreChrome, page: { title: string; url: string }): string {
  const w = storeWords(c.locale);
  const host = new URL(page.url).host;
  return document(c, {
    title: `${page.title} | ${c.name}`,
    canonicalPath: null,
    main: `<section class="notice" data-testid="store-leaving"><div class="wrap"><h1>${esc(w.leavingTitle)}</h1>
<p>${esc(w.leaving(c.name, '\u2068HOST\u2069')).replace('\u2068HOST\u2069', `<bdi dir="ltr">${esc(host)}</bdi>`)}</p>
<p class="small">${esc(w.leavingNote)}</p>
<p><a class="btn" href="${esc(page.url)}" rel="noopener nofollow noreferrer">${esc(w.continueTo('\u2068HOST\u2069')).replace('\u2068HOST\u2069', `<bdi dir="ltr">${esc(host)}</bdi>`)}</a></p>
<p><a class="btn alt" href="${esc(href(c, ''))}">${esc(w.backHome)}</a></p></div></section>`,
  });
}

export function renderContentPage(c: StoreChrome, page: { title: string; slug: string; body: string | null }): string {
  return document(c, {
    title: `${page.title} | ${c.name}`,
    description: page.body?.replace(/\s+/g, ' ').trim().slice(0, 160) ?? null,
    canonicalPath: `/p/${encodeURIComponent(page.slug)}`,
    main: `<section><div class="wrap"><h1>${own(page.title)}</h1><div class="prose">${paragraphs(page.body ?? '')}</div></div></section>`,
  });
}

function notice(c: StoreChrome, title: string, body: string, opts: { home?: boolean; logo?: boolean; bodyHtml?: string } = {}): string {
  const w = storeWords(c.locale);
  const logo = opts.logo ? safeUrl(c.logo) : null;
  return document(c, {
    title: `${title} | ${c.name}`,
    canonicalPath: null,
    main: `<section class="notice"><div class="wrap">${logo ? `<img src="${esc(logo)}" alt="" width="72" height="72">` : ''}<h1>${esc(title)}</h1>${opts.bodyHtml ?? `<p>${esc(body)}</p>`}
${opts.home === false ? '' : `<a class="btn alt" href="${esc(href(c, ''))}">${esc(w.backHome)}</a>`}</div></section>`,
  });
}

/** Maintenance (503): the business's own title and words, its name and logo; no menu to elsewhere. */
export function renderMaintenance(c: StoreChrome, title: string | null, body: string | null): string {
  const w = storeWords(c.locale);
  const bare = { ...c, pages: [] };
  return notice(bare, title?.trim() || w.maintenanceDefault, '', { home: false, logo: true, bodyHtml: body?.trim() ? `<div>${paragraphs(body)}</div>` : `<p>${esc(w.maintenanceBody)}</p>` });
}

export function renderUnavailable(c: StoreChrome): string {
  const w = storeWords(c.locale);
  return notice({ ...c, pages: [] }, w.unavailableTitle, w.unavailableBody, { home: false, logo: true });
}

export function renderStoreNotFound(c: StoreChrome, kind: 'page' | 'link_invalid' | 'link_expired' = 'page'): string {
  const w = storeWords(c.locale);
  if (kind === 'link_invalid') return notice(c, w.linkInvalidTitle, w.linkInvalidBody);
  if (kind === 'link_expired') return notice(c, w.linkExpiredTitle, w.linkExpiredBody);
  return notice(c, w.notFoundTitle, w.notFoundBody);
}

/** No store at this address: a bare page (no business to dress it in). */
export function renderNoStore(locale: Locale): string {
  const w = storeWords(locale);
  return `<!doctype html>
<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(w.notFoundTitle)}</title>
<style>:root{--primary:#3B71FE;--secondary:#6DC8F9;--bg:#FFFFFF}\n${CSS}</style></head>
<body><main><section class="notice"><div class="wrap"><h1>${esc(w.notFoundTitle)}</h1><p>${esc(w.storeNotFoundBody)}</p></div></section></main></body>
</html>`;
}
