import { addDays, type LocalDate, LocalDay, localDateOf } from '@app/shared/scheduling/zoned';
import { isTimeZone } from '@app/shared/schemas/common';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { StorageAdapter } from '../integrations/storage/storage.adapter';
import type { Tx } from './client';
import { branches, providers, services } from './schema/business';
import { customers } from './schema/customers';
import { bookings } from './schema/sales';
import { storeGallery, storePages, storeSettings, storeVisits, waitlistEntries } from './schema/store';
import { tenants } from './schema/tenants';
import { DEMO_CUSTOMER_PHONES, Rng } from './seed-demo';
import { DEMO_CUSTOMERS, DEMO_PROVIDERS, DEMO_SERVICES, type ServiceKey } from './seed-demo-data';
import { bannerPng, faviconPng, GALLERY_COUNT, galleryPng, logoPng } from './seed-store-images';

/**
 * The demo's booking store (issue 19), at `/s/demo`: its own look (a teal and sand palette, not the
 * defaults), an Arabic description, contacts and social links, a logo, banner, favicon and a gallery
 * drawn in code (./seed-store-images.ts) and stored through the storage adapter, an "about" page and
 * a map link, a deposit on one service and one service kept off the store, two customers waiting
 * for a seat on a coming day, and the store's visits of the last 60 days for the analytics.
 *
 * Once: when the business has a store_settings row, what the owner set stays as it is; only the
 * visits are topped up at each start (the days without a row, never a day the store counted), so
 * the analytics always show two months. The store's bookings are the sample month's booking-page
 * orders (./seed-demo.ts; those of the deposit's service keep its deposit, as the store's booking
 * does), and its reviews the approved ones of ./seed-reviews.ts.
 */

export const DEMO_STORE = {
  colors: { primary: '#0B7A75', secondary: '#E9B872', background: '#F7FBFA' },
  description:
    'صالون لمسة الجمال في حي الملقا بالرياض: قص وتصفيف وصبغات الشعر، العناية بالأظافر، المكياج وتنظيف البشرة على أيدي خبيرات معتمدات. احجزي موعدك في دقيقة واختاري الخبيرة والوقت المناسبين لك.',
  contactPhone: '+966553104477',
  contactEmail: 'hello@demo.khidma.test',
  address: 'طريق أنس بن مالك، حي الملقا، الرياض 13521',
  social: {
    instagram: 'https://www.instagram.com/lamsat.aljamal.demo',
    snapchat: 'https://www.snapchat.com/add/lamsat.demo',
    tiktok: 'https://www.tiktok.com/@lamsat.aljamal.demo',
    twitter: 'https://x.com/lamsat_demo',
    whatsapp: '+966553104477',
    email: 'hello@demo.khidma.test',
  },
  /** A deposit to hold the long treatment (minor units), paid on the store when booking. */
  deposit: { service: 'keratin' as ServiceKey, amount: 10_000 },
  /** Booked only after a skin consultation at the salon: not offered on the store. */
  hidden: 'facial' as ServiceKey,
  /** The store's visits are seeded for this many days up to today. */
  visitDays: 60,
} as const;

const GALLERY_CAPTIONS = ['ركن تصفيف الشعر', 'ركن العناية بالأظافر', 'غرفة المكياج', 'منتجات العناية التي نستخدمها', 'صالة الاستقبال', 'غرفة العناية بالبشرة'];

/** What the store says about each service (only where the business wrote nothing). */
const SERVICE_DESCRIPTIONS: Record<ServiceKey, string> = {
  haircut: 'قص يناسب شكل وجهك مع غسيل وتصفيف بالسشوار.',
  manipedi: 'تنظيف وتشكيل الأظافر وترطيب اليدين والقدمين مع طلاء من اختيارك.',
  colour: 'صبغة كاملة بألوان عالمية خالية من الأمونيا عند الطلب، مع حماية للشعر.',
  blowdry: 'سشوار وتسريحة ناعمة أو مموجة لمناسباتك.',
  keratin: 'علاج الكيراتين لشعر ناعم ولامع حتى ثلاثة أشهر. يُطلب عربون عند الحجز.',
  gel: 'مانيكير جل يدوم حتى ثلاثة أسابيع.',
  makeup: 'مكياج سهرة كامل مع تثبيت يدوم طوال المناسبة.',
  facial: 'تنظيف عميق للبشرة بعد استشارة في الصالون.',
};

