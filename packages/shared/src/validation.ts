import type { Locale } from './constants';

/**
 * The generic validation messages of spec §5, in both languages. Zod schemas carry a key of this
 * catalogue as their custom message (or none, and the issue code picks one); the API and the web both
 * render issues through `messageFor`, so a rule reads the same wherever it fails.
 */
export const VALIDATION_MESSAGES = {
  required: { ar: 'هذا الحقل مطلوب', en: 'This field is required' },
  min_length: { ar: 'يجب ألا يقل عن {min} أحرف', en: 'Must be at least {min} characters' },
  max_length: { ar: 'يجب ألا يزيد عن {max} حرفًا', en: 'Must be at most {max} characters' },
  email: { ar: 'البريد الإلكتروني غير صالح', en: 'Invalid e-mail address' },
  phone: { ar: 'رقم الجوال غير صالح', en: 'Invalid phone number' },
  date: { ar: 'التاريخ غير صالح', en: 'Invalid date' },
  url: { ar: 'الرابط غير صالح', en: 'Invalid URL' },
  number: { ar: 'يجب أن تكون القيمة رقمًا', en: 'Must be a number' },
  integer: { ar: 'يجب أن تكون القيمة عددًا صحيحًا', en: 'Must be a whole number' },
  positive: { ar: 'يجب أن تكون القيمة رقمًا موجبًا', en: 'Must be a positive number' },
  gt: { ar: 'يجب أن تكون القيمة أكبر من {min}', en: 'Must be greater than {min}' },
  gte: { ar: 'يجب ألا تقل القيمة عن {min}', en: 'Must be at least {min}' },
  lte: { ar: 'يجب ألا تزيد القيمة عن {max}', en: 'Must be at most {max}' },
  min_items: { ar: 'اختر {min} على الأقل', en: 'Choose at least {min}' },
  max_items: { ar: 'اختر {max} على الأكثر', en: 'Choose at most {max}' },
  confirmed: { ar: 'التأكيد لا يطابق الحقل الآخر', en: 'Must match the other field' },
  in_use: { ar: 'هذا العنصر مستخدم ولا يمكن حذفه', en: 'This item is in use and cannot be deleted' },
  exists: { ar: 'هذه القيمة مستخدمة من قبل', en: 'This value already exists' },
  not_exists: { ar: 'هذه القيمة غير موجودة', en: 'This value does not exist' },
  file_too_large: { ar: 'حجم الملف كبير جدًا (الحد {max} ميغابايت)', en: 'File too large (limit {max} MB)' },
  file_type: { ar: 'نوع الملف غير مدعوم', en: 'File type unsupported' },
  invalid: { ar: 'القيمة غير صالحة', en: 'Invalid value' },
  string: { ar: 'يجب أن تكون القيمة نصًا', en: 'Must be text' },
  boolean: { ar: 'يجب أن تكون القيمة نعم أو لا', en: 'Must be true or false' },
  array: { ar: 'يجب أن تكون القيمة قائمة', en: 'Must be a list' },
  object: { ar: 'القيمة غير صالحة', en: 'Invalid value' },
  unknown_field: { ar: 'حقل غير معروف', en: 'Unknown field' },
  name_min: { ar: 'يجب أن يكون الاسم أكثر من 3 أحرف', en: 'Name must be more than 3 characters' },
  invisible_characters: {
    ar: 'الاسم يحتوي على رموز اتجاه أو أحرف غير مرئية، احذفها وأعد كتابته',
    en: 'The name contains direction marks or invisible characters; remove them and retype it',
  },
  password_min: { ar: 'كلمة المرور 8 أحرف على الأقل', en: 'Password must be at least 8 characters' },
  otp: { ar: 'رمز التحقق 4 أرقام', en: 'The verification code is 4 digits' },
  subdomain: {
    ar: 'من 3 إلى 20 حرفًا إنجليزيًا، بلا أحرف عربية أو أرقام أو رموز',
    en: '3 to 20 English letters, no Arabic letters, digits or symbols',
  },
  subdomain_reserved: { ar: 'هذا الاسم محجوز', en: 'This name is reserved' },
  slug: { ar: 'أحرف إنجليزية وأرقام وشرطة سفلية وشرطة فقط', en: 'English letters, digits, underscore and hyphen only' },
  time: { ar: 'الوقت غير صالح', en: 'Invalid time' },
  closes_after_opens: { ar: 'وقت الإغلاق يجب أن يكون بعد وقت الفتح', en: 'Closing time must be after opening time' },
  duration_step: {
    ar: 'المدة من 15 دقيقة إلى 4 ساعات و45 دقيقة بخطوات 15 دقيقة',
    en: 'Duration is 15 minutes to 4 h 45 min in 15-minute steps',
  },
  service_or_provider: { ar: 'أضف خدمة أو مقدم خدمة واحدًا على الأقل', en: 'Add at least one service or provider' },
  time_range: { ar: 'وقت النهاية يجب أن يكون بعد وقت البداية', en: 'The end must be after the start' },
  time_range_empty: { ar: 'الفترة لا يمكن أن تنتهي عند بدايتها (00:00–00:00 تعني اليوم كله)', en: 'A range cannot end when it starts (00:00–00:00 is the whole day)' },
  time_overlap: { ar: 'الفترات متداخلة', en: 'The time ranges overlap' },
  passcode: { ar: 'رمز الدخول من 4 إلى 6 أرقام', en: 'The passcode is 4 to 6 digits' },
  permissions_required: { ar: 'اختر صلاحية واحدة على الأقل', en: 'Choose at least one permission' },
  latitude: { ar: 'خط العرض بين ‎-90 و 90', en: 'Latitude is between -90 and 90' },
  longitude: { ar: 'خط الطول بين ‎-180 و 180', en: 'Longitude is between -180 and 180' },
  email_or_phone: { ar: 'أدخل البريد الإلكتروني أو رقم الجوال', en: 'Enter your e-mail or phone' },
  // Catalogue (services, products, packages).
  buffer_step: { ar: 'وقت الراحة من 0 إلى 120 دقيقة بخطوات 5 دقائق', en: 'Buffer time is 0 to 120 minutes in 5-minute steps' },
  deposit_required: { ar: 'أدخل مبلغ العربون عند تفعيله', en: 'Enter the deposit amount when the deposit is on' },
  deposit_lte_price: { ar: 'العربون لا يزيد عن سعر الخدمة', en: 'The deposit cannot exceed the price' },
  duplicate: { ar: 'هذه القيمة مكررة', en: 'This value is repeated' },
  combination_options: { ar: 'كل تركيبة تحدد قيمة واحدة لكل خيار', en: 'Each combination names one value of every option' },
  // Business settings (taxes, tags, custom fields, bank accounts).
  iban: { ar: 'رقم الآيبان غير صالح', en: 'Invalid IBAN' },
  hex_color: { ar: 'اللون غير صالح (مثل ‎#3B71FE)', en: 'Invalid colour (like #3B71FE)' },
  options_required: { ar: 'أضف خيارًا واحدًا على الأقل للقائمة', en: 'Add at least one option to the list' },
  two_decimals: { ar: 'منزلتان عشريتان على الأكثر', en: 'At most two decimal places' },
  digits_only: { ar: 'أرقام فقط', en: 'Digits only' },
  vat_number: { ar: 'الرقم الضريبي 15 رقمًا يبدأ وينتهي بالرقم 3', en: 'The VAT number is 15 digits starting and ending with 3' },
  // Providers and customers (time off, customer search, custom field values).
  date_range: { ar: 'تاريخ النهاية يجب ألا يسبق تاريخ البداية', en: 'The end date cannot be before the start date' },
  search_min: { ar: 'اكتب {min} أحرف على الأقل للبحث', en: 'Type at least {min} characters to search' },
  // Import (spreadsheet cells).
  import_money_digits: { ar: 'منازل عشرية أكثر مما تسمح به عملة النشاط', en: "More decimal places than the business currency allows" },
  import_quantities: { ar: 'اكتب الخدمات هكذا: قص الشعر x2; صبغة x1', en: 'Write the services like: Haircut x2; Colour x1' },
  // Subscription checkout.
  template_variable: { ar: 'متغير غير معروف في النص، استخدم المتغيرات المعروضة فقط', en: 'Unknown variable in the text: use only the variables listed' },
  coupon_code: { ar: 'رمز القسيمة أحرف إنجليزية وأرقام فقط بلا مسافات', en: 'The coupon code is letters and digits only, no spaces' },
  // Offers (issue 18).
  offer_code: { ar: 'رمز العرض أحرف إنجليزية وأرقام فقط بلا مسافات', en: 'The offer code is letters and digits only, no spaces' },
  offer_percent_max: { ar: 'النسبة لا تزيد عن 100٪', en: 'The percentage is at most 100%' },
  offer_channels: { ar: 'اختر قناة واحدة على الأقل', en: 'Choose at least one channel' },
  offer_services: { ar: 'اختر خدمة واحدة على الأقل', en: 'Choose at least one service' },
  min_quantity: { ar: 'الكمية 1 على الأقل', en: 'The quantity is at least 1' },
  // Campaigns (issue 18).
  range_order: { ar: 'الحد الأعلى يجب ألا يقل عن الحد الأدنى', en: 'The upper bound cannot be below the lower bound' },
  campaign_future: { ar: 'وقت الإرسال يجب أن يكون في المستقبل', en: 'The sending time must be in the future' },
} as const satisfies Record<string, Record<Locale, string>>;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

