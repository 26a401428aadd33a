import type { WorkingHours } from './schema/business';

/**
 * The demo business's catalogue and people (docs/decisions.md "The demo's sample month"): what
 * `seed-demo.ts` inserts once, by natural key (category and product slugs, service and provider
 * names, customer phones), so a demo made by an older version gets what it lacks and nothing twice.
 * Money in halalas (minor units of SAR); hours are the branch's local wall clock.
 */

/** Open every day but Friday (5), the Saudi weekend day salons close. */
const OPEN_DAYS = [0, 1, 2, 3, 4, 6] as const;

export function weekHours(ranges: [string, string][], days: readonly number[] = OPEN_DAYS): WorkingHours {
  return Object.fromEntries(days.map((d) => [String(d), ranges.map(([a, b]) => [a, b] as [string, string])]));
}

/** The main branch: 09:00–22:00, closed on Friday. */
export const BRANCH_HOURS = weekHours([['09:00', '22:00']]);

export type DemoCategory = { slug: string; name: string; sortOrder: number };
export const DEMO_CATEGORIES: readonly DemoCategory[] = [
  { slug: 'hair', name: 'الشعر', sortOrder: 0 },
  { slug: 'nails', name: 'الأظافر', sortOrder: 1 },
  { slug: 'makeup', name: 'المكياج', sortOrder: 2 },
  { slug: 'facial-care', name: 'العناية بالوجه', sortOrder: 3 },
  { slug: 'care-products', name: 'منتجات العناية', sortOrder: 4 },
];

export type ServiceKey = 'haircut' | 'manipedi' | 'colour' | 'blowdry' | 'keratin' | 'gel' | 'makeup' | 'facial';
export type DemoService = {
  key: ServiceKey;
  name: string;
  slug: string;
  category: string;
  price: number;
  duration: number;
  buffer: number;
  sortOrder: number;
  /** How often it is booked, relative to the others a provider offers. */
  popularity: number;
};

/** The first three are the demo's original services (their names are what the end-to-end tests pick). */
export const DEMO_SERVICES: readonly DemoService[] = [
  { key: 'haircut', name: 'قص وتصفيف الشعر', slug: 'haircut-styling', category: 'hair', price: 12000, duration: 60, buffer: 10, sortOrder: 0, popularity: 5 },
  { key: 'manipedi', name: 'مانيكير وباديكير', slug: 'manicure-pedicure', category: 'nails', price: 15000, duration: 90, buffer: 0, sortOrder: 1, popularity: 4 },
  { key: 'colour', name: 'صبغة شعر كاملة', slug: 'full-hair-colour', category: 'hair', price: 35000, duration: 120, buffer: 15, sortOrder: 2, popularity: 2 },
  { key: 'blowdry', name: 'سشوار وتسريحة', slug: 'blow-dry', category: 'hair', price: 8000, duration: 45, buffer: 5, sortOrder: 3, popularity: 5 },
  { key: 'keratin', name: 'علاج الكيراتين', slug: 'keratin-treatment', category: 'hair', price: 55000, duration: 150, buffer: 15, sortOrder: 4, popularity: 1 },
  { key: 'gel', name: 'مانيكير جل', slug: 'gel-manicure', category: 'nails', price: 9000, duration: 60, buffer: 5, sortOrder: 5, popularity: 3 },
  { key: 'makeup', name: 'مكياج سهرة', slug: 'evening-makeup', category: 'makeup', price: 25000, duration: 75, buffer: 10, sortOrder: 6, popularity: 3 },
  { key: 'facial', name: 'تنظيف البشرة', slug: 'facial-cleansing', category: 'facial-care', price: 18000, duration: 60, buffer: 10, sortOrder: 7, popularity: 3 },
];

export type DemoProvider = { name: string; label: string; hours: WorkingHours; services: readonly ServiceKey[] };

/**
 * In the business's order (sort order 0 … 3, the palette colour of the same position). The first two
 * are the demo's original providers. The first one's afternoons stay free from tomorrow on
 * (`DEMO_KEEP_FREE`), so she must work from the morning to the evening every open day.
 */