const ABOUT_PAGE = [
  'بدأت لمسة الجمال عام 2015 بكرسيين وحلم صغير في حي الملقا، واليوم يعمل معنا فريق من الخبيرات في الشعر والأظافر والمكياج والعناية بالبشرة.',
  'نستخدم منتجات أصلية ونعقّم أدواتنا بعد كل عميلة، ونحترم وقتك: موعدك محجوز لك وحدك.',
  'Lamsat Al Jamal is a women’s salon in Al Malqa, Riyadh. Our team speaks Arabic and English; book online or message us on WhatsApp.',
].join('\n\n');

const MAP_URL = 'https://www.google.com/maps/search/?api=1&query=24.8062,46.6183';

const DAY = 86_400_000;

/** How many visits the store had on a local day: more at weekends (Friday, Saturday) and on Thursday evenings, growing over the months. */
export function demoVisitsOn(date: LocalDate, weekday: number, dayIndex: number): number {
  const r = new Rng(`store-visits|${date}`);
  const weekend = weekday === 5 || weekday === 6 ? 1.6 : weekday === 4 ? 1.25 : 1;
  const growth = 1 + dayIndex * 0.004;
  return Math.round((38 + r.int(0, 22)) * weekend * growth);
}

export async function ensureDemoStore(tx: Tx, tenantId: string, now: Date, storage?: StorageAdapter): Promise<void> {
  const [tenant] = await tx.select({ timezone: tenants.timezone, logo: tenants.logo }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) return;
  const [branch] = await tx
    .select({ id: branches.id, timezone: branches.timezone })
    .from(branches)
    .where(eq(branches.tenantId, tenantId))
    .orderBy(desc(branches.isMain), asc(branches.createdAt))
    .limit(1);
  const zone = branch && isTimeZone(branch.timezone) ? branch.timezone : isTimeZone(tenant.timezone) ? tenant.timezone : 'Asia/Riyadh';
  const today = localDateOf(now.getTime(), zone);
  await ensureVisits(tx, tenantId, zone, today, now);

  const [has] = await tx.select({ id: storeSettings.tenantId }).from(storeSettings).where(eq(storeSettings.tenantId, tenantId)).limit(1);
  if (has) return;

  // The pictures, through the storage adapter (public uploads under store/<tenant>/).
  const put = async (name: string, bytes: Buffer) => (storage ? storage.put(`store/${tenantId}/${name}`, bytes) : null);
  const colors = DEMO_STORE.colors;
  const banner = await put('demo-banner.png', bannerPng(colors));
  const favicon = await put('demo-favicon.png', faviconPng(colors));
  if (!tenant.logo) {
    const logo = await put('demo-logo.png', logoPng(colors));
    if (logo) await tx.update(tenants).set({ logo }).where(eq(tenants.id, tenantId));
  }
  await tx.insert(storeSettings).values({
    tenantId,
    status: 'active',
    description: DEMO_STORE.description,
    primaryColor: colors.primary,
    secondaryColor: colors.secondary,
    backgroundColor: colors.background,
    bannerPath: banner,
    faviconPath: favicon,
    layout: 'everything',
    social: { ...DEMO_STORE.social },
    contactPhone: DEMO_STORE.contactPhone,
    contactEmail: DEMO_STORE.contactEmail,
    address: DEMO_STORE.address,
    approveBookings: false,
    requirePhoneOtp: true,
    showPrices: true,
    waitlistEnabled: true,
  });
  if (storage) {
    const pictures = [];
    for (let i = 0; i < GALLERY_COUNT; i++) {
      const bytes = galleryPng(i);
      pictures.push({
        tenantId,
        path: await storage.put(`store/${tenantId}/demo-gallery-${i + 1}.png`, bytes),
        mime: 'image/png',
        size: bytes.length,
        caption: GALLERY_CAPTIONS[i] ?? null,
        sortOrder: i,
        createdAt: new Date(now.getTime() - (GALLERY_COUNT - i) * DAY),
      });
    }
    await tx.insert(storeGallery).values(pictures);
  }
  await tx
    .insert(storePages)
    .values([
      { tenantId, type: 'content', title: 'من نحن', slug: 'about', body: ABOUT_PAGE, sortOrder: 0 },
      { tenantId, type: 'link', title: 'موقعنا على الخريطة', slug: 'map', url: MAP_URL, sortOrder: 1 },
    ])
    .onConflictDoNothing();

  // The catalogue as the store shows it: a deposit on one service, one kept off, descriptions.
  const byKey = (key: ServiceKey) => DEMO_SERVICES.find((s) => s.key === key)!.name;
  const withDeposit = await tx
    .update(services)
    .set({ depositEnabled: true, depositAmount: DEMO_STORE.deposit.amount })
    .where(and(eq(services.tenantId, tenantId), eq(services.name, byKey(DEMO_STORE.deposit.service))))
    .returning({ id: services.id });
  // The store's bookings of it (the sample month's, seeded before the store) asked it too: each keeps it.
  if (withDeposit.length) {
    await tx
      .update(bookings)
      .set({ depositAmount: DEMO_STORE.deposit.amount })
      .where(and(eq(bookings.tenantId, tenantId), eq(bookings.source, 'booking-page'), inArray(bookings.serviceId, withDeposit.map((s) => s.id))));
  }
  await tx
    .update(services)
    .set({ displayOnBookingPage: false })
    .where(and(eq(services.tenantId, tenantId), eq(services.name, byKey(DEMO_STORE.hidden))));
  for (const s of DEMO_SERVICES) {
    await tx
      .update(services)
      .set({ description: SERVICE_DESCRIPTIONS[s.key] })
      .where(and(eq(services.tenantId, tenantId), eq(services.name, s.name), isNull(services.description)));
  }

  if (branch) await ensureWaitlist(tx, tenantId, branch.id, zone, today, now);
}