/**
 * Bidi controls and invisible format characters, refused in names (`invisible_characters`): with
 * them a name can display reversed or pass for another. The Bidi_Control set (U+061C ALM, U+200E
 * LRM, U+200F RLM, U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates), the zero-width
 * U+200B–U+200D, U+2060–U+2064 (word joiner, invisible operators; U+2065 is unassigned) and U+FEFF
 * (zero-width no-break space / BOM) — all of them in the Unicode format category (Cf), which the
 * class takes whole, so the soft hyphen, the Arabic number signs, the Mongolian vowel separator,
 * the deprecated format controls U+206A–U+206F, interlinear annotations and tag characters go too —
 * plus the invisible letters that are not Cf: the combining grapheme joiner U+034F and the Hangul
 * fillers U+115F, U+1160, U+3164, U+FFA0. Variation selectors stay (an emoji's presentation).
 * Arabic harakat (U+064B–U+065F), tatweel (U+0640) and Arabic-Indic digits are ordinary characters
 * and stay valid. The one definition of the class: everything calls hasInvisibleFormatChars.
 */
// U+034F (a combining mark) stands alone in the alternation: lint refuses it inside a class.
const INVISIBLE_FORMAT_CHARS = /[\p{Cf}\u115F\u1160\u3164\uFFA0]|\u034F/u;