export const DEMO_PROVIDERS: readonly DemoProvider[] = [
  { name: 'سارة القحطاني', label: 'مصففة أولى', hours: weekHours([['10:00', '22:00']]), services: ['haircut', 'blowdry', 'colour', 'keratin'] },
  {
    name: 'ريم الشهري',
    label: 'أخصائية أظافر',
    // A split shift: mornings and evenings.
    hours: weekHours([
      ['09:00', '13:00'],
      ['16:00', '22:00'],
    ]),
    services: ['manipedi', 'gel', 'haircut', 'blowdry'],
  },
  // Off on Tuesday.
  { name: 'هند الدوسري', label: 'خبيرة مكياج وبشرة', hours: weekHours([['12:00', '22:00']], [0, 1, 3, 4, 6]), services: ['makeup', 'facial', 'blowdry'] },
  // Sunday to Thursday, daytime.
  { name: 'Grace Villanueva', label: 'Colour specialist', hours: weekHours([['09:00', '18:00']], [0, 1, 2, 3, 4]), services: ['colour', 'keratin', 'haircut', 'blowdry', 'manipedi'] },
];

export type DemoProduct = { slug: string; name: string; price: number; stock: number; sortOrder: number };
export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  { slug: 'keratin-shampoo', name: 'شامبو الكيراتين', price: 6500, stock: 30, sortOrder: 0 },
  { slug: 'repair-hair-mask', name: 'ماسك ترميم الشعر', price: 8500, stock: 20, sortOrder: 1 },
  { slug: 'shine-hair-serum', name: 'سيروم لمعان الشعر', price: 7000, stock: 18, sortOrder: 2 },
  { slug: 'nail-polish', name: 'طلاء أظافر', price: 3500, stock: 40, sortOrder: 3 },
  { slug: 'shea-hand-cream', name: 'كريم اليدين بزبدة الشيا', price: 4200, stock: 25, sortOrder: 4 },
  { slug: 'cuticle-oil', name: 'زيت العناية بالأظافر', price: 3000, stock: 30, sortOrder: 5 },
];

export type TagKey = 'vip' | 'regular' | 'allergy' | 'new';
export const DEMO_TAGS: readonly { key: TagKey; name: string; color: string }[] = [
  { key: 'vip', name: 'VIP', color: '#F08C00' },
  { key: 'regular', name: 'عميلة دائمة', color: '#AE3EC9' },
  { key: 'allergy', name: 'حساسية', color: '#D6336C' },
  { key: 'new', name: 'عميلة جديدة', color: '#2F9E44' },
];

/** A well-formed Saudi IBAN (Al Rajhi's published sample number). */
export const DEMO_BANK_ACCOUNT = {
  beneficiaryName: 'مؤسسة لمسة الجمال للتجميل',
  bankName: 'مصرف الراجحي',
  iban: 'SA0380000000608010167519',
  accountNumber: '608010167519',
  accountOwner: 'مؤسسة لمسة الجمال للتجميل',
} as const;

export type DemoCustomer = {
  first: string;
  last: string;
  /** Local part of an @example.com address, when the customer gave one. */
  email?: string;
  /** When the customer was added, days before the first seeding. */
  since: number;
  tags?: readonly TagKey[];
  /** The customer's own note (the customer form's field). */
  note?: string;
  /** A note written by the owner on the customer's page. */
  staffNote?: string;
  address?: string;
  /** Blocked this many days before the first seeding (after missing visits). */
  blockedDaysAgo?: number;
  /** Books more often than the others. */
  regular?: boolean;
};

/**
 * 44 customers: Saudi families' names and the expatriates of Riyadh. None is named ليلى, سلمى or
 * ريم followed by digits, which the end-to-end tests look for on the calendar and in lists.
 */
