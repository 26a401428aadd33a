import type { Locale } from '@app/shared/constants';
import { formatMessage } from '@app/shared/validation';

/** Server messages in both languages (validation messages live in @app/shared/validation). */
export const MESSAGES = {
  unauthenticated: { ar: 'يجب تسجيل الدخول أولًا', en: 'You need to sign in first' },
  csrf_mismatch: { ar: 'انتهت صلاحية الصفحة، حدّثها وحاول مرة أخرى', en: 'The page expired, refresh and try again' },
  subscription_ended: { ar: 'انتهى اشتراكك، اختر خطة للمتابعة', en: 'Your subscription has ended, choose a plan to continue' },
  forbidden: { ar: 'ليست لديك صلاحية لهذا الإجراء', en: 'You do not have permission' },
  email_verification: { ar: 'فعّل بريدك الإلكتروني أولًا', en: 'Your account needs e-mail activation' },
  profile_completion: { ar: 'أكمل بيانات نشاطك أولًا', en: 'Complete your business profile first' },
  phone_verification: { ar: 'تحقق من رقم جوالك أولًا', en: 'Verify your phone number first' },
  not_found: { ar: 'الصفحة أو العنصر غير موجود', en: 'Page not found' },
  validation_failed: { ar: 'البيانات المدخلة غير صالحة', en: 'The given data was invalid' },
  too_many_requests: { ar: 'طلبات كثيرة، حاول مرة أخرى بعد {seconds} ثانية', en: 'Too many requests, try again after {seconds} seconds' },
  server_error: { ar: 'حدث خطأ في الخادم، حاول لاحقًا أو تواصل مع الدعم', en: 'Something went wrong, try again later or contact support' },
  bad_json: { ar: 'صيغة البيانات المرسلة غير صالحة', en: 'The request body is not valid JSON' },
  unsupported_media: { ar: 'نوع المحتوى غير مدعوم', en: 'Unsupported content type' },
  payload_too_large: { ar: 'حجم الطلب كبير جدًا', en: 'The request is too large' },
  bad_credentials: { ar: 'بيانات الدخول غير صحيحة', en: 'These credentials do not match our records' },
  account_locked: {
    ar: 'تم قفل الحساب مؤقتًا بسبب محاولات دخول فاشلة متكررة، حاول بعد {minutes} دقيقة',
    en: 'Account locked after repeated failed sign-ins, try again in {minutes} minutes',
  },
  account_inactive: { ar: 'هذا الحساب معطّل، تواصل مع مدير النشاط', en: 'This account is deactivated, contact your admin' },
  plugin_missing: { ar: 'هذه الميزة تحتاج إلى تثبيت الإضافة أولًا', en: 'This feature needs its plugin installed first' },
  owner_only: { ar: 'هذا الإجراء لمالك الحساب فقط', en: 'Only the account owner can do this' },
  pos_only: { ar: 'حسابات نقاط البيع تعمل على جهاز الكاشير فقط', en: 'POS accounts work on the cashier device only' },
  created: { ar: 'تمت الإضافة بنجاح', en: 'Added successfully' },
  updated: { ar: 'تم التحديث بنجاح', en: 'Updated successfully' },
  deleted: { ar: 'تم الحذف بنجاح', en: 'Deleted successfully' },
  activated: { ar: 'تم التفعيل بنجاح', en: 'Activated successfully' },
  deactivated: { ar: 'تم إلغاء التفعيل بنجاح', en: 'Deactivated successfully' },
  installed: { ar: 'تم تثبيت الإضافة', en: 'Plugin installed' },
  uninstalled: { ar: 'تم إلغاء تثبيت الإضافة', en: 'Plugin uninstalled' },
  already_installed: { ar: 'الإضافة مثبتة مسبقًا', en: 'The plugin is already installed' },
  not_installed: { ar: 'الإضافة غير مثبتة', en: 'The plugin is not installed' },
  role_default_fixed: { ar: 'الأدوار الافتراضية لا يمكن تعديلها أو حذفها', en: 'Default roles cannot be edited or deleted' },
  role_in_use: { ar: 'لا يمكن حذف دور مستخدم من قبل مستخدمين أو دعوات', en: 'A role in use by users or invitations cannot be deleted' },
  invitation_sent: { ar: 'تم إرسال الدعوة', en: 'Invitation sent' },
  invitation_deleted: { ar: 'تم حذف الدعوة', en: 'Invitation deleted' },
  invitation_accepted: { ar: 'تم قبول الدعوة، مرحبًا بك', en: 'Invitation accepted, welcome' },
  invitation_invalid: { ar: 'رابط الدعوة غير صالح أو منتهي', en: 'This invitation link is invalid or has expired' },
  invitation_subject: { ar: 'دعوة للانضمام إلى {business}', en: 'Invitation to join {business}' },
  invitation_body: {
    ar: 'دعاك {inviter} للانضمام إلى {business}. افتح الرابط لتعيين كلمة المرور (صالح {days} أيام): {link}',
    en: '{inviter} invited you to join {business}. Open the link to set your password (valid {days} days): {link}',
  },
  user_converted: { ar: 'تم تحويل المستخدم', en: 'User converted' },
  cannot_change_owner: { ar: 'لا يمكن تغيير حساب المالك بهذا الإجراء', en: 'The owner account cannot be changed this way' },
  cannot_change_self: { ar: 'لا يمكنك تنفيذ هذا الإجراء على حسابك', en: 'You cannot do this to your own account' },
  transfer_owner_first: { ar: 'انقل الملكية إلى مستخدم آخر قبل حذف حساب المالك', en: 'Transfer ownership to another user before deleting the owner account' },
  ownership_transferred: { ar: 'تم نقل الملكية', en: 'Ownership transferred' },
  not_a_provider: { ar: 'هذا المستخدم ليس مقدم خدمة', en: 'This user is not a provider' },
  password_wrong: { ar: 'كلمة المرور غير صحيحة', en: 'The password is incorrect' },
  data_erased: { ar: 'تم حذف بيانات النشاط', en: 'Business data erased' },
  branch_main: { ar: 'لا يمكن حذف الفرع الرئيسي', en: 'The main branch cannot be deleted' },
  branch_in_use: { ar: 'لا يمكن حذف فرع مرتبط بخدمات أو مقدمي خدمة', en: 'A branch with services or providers cannot be deleted' },
  branch_switched: { ar: 'تم تغيير الفرع', en: 'Branch switched' },
  branch_not_allowed: { ar: 'لست عضوًا في هذا الفرع', en: 'You are not a member of this branch' },
  impersonation_started: { ar: 'بدأت جلسة الدخول كحساب آخر', en: 'Signed in as the account' },
  impersonation_ended: { ar: 'انتهت جلسة الدخول كحساب آخر', en: 'Impersonation ended' },
  impersonation_nested: { ar: 'لا يمكن بدء دخول كحساب آخر من داخل جلسة دخول كحساب آخر', en: 'An impersonation session cannot impersonate again' },
  not_impersonating: { ar: 'لا توجد جلسة دخول كحساب آخر', en: 'This is not an impersonation session' },
  impersonation_target: { ar: 'لا يوجد حساب نشط بهذا البريد', en: 'No active account has this e-mail' },
  pos_login_failed: { ar: 'البريد أو رمز الدخول غير صحيح', en: 'The e-mail or passcode is incorrect' },
  otp_invalid: { ar: 'رمز التحقق غير صحيح', en: 'The verification code is incorrect' },
  otp_expired: { ar: 'انتهت صلاحية رمز التحقق، اطلب رمزًا جديدًا', en: 'The code has expired, request a new one' },
  otp_attempts: { ar: 'محاولات كثيرة، اطلب رمزًا جديدًا', en: 'Too many attempts, request a new code' },
  otp_sent: { ar: 'أرسلنا رمز التحقق إلى جوالك', en: 'We sent a verification code to your phone' },
  otp_wait: { ar: 'انتظر {seconds} ثانية قبل طلب رمز جديد', en: 'Wait {seconds} seconds before requesting a new code' },
  phone_verified: { ar: 'تم التحقق من رقم الجوال', en: 'Phone number verified' },
  already_verified: { ar: 'تم التحقق مسبقًا', en: 'Already verified' },
  reset_link_sent: {
    ar: 'إذا كان البريد مسجلًا لدينا فقد أرسلنا إليه رابط إعادة تعيين كلمة المرور',
    en: 'If that e-mail is registered, we have sent it a password reset link',
  },
  reset_token_invalid: { ar: 'رابط إعادة التعيين غير صالح أو منتهي', en: 'This password reset link is invalid or has expired' },
  password_reset: { ar: 'تم تغيير كلمة المرور، سجّل الدخول', en: 'Your password has been reset, sign in' },
  password_updated: { ar: 'تم تحديث كلمة المرور', en: 'Password updated' },
  current_password_wrong: { ar: 'كلمة المرور الحالية غير صحيحة', en: 'The current password is incorrect' },
  verification_sent: { ar: 'أرسلنا رابط التفعيل إلى بريدك الإلكتروني', en: 'We sent an activation link to your e-mail' },
  email_verified: { ar: 'تم تفعيل البريد الإلكتروني', en: 'E-mail verified' },
  email_token_invalid: { ar: 'رابط التفعيل غير صالح أو منتهي', en: 'This activation link is invalid or has expired' },
  email_change_sent: {
    ar: 'أرسلنا رابط التأكيد إلى البريد الجديد، سيتغير بريدك بعد تأكيده',
    en: 'We sent a confirmation link to the new address; your e-mail changes once it is confirmed',
  },
  profile_updated: { ar: 'تم تحديث الملف الشخصي', en: 'Profile updated' },
  locale_updated: { ar: 'تم تغيير اللغة', en: 'Language changed' },
  logged_out: { ar: 'تم تسجيل الخروج', en: 'Signed out' },
  subdomain_taken: { ar: 'هذا الرابط محجوز، جرّب أحد الاقتراحات', en: 'This store URL is taken, try a suggestion' },
  subdomain_fixed: { ar: 'لا يمكن تغيير رابط المتجر بعد اختياره', en: 'The store URL cannot change once chosen' },
  industry_unknown: { ar: 'النشاط المختار غير موجود', en: 'The chosen industry does not exist' },
  onboarding_order: { ar: 'أكمل الخطوة السابقة أولًا', en: 'Complete the previous step first' },
  onboarding_skipped: { ar: 'تم تخطي الإعداد، يمكنك إكماله لاحقًا من الإعدادات', en: 'Setup skipped, you can finish it later in settings' },
  saved: { ar: 'تم الحفظ بنجاح', en: 'Saved successfully' },
  // Roles, users, invitations, impersonation (modules/access).
  user_is_pos: { ar: 'حسابات نقاط البيع لا يمكن تحويلها', en: 'POS accounts cannot be converted' },
  transfer_target_invalid: { ar: 'تنتقل الملكية إلى حساب موظف نشط فقط', en: 'Ownership can only go to an active staff account' },
  invitation_already_accepted: { ar: 'تم قبول هذه الدعوة مسبقًا', en: 'This invitation has already been accepted' },
  passcode_pos_only: { ar: 'رمز الدخول لحسابات نقاط البيع فقط', en: 'Only POS accounts have a passcode' },
  role_owner_reserved: { ar: 'دور المالك لمالك الحساب فقط', en: 'The owner role belongs to the account owner only' },
  permissions_not_held: { ar: 'يمكنك منح الصلاحيات التي تملكها فقط', en: 'You can only grant permissions you hold yourself' },
  ownership_changed: { ar: 'تغيّرت ملكية الحساب للتو، حدّث الصفحة', en: 'Ownership has just changed, refresh the page' },
  // Branches, teams, supervisors, plugins (modules/branches, modules/plugins).
  plugin_pos_name: { ar: 'نقاط البيع', en: 'Point of sale' },
  plugin_pos_description: { ar: 'الكاشير وأجهزة نقاط البيع وحسابات الكاشير وجلسات البيع', en: 'The cashier, POS devices, cashier accounts and sales sessions' },
  plugin_commission_name: { ar: 'العمولات', en: 'Commissions' },
  plugin_commission_description: { ar: 'احسب عمولات مقدمي الخدمة على الخدمات والمبيعات', en: 'Calculate provider commissions on services and sales' },
  plugin_packages_name: { ar: 'الباقات', en: 'Packages' },
  plugin_packages_description: { ar: 'بيع باقات خدمات يستخدمها العميل على عدة زيارات', en: 'Sell service packages customers use over several visits' },
  plugin_boundaries_name: { ar: 'نطاقات التوصيل', en: 'Delivery zones' },
  plugin_boundaries_description: { ar: 'ارسم على الخريطة المناطق التي تصلها خدماتك المنزلية', en: 'Draw on a map the areas your home services reach' },
  // Catalogue: categories, services, products, packages (modules/catalogue).
  category_in_use: { ar: 'لا يمكن حذف تصنيف مستخدم في خدمات أو منتجات، انقلها إلى تصنيف آخر أولًا', en: 'A category used by services or products cannot be deleted, move them to another category first' },
  service_in_use: { ar: 'لا يمكن حذف خدمة ضمن باقة، أزلها من الباقة أولًا', en: 'A service included in a package cannot be deleted, remove it from the package first' },
  assignment_updated: { ar: 'تم تحديث تعيين مقدمي الخدمة', en: 'Provider assignment updated' },
  reordered: { ar: 'تم حفظ الترتيب', en: 'Order saved' },
  images_uploaded: { ar: 'تم رفع الصور', en: 'Images uploaded' },
  main_image_set: { ar: 'تم تعيين الصورة الرئيسية', en: 'Main image set' },
  // Providers and customers (modules/providers, modules/customers).
  provider_user_linked: { ar: 'هذا الحساب مرتبط بمقدم خدمة آخر', en: 'This account is already linked to another provider' },
  provider_user_pos: { ar: 'حسابات نقاط البيع لا ترتبط بمقدم خدمة', en: 'POS accounts cannot be linked to a provider' },
  customer_blocked: { ar: 'تم حظر العميل', en: 'Customer blocked' },
  customer_unblocked: { ar: 'تم إلغاء حظر العميل', en: 'Customer unblocked' },
  attachment_uploaded: { ar: 'تم رفع المرفق', en: 'Attachment uploaded' },
  // Business settings: general, taxes, tags, reasons, custom fields, labels, payments, expenses (modules/settings).
  expense_type_in_use: { ar: 'لا يمكن الحذف (مستخدم في المصروفات)', en: 'Cannot delete (used in expenses)' },
  payment_method_needs_app: { ar: 'طريقة الدفع تحتاج إلى تطبيق دفع مفعّل واحد على الأقل', en: 'A payment method needs at least one activated app' },
  settings_saved: { ar: 'تم حفظ الإعدادات', en: 'Settings saved' },
  status_label_reset: { ar: 'أُعيدت التسمية الافتراضية', en: 'The default label is back' },
  // Import (modules/import).
  import_done: { ar: 'تم استيراد {count} صف', en: '{count} rows imported' },
  import_invalid: { ar: 'في الملف {count} خطأ، ولم يُستورد شيء. صحّح الأخطاء وأعد الرفع', en: 'The file has {count} errors; nothing was imported. Fix them and upload again' },
  import_column_unknown: { ar: 'عمود غير معروف، استخدم أعمدة الملف النموذجي', en: 'Unknown column; use the sample file columns' },
  import_column_repeated: { ar: 'هذا العمود مكرر', en: 'This column appears twice' },
  import_column_missing: { ar: 'هذا العمود المطلوب غير موجود', en: 'This required column is missing' },
  import_repeated: { ar: 'مكرر في الصف {row}', en: 'Repeated in row {row}' },
  import_service_unknown: { ar: 'لا توجد خدمة باسم «{name}»', en: 'No service named “{name}”' },
  import_service_repeated: { ar: 'الخدمة «{name}» مذكورة مرتين', en: 'The service “{name}” is listed twice' },
  import_unreadable: { ar: 'تعذرت قراءة الملف، احفظه من جديد بصيغة xlsx أو csv', en: 'The file cannot be read; save it again as xlsx or csv' },
  import_empty: { ar: 'الملف لا يحتوي على صفوف بيانات', en: 'The file has no data rows' },
  import_too_many_rows: { ar: 'الحد الأقصى {max} صف في الملف الواحد', en: 'At most {max} rows per file' },
  import_unpacked_too_large: { ar: 'محتوى الملف بعد فك ضغطه أكبر من المسموح (الحد {max} ميغابايت)', en: 'The file unpacks to too much data (limit {max} MB)' },
  // Outgoing messages.
  sms_otp: { ar: 'رمز التحقق الخاص بك في خدمة: {code}. صالح لمدة {minutes} دقائق.', en: 'Your Khidma verification code is {code}. Valid for {minutes} minutes.' },
  mail_verify_subject: { ar: 'فعّل بريدك الإلكتروني في خدمة', en: 'Activate your Khidma e-mail' },
  mail_verify_body: {
    ar: 'مرحبًا {name}،\n\nلتفعيل بريدك الإلكتروني افتح الرابط التالي:\n{link}\n\nالرابط صالح لمدة 24 ساعة.',
    en: 'Hello {name},\n\nTo activate your e-mail, open this link:\n{link}\n\nThe link is valid for 24 hours.',
  },
  mail_reset_subject: { ar: 'إعادة تعيين كلمة المرور', en: 'Reset your password' },
  mail_reset_body: {
    ar: 'مرحبًا {name}،\n\nلإعادة تعيين كلمة المرور افتح الرابط التالي:\n{link}\n\nالرابط صالح لمدة 60 دقيقة. إن لم تطلب ذلك فتجاهل هذه الرسالة.',
    en: 'Hello {name},\n\nTo reset your password, open this link:\n{link}\n\nThe link is valid for 60 minutes. If you did not ask for it, ignore this message.',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function t(key: MessageKey, locale: Locale, params?: Record<string, unknown>): string {
  return formatMessage(MESSAGES[key][locale], params);
}

/** Picks `ar` or `en` from an Accept-Language header; Arabic when neither is asked for. */
export function pickLocale(header: string | undefined): Locale {
  if (!header) return 'ar';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.find((r) => r.trim().startsWith('q='));
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((x) => x.lang === 'ar' || x.lang === 'en')
    .sort((a, b) => b.q - a.q);
  return (ranked[0]?.lang as Locale | undefined) ?? 'ar';
}