/** Whether the text holds a bidi control or an invisible format character (see INVISIBLE_FORMAT_CHARS). */
export function hasInvisibleFormatChars(value: string): boolean {
  return INVISIBLE_FORMAT_CHARS.test(value);
}

export function isValidationKey(value: string): value is ValidationKey {
  return Object.hasOwn(VALIDATION_MESSAGES, value);
}

export function formatMessage(template: string, params: Record<string, unknown> = {}): string {
  return template.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m));
}

export function messageFor(key: ValidationKey, locale: Locale, params?: Record<string, unknown>): string {
  return formatMessage(VALIDATION_MESSAGES[key][locale], params);
}

/** The minimal shape of a zod 4 issue that we read. */
export type IssueLike = {
  code: string;
  message: string;
  path: readonly PropertyKey[];
  expected?: unknown;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  inclusive?: boolean;
  format?: string;
  keys?: readonly string[];
};

/**
 * A localized message for one issue. `present` says whether the input had a value at the issue's
 * path (an invalid_type on a missing value is "required").
 */
export function localizeIssue(issue: IssueLike, locale: Locale, present: boolean): string {
  const num = (v: unknown) => (typeof v === 'bigint' ? Number(v) : (v as number));
  if (isValidationKey(issue.message)) {
    // Catalogue messages name their bounds {min}/{max}; zod calls them minimum/maximum.
    return messageFor(issue.message, locale, { min: num(issue.minimum), max: num(issue.maximum) });
  }
  switch (issue.code) {
    case 'invalid_type': {
      if (!present) return messageFor('required', locale);
      const expected = String(issue.expected);
      if (expected === 'number' || expected === 'int' || expected === 'bigint') return messageFor('number', locale);
      if (expected === 'string') return messageFor('string', locale);
      if (expected === 'boolean') return messageFor('boolean', locale);
      if (expected === 'array') return messageFor('array', locale);
      return messageFor('invalid', locale);
    }
    case 'too_small': {
      const min = num(issue.minimum);
      if (issue.origin === 'string') return min <= 1 ? messageFor('required', locale) : messageFor('min_length', locale, { min });
      if (issue.origin === 'array' || issue.origin === 'set') return messageFor('min_items', locale, { min });
      if (min === 0 && issue.inclusive === false) return messageFor('positive', locale);
      return messageFor(issue.inclusive === false ? 'gt' : 'gte', locale, { min });
    }
    case 'too_big': {
      const max = num(issue.maximum);
      if (issue.origin === 'string') return messageFor('max_length', locale, { max });
      if (issue.origin === 'array' || issue.origin === 'set') return messageFor('max_items', locale, { max });
      return messageFor('lte', locale, { max });
    }
    case 'invalid_format':
      if (issue.format === 'email') return messageFor('email', locale);
      if (issue.format === 'url') return messageFor('url', locale);
      if (issue.format === 'date' || issue.format === 'datetime') return messageFor('date', locale);
      return messageFor('invalid', locale);
    case 'unrecognized_keys':
      return messageFor('unknown_field', locale);
    default:
      return messageFor('invalid', locale);
  }
}

/** Field path as the API reports it: `items.0.price`. */
export function issueField(issue: IssueLike, fallback = 'body'): string {
  return issue.path.length ? issue.path.map(String).join('.') : fallback;
}