export const DEMO_CUSTOMERS: readonly DemoCustomer[] = [
  { first: 'نورة', last: 'القحطاني', email: 'noura.alqahtani', since: 160, tags: ['vip', 'regular'], staffNote: 'تفضّل سارة لقص الشعر وتحب المواعيد بعد العصر', regular: true, address: 'حي الملقا، الرياض' },
  { first: 'عبدالله', last: 'الشهري', email: 'abdullah.alshehri', since: 120, note: 'يحجز لزوجته ويدفع عنها', regular: true },
  { first: 'هيفاء', last: 'الدوسري', email: 'haifa.aldosari', since: 190, tags: ['regular'], regular: true },
  { first: 'ريما', last: 'الحربي', since: 140 },
  { first: 'منيرة', last: 'السبيعي', email: 'munira.alsubaie', since: 95, tags: ['allergy'], note: 'حساسية من الأمونيا: صبغة خالية من الأمونيا فقط' },
  { first: 'العنود', last: 'المطيري', email: 'alanoud.almutairi', since: 80, regular: true },
  { first: 'جواهر', last: 'الزهراني', since: 200, tags: ['vip'], address: 'حي النرجس، الرياض' },
  { first: 'شهد', last: 'الغامدي', email: 'shahad.alghamdi', since: 60 },
  { first: 'أمل', last: 'العمري', since: 110 },
  { first: 'دانة', last: 'الشمري', email: 'dana.alshammari', since: 75, tags: ['regular'], regular: true },
  { first: 'رغد', last: 'المالكي', since: 130 },
  { first: 'مها', last: 'البقمي', email: 'maha.albogami', since: 55 },
  { first: 'أروى', last: 'الجهني', since: 170 },
  { first: 'هند', last: 'العنزي', email: 'hind.alanazi', since: 45 },
  { first: 'بشاير', last: 'الرشيدي', since: 150, regular: true },
  { first: 'غادة', last: 'السهلي', email: 'ghada.alsahli', since: 100 },
  { first: 'وعد', last: 'القرني', since: 65 },
  { first: 'ديما', last: 'الحارثي', email: 'dima.alharthi', since: 85, tags: ['vip'], staffNote: 'تحجز مكياج السهرة قبل المناسبات، يُفضَّل تأكيد الموعد قبلها بيوم' },
  { first: 'ربى', last: 'الخالدي', since: 180 },
  { first: 'مشاعل', last: 'العصيمي', email: 'mashael.alosaimi', since: 70, regular: true },
  { first: 'ليان', last: 'الشهراني', since: 40 },
  { first: 'تهاني', last: 'الأحمدي', email: 'tahani.alahmadi', since: 125 },
  { first: 'خلود', last: 'الصاعدي', since: 90 },
  { first: 'أسماء', last: 'الفيفي', email: 'asma.alfaifi', since: 35, address: 'حي الياسمين، الرياض' },
  { first: 'فهد', last: 'الدوسري', since: 115, note: 'يحجز لابنته' },
  { first: 'محمد', last: 'العتيبي', email: 'mohammed.alotaibi', since: 50 },
  { first: 'لطيفة', last: 'العجمي', email: 'latifa.alajmi', since: 145 },
  { first: 'نوف', last: 'البلوي', since: 105, blockedDaysAgo: 9, staffNote: 'لم تحضر موعدين متتاليين دون اعتذار' },
  { first: 'جود', last: 'العسيري', email: 'jood.alasiri', since: 12, tags: ['new'] },
  { first: 'رهف', last: 'السديري', since: 8, tags: ['new'] },
  { first: 'عبير', last: 'الزهراني', email: 'abeer.alzahrani', since: 5, tags: ['new'] },
  { first: 'مريم', last: 'القرشي', since: 3, tags: ['new'] },
  { first: 'لمى', last: 'العتيبي', email: 'lama.alotaibi', since: 28 },
  { first: 'Sarah', last: 'Mitchell', email: 'sarah.mitchell', since: 140, tags: ['vip'], regular: true, note: 'Prefers English' },
  { first: 'Emma', last: 'Collins', email: 'emma.collins', since: 100 },
  { first: 'Olivia', last: 'Bennett', since: 70 },
  { first: 'Hannah', last: 'Brooks', email: 'hannah.brooks', since: 160, regular: true },
  { first: 'Jessica', last: 'Turner', since: 55 },
  { first: 'Laura', last: 'Fischer', email: 'laura.fischer', since: 90, tags: ['allergy'], note: 'Allergic to latex gloves' },
  { first: 'Priya', last: 'Sharma', email: 'priya.sharma', since: 42 },
  { first: 'Maria', last: 'Santos', since: 130 },
  { first: 'Chloe', last: 'Martin', email: 'chloe.martin', since: 10, tags: ['new'] },
  { first: 'Natalie', last: 'Wong', email: 'natalie.wong', since: 20 },
  { first: 'Fatima', last: 'Khan', email: 'fatima.khan', since: 65 },
];

/** Free text staff put on a cancelled booking (optional next to the reason). */
export const CANCEL_NOTES: readonly (string | null)[] = [null, 'اعتذرت العميلة بسبب السفر', 'طلبت التأجيل إلى الأسبوع القادم', null, 'ظرف عائلي', 'Rescheduling after Eid'];

/** Notes a few bookings carry. */
export const BOOKING_NOTES: readonly string[] = ['أول زيارة للصالون', 'تحضر مع ابنتها', 'تفضّل الماء بدون ثلج', 'مناسبة زواج يوم الخميس', 'Please use the quiet room'];

/** What the simulated card gateway answers on a declined payment. */
export const DECLINE_REASON = 'رفض البنك المُصدر للبطاقة العملية';