/** The last `visitDays` days up to today (today's so far); a day that has a row keeps it. */
async function ensureVisits(tx: Tx, tenantId: string, zone: string, today: LocalDate, now: Date) {
  const rows = [];
  const first = addDays(today, -(DEMO_STORE.visitDays - 1));
  for (let i = 0; i < DEMO_STORE.visitDays; i++) {
    const date = addDays(first, i);
    const day = new LocalDay(date, zone);
    let visits = demoVisitsOn(date, day.weekday, i);
    if (date === today) visits = Math.round(visits * Math.min(1, Math.max(0, (now.getTime() - day.start) / DAY)));
    rows.push({ tenantId, day: date, visits });
  }
  await tx.insert(storeVisits).values(rows).onConflictDoNothing();
}

/**
 * Two customers (one writing in Arabic, one in English) waiting for evening make-up on the coming
 * Tuesday, a day the make-up artist has off, so no seat is free for it: they stay waiting (the
 * waitlist's offers go out only when a seat frees, waitlist.service.ts) until the day passes, or
 * until the owner gives the artist that day and the first of them is offered the seat.
 */
async function ensureWaitlist(tx: Tx, tenantId: string, branchId: string, zone: string, today: LocalDate, now: Date) {
  let day = addDays(today, 2);
  while (new LocalDay(day, zone).weekday !== 2) day = addDays(day, 1);
  const makeup = DEMO_SERVICES.find((s) => s.key === 'makeup')!;
  const artist = DEMO_PROVIDERS.find((p) => p.services.includes('makeup'))!;
  const [service] = await tx.select({ id: services.id }).from(services).where(and(eq(services.tenantId, tenantId), eq(services.name, makeup.name)));
  const [artistRow] = await tx
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.tenantId, tenantId), eq(providers.name, artist.name)));
  if (!service) return;
  const who = [
    { index: DEMO_CUSTOMERS.findIndex((c) => c.first === 'هيفاء'), locale: 'ar', staffId: artistRow?.id ?? null, hoursAgo: 20 },
    { index: DEMO_CUSTOMERS.findIndex((c) => c.first === 'Emma'), locale: 'en', staffId: null, hoursAgo: 6 },
  ];
  const phones = who.map((w) => DEMO_CUSTOMER_PHONES[w.index]!);
  const known = await tx
    .select({ id: customers.id, phone: customers.phone })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), inArray(customers.phone, phones)));
  await tx.insert(waitlistEntries).values(
    who.map((w, i) => {
      const c = DEMO_CUSTOMERS[w.index]!;
      return {
        tenantId,
        branchId,
        serviceIds: [service.id],
        staffId: w.staffId,
        day,
        customerId: known.find((k) => k.phone === phones[i])?.id ?? null,
        name: `${c.first} ${c.last}`,
        phone: phones[i]!,
        email: c.email ? `${c.email}@example.com` : null,
        locale: w.locale,
        status: 'waiting',
        createdAt: new Date(now.getTime() - w.hoursAgo * 3_600_000),
      };
    }),
  );
}
